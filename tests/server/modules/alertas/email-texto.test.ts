import { describe, expect, it } from 'vitest';
import {
  composeMensagem,
  type NotificacaoEmail,
} from '../../../../server/modules/alertas/email-texto';

/** Issue 31: the alert e-mails in Portuguese, plain text and HTML saying the same, HTML escaped. */
const base: NotificacaoEmail = {
  titulo: 'PETR4 atingiu o alvo de R$ 10,00 (cotação R$ 10,10) — Ana <Alvo> & Cia.',
  tipo: 'alvo',
  motivo: 'disparo',
  critico: false,
  criada_em: '2026-03-02T13:05:00.000Z',
  cliente_nome: 'Ana <Alvo> & Cia',
  ticker: 'PETR4',
};

describe('alert e-mails', () => {
  it('one notification: its title as the subject, its details in text and HTML', () => {
    const m = composeMensagem([base]);
    expect(m.subject).toBe(
      '[Carteira RV] PETR4 atingiu o alvo de R$ 10,00 (cotação R$ 10,10) — Ana <Alvo> & Cia.',
    );
    expect(m.text).toContain(
      'Tipo: Alvo atingido\nSituação: disparou\nQuando: 02/03/2026 10:05:00 (horário de Brasília)',
    );
    expect(m.text).toContain('Cliente: Ana <Alvo> & Cia\nAção: PETR4');
    expect(m.html).toContain(
      '<strong>PETR4 atingiu o alvo de R$ 10,00 (cotação R$ 10,10) — Ana &lt;Alvo&gt; &amp; Cia.</strong>',
    );
    expect(m.html).not.toContain('<Alvo>');
    expect(m.html).toContain('lang="pt-BR"');
  });

  it('several of one type that waited the minute: one message naming how many, critical when one is', () => {
    const m = composeMensagem([
      { ...base, tipo: 'ordem_em_duvida', critico: true, titulo: 'Primeira' },
      { ...base, tipo: 'ordem_em_duvida', critico: true, motivo: 'repeticao', titulo: 'Segunda' },
    ]);
    expect(m.subject).toBe('[Carteira RV] CRÍTICO: 2 alertas de Ordem em dúvida');
    expect(m.text.indexOf('Primeira')).toBeLessThan(m.text.indexOf('Segunda'));
    expect(m.text).toContain('Situação: continua disparado');
    expect(m.html.match(/<strong>/g)).toHaveLength(3);
  });

  it('a long title is cut in the subject, whole in the body', () => {
    const titulo = `Divergência ${'x'.repeat(300)}`;
    const m = composeMensagem([{ ...base, titulo }]);
    expect(m.subject.length).toBeLessThanOrEqual(180);
    expect(m.subject.endsWith('…')).toBe(true);
    expect(m.text).toContain(titulo);
  });
});
