import fs from 'node:fs';
import type { Browser, CDPSession, Page } from 'playwright-core';

/**
 * The scroll's Chromium trace, always: each task of the page's main thread with its CPU time (`tdur`), which a
 * busy machine does not inflate as it does the wall time the Long Tasks API reports (on this shared 2-core
 * machine, a 15 ms task often took 100 ms of wall time).
 *
 * `PAINEL_SCROLL_PERFIL=DIR npm run bench -- painel-scroll`: the scroll also under Chromium's sampling profiler
 * (CDP `Profiler`, an unminified build so that the functions keep their names), the profile and a fuller trace
 * written to DIR, and a summary printed: where the main thread's time went (script by function and by module,
 * style, layout, paint, garbage collection) and each long task's own split. This is how the costs of issue 34's
 * rough edge 7 were told apart.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event: what a busy machine does not inflate. */
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string };
}

export const perfilDir = process.env.PAINEL_SCROLL_PERFIL;

/** The trace, and with PAINEL_SCROLL_PERFIL the profiler, started. */
export async function comecarMedida(browser: Browser, page: Page): Promise<CDPSession | undefined> {
  if (!perfilDir) {
    await browser.startTracing(page, { categories: ['disabled-by-default-devtools.timeline'] });
    return undefined;
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
  });
  await cdp.send('Profiler.start');
  return cdp;
}

/** The main thread's tasks over 50 ms of CPU time, and the longest (ms); the profiler's own start left out. */
function porCpu(events: TraceEvent[]): { acima: number; maior: number } {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const doPerfil = events.filter((e) => e.name === 'CpuProfiler::StartProfiling').map((e) => e.ts);
  const cpu = events
    .filter(
      (e) =>
        e.pid === main?.pid &&
        e.tid === main?.tid &&
        e.name === 'RunTask' &&
        !doPerfil.some((ts) => ts >= e.ts && ts <= e.ts + (e.dur ?? 0)),
    )
    .map((e) => (e.tdur ?? 0) / 1000);
  return { acima: cpu.filter((t) => t > 50).length, maior: Math.max(0, ...cpu) };
}

const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
const modulo = (url: string) =>
  url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') || '(native)';

/** Self time by function and by module (µs), from the sampled profile. */
function resumirCpu(profile: Profile): void {
  const porNo = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const porFuncao = new Map<string, number>();
  const porModulo = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = porNo.get(id)!.callFrame;
    const chave = `${functionName || '(anonymous)'} ${modulo(url)}:${lineNumber + 1}`;
    porFuncao.set(chave, (porFuncao.get(chave) ?? 0) + us);
    porModulo.set(modulo(url), (porModulo.get(modulo(url)) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  console.log('CPU profile, self time by module:');
  for (const [k, us] of top(porModulo, 12)) console.log(`  ${ms(us).padStart(8)}  ${k}`);
  console.log('CPU profile, self time by function:');
  for (const [k, us] of top(porFuncao, 30)) console.log(`  ${ms(us).padStart(8)}  ${k}`);
}

/** The renderer's main thread: the time of each kind of work, and each long task's split. */
function resumirTrace(events: TraceEvent[]): void {
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (!main) return;
  const doMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const tipos = [
    'FunctionCall',
    'EventDispatch',
    'TimerFire',
    'FireAnimationFrame',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'MajorGC',
    'MinorGC',
    'V8.GC_SCAVENGER',
    'ParseHTML',
  ];
  const total = new Map<string, number>();
  for (const e of doMain)
    if (tipos.includes(e.name)) total.set(e.name, (total.get(e.name) ?? 0) + (e.dur ?? 0));
  console.log('Trace, main thread (nested events counted in each):');
  for (const [k, us] of [...total].sort((a, b) => b[1] - a[1]))
    console.log(`  ${ms(us).padStart(8)}  ${k}`);
  // The profiler's own start (CpuProfiler::StartProfiling, a second or more) is no task of the page.
  const doPerfil = new Set(
    events.filter((e) => e.name === 'CpuProfiler::StartProfiling').map((e) => e.ts),
  );
  const tarefas = doMain.filter(
    (e) =>
      e.name === 'RunTask' &&
      (e.dur ?? 0) > 50_000 &&
      ![...doPerfil].some((ts) => ts >= e.ts && ts <= e.ts + (e.dur ?? 0)),
  );
  const cpu = tarefas.map((e) => e.tdur ?? 0);
  // A task's wall time counts the time other processes had the core; its thread time does not.
  console.log(
    `Trace: ${tarefas.length} task(s) over 50 ms of wall time (the profiler's start left out); of these, ` +
      `${cpu.filter((t) => t > 50_000).length} over 50 ms of the main thread's CPU time, the longest ` +
      `${ms(Math.max(0, ...cpu))}`,
  );
  for (const t of tarefas.slice(0, 15)) {
    const dentro = doMain.filter(
      (e) => e.ts >= t.ts && e.ts + (e.dur ?? 0) <= t.ts + t.dur! && tipos.includes(e.name),
    );
    const partes = new Map<string, number>();
    for (const e of dentro) partes.set(e.name, (partes.get(e.name) ?? 0) + (e.dur ?? 0));
    console.log(
      `  ${ms(t.dur!)} (CPU ${ms(t.tdur ?? 0)}): ` +
        [...partes].map(([k, us]) => `${k} ${ms(us)}`).join(', '),
    );
  }
}

export async function terminarMedida(
  browser: Browser,
  cdp: CDPSession | undefined,
): Promise<{ acima: number; maior: number } | undefined> {
  const perfil = cdp
    ? ((await cdp.send('Profiler.stop')) as unknown as { profile: Profile }).profile
    : undefined;
  const trace = await browser.stopTracing();
  // Node reads no string over 512 MiB: a page that works that much more leaves its CPU view out.
  if (trace.length > 400 * 2 ** 20) return undefined;
  const events = (JSON.parse(trace.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  if (perfil && perfilDir) escreverPerfil(perfil, trace, events, perfilDir);
  return porCpu(events);
}

function escreverPerfil(profile: Profile, trace: Buffer, events: TraceEvent[], dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(`${dir}/painel-scroll.cpuprofile`, JSON.stringify(profile));
  fs.writeFileSync(`${dir}/painel-scroll.trace.json`, trace);
  resumirCpu(profile);
  resumirTrace(events);
  console.log(
    `profile and trace written to ${dir} (open them in Chromium's DevTools, Performance)`,
  );
}
