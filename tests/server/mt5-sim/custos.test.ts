import { describe, expect, it } from 'vitest';
import { SimTerminal } from '../../../server/mt5-sim';

/** The simulator reports each deal's commission and fee as MT5 does: negative, for a charge (issue 29). */
const limite = (client_order_id: string, volume: number, price: number) => ({
  client_order_id,
  symbol: 'ITUB4',
  side: 'buy' as const,
  volume,
  type: 'limit' as const,
  price,
  comment: '',
});

describe('MT5 agent simulator: the costs of each deal', () => {
  it('charges no commission and a fee of 0.005 % of the deal by default', () => {
    const t = new SimTerminal();
    t.setPrice('ITUB4', 30);
    const { ticket } = t.placeOrder(limite('default-1', 100, 31));
    // 100 × 30.01 = 3,001.00: 0.15005 → R$ 0.15.
    expect(t.order(ticket!)!.deals).toEqual([
      {
        ticket: expect.any(Number) as number,
        volume: 100,
        price: 30.01,
        commission: 0,
        fee: -0.15,
      },
    ]);
  });

  it('reports one deal per fill, each with the configured commission and its own fee', () => {
    const t = new SimTerminal({ commission: 2.5, feePercent: 0.01 });
    t.setPrice('ITUB4', 30);
    const { ticket } = t.placeOrder(limite('parts-1', 500, 29.5));
    expect(t.order(ticket!)).toMatchObject({ state: 'placed', deals: [] });
    t.fillPart(ticket!, 200);
    t.fillPart(ticket!, 300);
    const info = t.order(ticket!)!;
    expect(info).toMatchObject({ state: 'filled', volume_filled: 500, price_avg: 29.5 });
    // 200 × 29.50 = 5,900.00 → 0.59; 300 × 29.50 = 8,850.00 → 0.885 → 0.89 (0.01 %).
    expect(info.deals!.map(({ volume, commission, fee }) => [volume, commission, fee])).toEqual([
      [200, -2.5, -0.59],
      [300, -2.5, -0.89],
    ]);
    expect(new Set(info.deals!.map((d) => d.ticket)).size).toBe(2);
  });

  it('answers without deals when told to speak as an older agent', () => {
    const t = new SimTerminal();
    t.reportsDeals = false;
    t.setPrice('ITUB4', 30);
    const { ticket } = t.placeOrder(limite('old-1', 100, 31));
    expect(t.order(ticket!)).toMatchObject({ state: 'filled', volume_filled: 100 });
    expect(t.order(ticket!)).not.toHaveProperty('deals');
  });
});
