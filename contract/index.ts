import { z } from 'zod';
import { acoesEndpoints } from './acoes';
import { alertasEndpoints } from './alertas';
import { auditoriaEndpoints } from './auditoria';
import { authEndpoints } from './auth';
import { carteiraEndpoints } from './carteira';
import { clientesEndpoints } from './clientes';
import { conciliacaoEndpoints } from './conciliacao';
import { cotacoesEndpoints } from './cotacoes';
import type { EndpointDef } from './endpoint';
import { euEndpoints } from './eu';
import { eventosEndpoints } from './eventos';
import { importacaoEndpoints } from './importacao';
import { inicioEndpoints } from './inicio';
import { lotesEndpoints } from './lotes';
import { modelosEndpoints } from './modelos';
import { irEndpoints } from './ir';
import { operacoesEndpoints } from './operacoes';
import { ordensEndpoints } from './ordens';
import { painelEndpoints } from './painel';
import { recomendacoesEndpoints } from './recomendacoes';
import { relatorioEndpoints } from './relatorio';
import { rentabilidadeEndpoints } from './rentabilidade';
import { sistemaEndpoints } from './sistema';
import { usuariosEndpoints } from './usuarios';

// Validation messages in Portuguese on both sides (the server's `campos`, the SPA's forms).
z.config(z.locales.pt());
z.config({
  customError: (issue) => (issue.input === undefined ? 'Campo obrigatório.' : undefined),
});

export * from './common';
export * from './endpoint';
export * from './errors';
export * from './auth';
export * from './clientes';
export * from './operacoes';
export * from './carteira';
export * from './acoes';
export * from './cotacoes';
export * from './painel';
export * from './recomendacoes';
export * from './importacao';
export * from './ordem';
export * from './ordens';
export * from './historico';
export * from './lotes';
export * from './lote-validacao';
export * from './eventos';
export * from './conciliacao';
export * from './sistema';
export * from './ir';
export * from './rentabilidade';
export * from './relatorio';
export * from './alertas';
export * from './ir-relatorios';
export * from './papeis';
export * from './usuarios';
export * from './eu';
export * from './auditoria';
export * from './modelos';
export * from './inicio';

/** The whole API, one table per domain. */
export const endpoints = {
  auth: authEndpoints,
  clientes: clientesEndpoints,
  operacoes: operacoesEndpoints,
  carteira: carteiraEndpoints,
  acoes: acoesEndpoints,
  cotacoes: cotacoesEndpoints,
  painel: painelEndpoints,
  recomendacoes: recomendacoesEndpoints,
  importacao: importacaoEndpoints,
  ordens: ordensEndpoints,
  lotes: lotesEndpoints,
  eventos: eventosEndpoints,
  conciliacao: conciliacaoEndpoints,
  sistema: sistemaEndpoints,
  ir: irEndpoints,
  rentabilidade: rentabilidadeEndpoints,
  relatorio: relatorioEndpoints,
  alertas: alertasEndpoints,
  usuarios: usuariosEndpoints,
  eu: euEndpoints,
  auditoria: auditoriaEndpoints,
  modelos: modelosEndpoints,
  inicio: inicioEndpoints,
} as const;

/** Every endpoint of the API, for what treats them alike (the OpenAPI check, the fuzz test, the mocks' check). */
export const allEndpoints: readonly EndpointDef[] = Object.values(endpoints).flatMap((table) =>
  Object.values(table),
);
