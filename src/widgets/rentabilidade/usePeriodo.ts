import { useState } from 'react';
import { formatDate } from '../../../shared/format';
import type { PeriodoConsulta } from '../../api/rentabilidade';
import {
  PERIODO_INICIAL,
  consultaDaEscolha,
  type Escolha,
  type Periodo,
} from './rentabilidade-state';

const INICIAL: Escolha = { periodo: PERIODO_INICIAL, de: '', ate: '' };

/**
 * The period chosen and the one asked for: a custom period being typed keeps the last valid one on screen until
 * both of its dates are valid. Switching to Personalizado starts from the dates measured so far.
 */
export function usePeriodo(hoje: string) {
  const [escolha, setEscolha] = useState<Escolha>(INICIAL);
  const [consulta, setConsulta] = useState<PeriodoConsulta>(
    () => consultaDaEscolha(INICIAL, hoje).consulta ?? {},
  );
  const change = (nova: Escolha) => {
    setEscolha(nova);
    const r = consultaDaEscolha(nova, hoje);
    if (r.consulta) setConsulta(r.consulta);
  };
  return {
    escolha,
    consulta,
    erros: consultaDaEscolha(escolha, hoje).erros,
    /** `medido`: the period on screen, whose dates Personalizado starts from. */
    onPeriodo: (periodo: Periodo, medido?: { de: string; ate: string }) =>
      change(
        periodo === 'personalizado' && escolha.periodo !== 'personalizado'
          ? {
              periodo,
              de: medido ? formatDate(medido.de) : '',
              ate: formatDate(medido?.ate ?? hoje),
            }
          : { ...escolha, periodo },
      ),
    onDatas: (datas: { de: string; ate: string }) => change({ ...escolha, ...datas }),
  };
}
