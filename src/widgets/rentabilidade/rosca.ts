/**
 * The allocation's donut in plain SVG (no chart library for a ring): each slice's path in a box from −1 to 1,
 * clockwise from the top, the largest slices first and the rest summed as 'Outros'. Pure
 * (tests/src/widgets/rentabilidade/rosca.test.ts).
 */

export interface ItemDaRosca {
  nome: string;
  valor: number;
  /** Its share of the whole, 0 to 1. */
  peso: number;
}

export interface Fatia extends ItemDaRosca {
  cor: string;
  /** The slice's outline (SVG path data), drawn with fill-rule evenodd. */
  d: string;
}

/** Distinct at a glance and readable on white; the product's gold first. */
export const CORES_DA_ROSCA = [
  '#b7791f',
  '#2b6cb0',
  '#2f855a',
  '#c53030',
  '#6b46c1',
  '#dd6b20',
  '#319795',
] as const;
const COR_OUTROS = '#718096';

/** How many slices are drawn; past that, the smallest are one slice, 'Outros'. */
export const MAX_FATIAS = CORES_DA_ROSCA.length + 1;

/** The ring's inner radius, as a fraction of the outer one (1). */
export const RAIO_INTERNO = 0.6;

const num = (n: number) => Number(n.toFixed(4)).toString();
const ponto = (angulo: number, raio: number) =>
  `${num(raio * Math.cos(angulo))} ${num(raio * Math.sin(angulo))}`;

/** A whole ring: two half circles out, two back in (one arc cannot draw a full circle). */
function anel(): string {
  const circulo = (r: number, horario: 0 | 1) =>
    `M ${num(0)} ${num(-r)} A ${r} ${r} 0 1 ${horario} ${num(0)} ${num(r)} ` +
    `A ${r} ${r} 0 1 ${horario} ${num(0)} ${num(-r)} Z`;
  return `${circulo(1, 1)} ${circulo(RAIO_INTERNO, 0)}`;
}

/** The ring's part from angle `a0` to `a1` (radians, clockwise from the top). */
function setor(a0: number, a1: number): string {
  const [i, f] = [a0 - Math.PI / 2, a1 - Math.PI / 2];
  const grande = a1 - a0 > Math.PI ? 1 : 0;
  const r = RAIO_INTERNO;
  return (
    `M ${ponto(i, 1)} A 1 1 0 ${grande} 1 ${ponto(f, 1)} ` +
    `L ${ponto(f, r)} A ${r} ${r} 0 ${grande} 0 ${ponto(i, r)} Z`
  );
}

/** The items kept as they are and the rest as 'Outros', largest first. */
export function groupFatias(itens: readonly ItemDaRosca[]): ItemDaRosca[] {
  const positivos = itens.filter((i) => i.peso > 0).sort((a, b) => b.peso - a.peso);
  if (positivos.length <= MAX_FATIAS) return positivos;
  const resto = positivos.slice(MAX_FATIAS - 1);
  return [
    ...positivos.slice(0, MAX_FATIAS - 1),
    {
      nome: 'Outros',
      valor: resto.reduce((s, i) => s + i.valor, 0),
      peso: resto.reduce((s, i) => s + i.peso, 0),
    },
  ];
}

/** Every slice with its colour and outline; the weights are scaled to a whole ring. */
export function fatiasDaRosca(itens: readonly ItemDaRosca[]): Fatia[] {
  const grupos = groupFatias(itens);
  const total = grupos.reduce((s, i) => s + i.peso, 0);
  let angulo = 0;
  return grupos.map((item, k) => {
    const cor = item.nome === 'Outros' && k === MAX_FATIAS - 1 ? COR_OUTROS : CORES_DA_ROSCA[k]!;
    const abertura = (item.peso / total) * 2 * Math.PI;
    const inicio = angulo;
    angulo += abertura;
    const d = grupos.length === 1 ? anel() : setor(inicio, angulo);
    return { ...item, cor, d };
  });
}
