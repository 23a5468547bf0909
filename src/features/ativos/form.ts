import { z } from 'zod';
import {
  AcaoInputSchema,
  TickerParam,
  tickerFracionario,
  type Acao,
  type AcaoInput,
} from '../../../contract';

/** XXXX3F, XXXX11F: the fractional market's symbol of an asset already named without the F. */
const isFracionario = (ticker: string) => /^[A-Z]{4}\d{1,2}F$/.test(ticker);

/**
 * The asset's fields become the PUT's ticker and body, checked by the contract's schemas (their messages under
 * the fields). The ticker is typed only for a new asset, in capitals.
 */
export const ativoFormSchema = z
  .object({
    ticker: z.string(),
    empresa: z.string(),
    setor: z.string(),
    classe: z.string(),
  })
  .transform((v, ctx): { ticker: string; body: AcaoInput } => {
    const ticker = v.ticker.trim().toUpperCase();
    const parsedTicker = TickerParam.safeParse(ticker);
    if (!parsedTicker.success) {
      ctx.addIssue({
        code: 'custom',
        path: ['ticker'],
        message: parsedTicker.error.issues[0]!.message,
      });
    } else if (isFracionario(ticker)) {
      ctx.addIssue({ code: 'custom', path: ['ticker'], message: tickerFracionario(ticker) });
    }
    const body = AcaoInputSchema.safeParse({
      empresa: v.empresa.trim(),
      setor: v.setor.trim(),
      classe: v.classe === '' ? undefined : v.classe,
    });
    for (const issue of body.error?.issues ?? []) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    if (!body.success || !parsedTicker.success || isFracionario(ticker)) return z.NEVER;
    return { ticker, body: body.data };
  });

export type AtivoFormValues = z.input<typeof ativoFormSchema>;
export const ATIVO_FORM_FIELDS = [
  'ticker',
  'empresa',
  'setor',
  'classe',
] as const satisfies readonly (keyof AtivoFormValues)[];

export function valoresIniciais(acao: Acao | null): AtivoFormValues {
  return {
    ticker: acao?.ticker ?? '',
    empresa: acao?.empresa ?? '',
    setor: acao?.setor ?? '',
    // An answer recorded before the class existed: an Ação (contract/acoes.ts).
    classe: acao ? (acao.classe ?? 'acao') : '',
  };
}

/** The assets shown: those of the class chosen whose ticker or company holds the text typed. */
export function filtrarAtivos(acoes: readonly Acao[], busca: string, classe: string): Acao[] {
  const texto = busca.trim().toLocaleLowerCase('pt-BR');
  return acoes.filter(
    (a) =>
      (classe === '' || (a.classe ?? 'acao') === classe) &&
      (texto === '' ||
        a.ticker.toLocaleLowerCase('pt-BR').includes(texto) ||
        (a.empresa ?? '').toLocaleLowerCase('pt-BR').includes(texto)),
  );
}
