import { z } from 'zod';

/**
 * Roles (issue 32). Every endpoint of the table declares which roles may call it (`permissao`); the server refuses
 * the others with 403 and `recusaDoPapel`, the SPA hides what the user's role may not do, /api/docs lists them.
 */
export const PAPEIS = ['admin', 'operador', 'assessor', 'leitura'] as const;
export const PapelSchema = z.enum(PAPEIS, 'Escolha admin, operador, assessor ou leitura.');
export type Papel = z.infer<typeof PapelSchema>;

/** How the screens name each role. */
export const PAPEL_NOME: Record<Papel, string> = {
  admin: 'Administrador',
  operador: 'Operador',
  assessor: 'Assessor',
  leitura: 'Leitura',
};

/** Who may call an endpoint, and what the others are told they cannot do ("O papel leitura não pode …"). */
export interface Permissao {
  readonly papeis: readonly Papel[];
  /** What the endpoint does, as a verb phrase completing "O papel X não pode …". */
  readonly acao: string;
}

const permissao = (acao: string, ...papeis: Papel[]): Permissao => ({ acao, papeis });
const TODOS = PAPEIS;
const EDITAM = ['admin', 'operador', 'assessor'] as const;
const OPERAM = ['admin', 'operador'] as const;

/**
 * The permissions, one per kind of act in the table: `admin` everything and users; `operador` everything
 * but users; `assessor` reads, edits clients and manual operations, recommendations, alerts, exports (no MT5
 * order, lote, cancel, resolve, import or corporate event); `leitura` reads and exports. Exports are built in
 * the browser from what the reads answer, so reading is exporting.
 */
export const PERMISSOES = {
  /** The routes answered without a token (the login, liveness). */
  publico: permissao('acessar a API', ...TODOS),
  consulta: permissao('consultar dados', ...TODOS),
  /** One's own account, session, notifications and preferences: every role has one. */
  contaPropria: permissao('usar a própria conta', ...TODOS),
  clientes: permissao('cadastrar, alterar ou excluir clientes', ...EDITAM),
  operacoes: permissao('lançar, alterar ou excluir operações', ...EDITAM),
  /** A client's income-tax data typed by hand (opening carries, sales made elsewhere): manual client data. */
  impostoDeRenda: permissao('alterar os dados de imposto de renda dos clientes', ...EDITAM),
  recomendacoes: permissao('atualizar as recomendações', ...EDITAM),
  /** Model portfolios (issue 33) are advice, like recommendations; rebalancing them sends lotes (`lotes`). */
  modelos: permissao('cadastrar, alterar ou excluir modelos de carteira', ...EDITAM),
  alertas: permissao('tratar alertas ou regras de preço', ...EDITAM),
  ordensMt5: permissao('enviar ordens ao MT5', ...OPERAM),
  lotes: permissao('validar, enviar ou cancelar lotes', ...OPERAM),
  cancelamento: permissao('cancelar ordens', ...OPERAM),
  resolucao: permissao('resolver ordens em dúvida', ...OPERAM),
  importacao: permissao('importar planilhas', ...OPERAM),
  eventos: permissao('lançar, alterar ou excluir eventos corporativos', ...OPERAM),
  ativos: permissao('alterar ativos', ...OPERAM),
  usuarios: permissao('administrar usuários', 'admin'),
  auditoria: permissao('consultar a auditoria', 'admin'),
} as const satisfies Record<string, Permissao>;

/** The 403 a role gets for an endpoint it may not call. */
export const recusaDoPapel = (papel: Papel, p: Permissao): string =>
  `O papel ${papel} não pode ${p.acao}.`;

/** Whether `papel` may call an endpoint (the SPA hides what it may not). */
export const papelPode = (papel: Papel, e: { readonly permissao: Permissao }): boolean =>
  e.permissao.papeis.includes(papel);

/**
 * A session's reach. `completo`: what the role may. `trocar_senha`: logged in with a temporary password, only
 * POST eu/senha/. `inscrever_2fa`: a role EXIGIR_2FA names, without a second factor yet: only one's account and
 * the enrolment. Each endpoint names the restricted sessions it also answers (`escopos`).
 */
export const ESCOPOS = ['completo', 'trocar_senha', 'inscrever_2fa'] as const;
export const EscopoSchema = z.enum(ESCOPOS);
export type Escopo = z.infer<typeof EscopoSchema>;
export type EscopoRestrito = Exclude<Escopo, 'completo'>;

export const SENHA_TEMPORARIA =
  'Sua senha é temporária: troque-a (POST /api/eu/senha/) antes de continuar.';
export const exige2fa = (papel: Papel): string =>
  `O papel ${papel} exige o segundo fator: ative-o em Minha conta (POST /api/eu/2fa/) antes de continuar.`;

/** The 403 of a restricted session for an endpoint it does not reach. */
export const recusaDoEscopo = (escopo: EscopoRestrito, papel: Papel): string =>
  escopo === 'trocar_senha' ? SENHA_TEMPORARIA : exige2fa(papel);

/** Whether a session of `escopo` reaches an endpoint (its role aside). */
export const escopoAlcanca = (
  escopo: Escopo,
  e: { readonly escopos?: readonly EscopoRestrito[] },
): boolean => escopo === 'completo' || (e.escopos?.includes(escopo) ?? false);
