/**
 * A browser's User-Agent as a person names it ("Chrome 126 · Windows"): the sessions' list shows this, the whole
 * text in the cell's title. What it cannot tell stays as sent, cut to a readable length.
 */

const NAVEGADORES: ReadonlyArray<[RegExp, string]> = [
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/FxiOS\/(\d+)/, 'Firefox'],
  [/CriOS\/(\d+)/, 'Chrome'],
  [/HeadlessChrome\/(\d+)/, 'Chrome'],
  [/Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
];

const SISTEMAS: ReadonlyArray<[RegExp, string]> = [
  [/Windows/, 'Windows'],
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

const MAXIMO = 40;

export function nomeDoNavegador(userAgent: string | null): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return 'Desconhecido';
  const navegador = NAVEGADORES.map(([re, nome]) => [re.exec(ua), nome] as const).find(([m]) => m);
  const sistema = SISTEMAS.find(([re]) => re.test(ua))?.[1];
  if (!navegador) return ua.length > MAXIMO ? `${ua.slice(0, MAXIMO - 1)}…` : ua;
  const [match, nome] = navegador;
  // A browser driven by a program (a test, a script) says so: it is seldom a person.
  const automatizado = /HeadlessChrome/.test(ua) ? ' (automatizado)' : '';
  const partes = [`${nome} ${match![1]}${automatizado}`, sistema].filter(Boolean);
  return partes.join(' · ');
}
