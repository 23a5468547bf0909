import { describe, expect, it } from 'vitest';
import {
  adjustSerie,
  type BarraArmazenada,
  type EventoDeAcoes,
} from '../../../../server/lib/precos/ajuste';

/** A bar whose four prices are the same (enough to follow them), as a source stored it. */
const barra = (
  data: string,
  preco: string,
  volume: number,
  ajustado_ate: string | null = null,
): BarraArmazenada => ({
  data,
  abertura: preco,
  maxima: preco,
  minima: preco,
  fechamento: preco,
  volume,
  ajustado_ate,
});

const fechamentos = (barras: BarraArmazenada[], eventos: EventoDeAcoes[]) =>
  adjustSerie(barras, eventos).map((b) => [b.data, b.fechamento, b.volume]);

describe('the adjusted price series', () => {
  it('a 1:2 split divides every price before data_ex by 2 and multiplies the volume, from data_ex on nothing', () => {
    const bruta = [
      barra('2024-03-01', '20.0000', 1000),
      barra('2024-03-04', '20.5000', 1500),
      barra('2024-03-05', '10.3000', 3100),
      barra('2024-03-06', '10.4000', 2900),
    ];
    expect(fechamentos(bruta, [{ data_ex: '2024-03-05', fator: '2' }])).toEqual([
      ['2024-03-01', '10.0000', 2000],
      ['2024-03-04', '10.2500', 3000],
      ['2024-03-05', '10.3000', 3100],
      ['2024-03-06', '10.4000', 2900],
    ]);
    const [primeira] = adjustSerie(bruta, [{ data_ex: '2024-03-05', fator: '2' }]);
    expect(primeira).toEqual({
      data: '2024-03-01',
      abertura: '10.0000',
      maxima: '10.0000',
      minima: '10.0000',
      fechamento: '10.0000',
      volume: 2000,
    });
  });

  it('a 10:1 reverse split multiplies earlier prices by 10 and divides their volume (to the nearest share)', () => {
    const bruta = [barra('2024-05-02', '0.4300', 1005), barra('2024-05-03', '4.3100', 99)];
    expect(fechamentos(bruta, [{ data_ex: '2024-05-03', fator: '0.1' }])).toEqual([
      ['2024-05-02', '4.3000', 101],
      ['2024-05-03', '4.3100', 99],
    ]);
  });

  it('a 10 % bonus divides earlier prices by 1.1, to the 4 places prices keep (half up)', () => {
    const bruta = [barra('2024-06-10', '22.0000', 100), barra('2024-06-11', '20.0000', 100)];
    expect(fechamentos(bruta, [{ data_ex: '2024-06-11', fator: '1.1' }])).toEqual([
      ['2024-06-10', '20.0000', 110],
      ['2024-06-11', '20.0000', 100],
    ]);
    // 19.99 / 1.1 = 18.172727… → 18.1727
    expect(
      fechamentos([barra('2024-06-10', '19.9900', 7)], [{ data_ex: '2024-06-11', fator: '1.1' }]),
    ).toEqual([['2024-06-10', '18.1727', 8]]);
  });

  it('two events in a row compound for the bars before both, and only the later one applies between them', () => {
    const eventos = [
      { data_ex: '2024-09-02', fator: '0.5' }, // 2:1 reverse split, listed out of order on purpose
      { data_ex: '2024-03-01', fator: '3' }, // 1:3 split
    ];
    const bruta = [
      barra('2024-02-29', '30.0000', 100),
      barra('2024-03-01', '10.0000', 300),
      barra('2024-08-30', '12.0000', 300),
      barra('2024-09-02', '24.0000', 150),
    ];
    // Before both: ÷ (3 × 0.5) = ÷ 1.5; between them: ÷ 0.5.
    expect(fechamentos(bruta, eventos)).toEqual([
      ['2024-02-29', '20.0000', 150],
      ['2024-03-01', '20.0000', 150],
      ['2024-08-30', '24.0000', 150],
      ['2024-09-02', '24.0000', 150],
    ]);
  });

  it('raw COTAHIST bars and already-adjusted Yahoo bars of one stock make one continuous series, never adjusted twice', () => {
    const split = [{ data_ex: '2024-03-05', fator: '2' }];
    const mista = [
      // COTAHIST, as traded before the split.
      barra('2024-02-28', '20.0000', 1000),
      barra('2024-02-29', '20.2000', 1000),
      // Yahoo, fetched on 2024-03-01 (before the split): as traded too, adjusted for nothing after that.
      barra('2024-03-01', '20.4000', 1000, '2024-03-01'),
      // Yahoo, fetched with the session of 2024-03-07 (after the split): already halved.
      barra('2024-03-04', '10.3000', 2000, '2024-03-07'),
      barra('2024-03-05', '10.4000', 2100, '2024-03-07'),
      barra('2024-03-07', '10.6000', 2200, '2024-03-07'),
      // COTAHIST again after the split, as traded.
      barra('2024-03-08', '10.7000', 2300),
    ];
    expect(fechamentos(mista, split)).toEqual([
      ['2024-02-28', '10.0000', 2000],
      ['2024-02-29', '10.1000', 2000],
      ['2024-03-01', '10.2000', 2000],
      ['2024-03-04', '10.3000', 2000],
      ['2024-03-05', '10.4000', 2100],
      ['2024-03-07', '10.6000', 2200],
      ['2024-03-08', '10.7000', 2300],
    ]);
  });

  it('the bundled history (adjusted up to its last session) is divided only by events after that session', () => {
    const demo = [
      barra('2025-10-28', '40.0000', 10, '2025-10-29'),
      barra('2025-10-29', '41.0000', 10, '2025-10-29'),
    ];
    const eventos = [
      { data_ex: '2025-06-02', fator: '2' }, // already in the data set's prices
      { data_ex: '2025-11-03', fator: '4' }, // after it was saved
    ];
    expect(fechamentos(demo, eventos)).toEqual([
      ['2025-10-28', '10.0000', 40],
      ['2025-10-29', '10.2500', 40],
    ]);
  });

  it('without events the series is the stored one', () => {
    const bruta = [barra('2024-01-02', '7.1234', 5), barra('2024-01-03', '7.5', 6)];
    expect(fechamentos(bruta, [])).toEqual([
      ['2024-01-02', '7.1234', 5],
      ['2024-01-03', '7.5000', 6],
    ]);
  });
});
