import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetCarteiraMock } from '../../../../mocks/handlers/carteira';
import { recorded } from '../../../../mocks/recorded';
import { formatDate, formatNumber } from '../../../../shared/format';
import { mesAbreviado } from '../../../../src/widgets/ir/ir-state';
import { renderApp } from '../../../support/render';

/**
 * The IR tab over the server's recorded answers (mocks/fixtures/ir-*.json, replayed by mocks/handlers/ir.ts): what
 * the real server says of its QA client's 2026 reads on the screen as it should, DARF included.
 */
beforeEach(() => resetCarteiraMock());

describe('the IR tab on the recorded answers', () => {
  it('shows the recorded year and the recorded DARF of February, which pays January too', async () => {
    const ano = recorded('ir-ano').response.body;
    const darf = recorded('ir-darf').response.body;
    const mes = darf.meses.at(-1)!;
    renderApp(`/clientes/1/carteira?aba=ir&mes=${mes}`);

    const grade = await screen.findByRole('table', { name: `IR ${ano.ano}` }, { timeout: 5000 });
    const fevereiro = ano.meses.find((m) => m.mes === mes)!;
    const linha = (
      await within(grade).findByRole('button', { name: `Ver ${mesAbreviado(mes)}` })
    ).closest('tr')!;
    expect(linha).toHaveTextContent(formatNumber(fevereiro.darf_valor));
    expect(linha).toHaveTextContent(formatDate(fevereiro.darf_vencimento));

    const regiao = await screen.findByRole('region', { name: 'DARF' });
    expect(
      await within(regiao).findByText(`R$ ${formatNumber(darf.valor_principal)}`),
    ).toBeVisible();
    expect(within(regiao).getByText(formatDate(darf.periodo_apuracao))).toBeVisible();
    expect(within(regiao).getByText(formatDate(darf.vencimento))).toBeVisible();
    expect(within(regiao).getByText(/^Paga 01\/2026 e 02\/2026\./)).toBeVisible();
    // The recorded opening carries (a day-trade loss) say the year's carries were stated.
    expect(ano.saldos_iniciais).not.toBeNull();
    expect(screen.getByText(`Saldos iniciais de ${ano.ano} informados.`)).toBeVisible();
  });
});
