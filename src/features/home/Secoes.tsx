import { Badge, HStack } from '@chakra-ui/react';
import {
  INICIO_EVENTOS_DIAS,
  INICIO_PERTO_DO_STOP_PERCENTUAL,
  TIPO_ALERTA_NOME,
  TIPO_EVENTO_NOME,
  type Inicio,
  type Mt5StatusValue,
  type PosicaoAtencao,
} from '../../../contract';
import {
  formatDate,
  formatDateTimeMinutes,
  formatInteger,
  formatMoney,
  formatPercent,
} from '../../../shared/format';
import { StatusBadge } from '../../widgets/status-mt5';
import { Item, Secao } from './Secao';

/** The portfolio's POSICIONADAS on the position, its Vender open: where a target or a stop is acted on. */
const naCarteira = (p: PosicaoAtencao) =>
  ({
    to: '/clientes/$id/carteira',
    params: { id: String(p.cliente) },
    search: { aba: 'posicionadas', vender: p.operacao },
  }) as const;

const posicao = (p: PosicaoAtencao) => `${p.ticker} — ${p.nome}`;
const acoes = (q: number | null) => (q === null ? '' : ` · ${formatInteger(q)} ações`);

export function Alvos({ alvos }: Pick<Inicio, 'alvos'>) {
  return (
    <Secao
      titulo="Alvos atingidos"
      total={alvos.total}
      vazio="Nenhuma posição atingiu o alvo."
      todos={{ link: { to: '/controle-rv' }, label: 'ver no Controle RV' }}
      itens={alvos.itens.map((p) => (
        <Item key={p.operacao} link={naCarteira(p)} titulo={posicao(p)}>
          Cotação {formatMoney(p.cotacao, 4)} · alvo {formatMoney(p.nivel, 4)} · To Gain{' '}
          {formatPercent(p.distancia_percentual)}
          {acoes(p.quantidade)}
        </Item>
      ))}
    />
  );
}

export function Stops({ stops }: Pick<Inicio, 'stops'>) {
  return (
    <Secao
      titulo="Perto do stop"
      total={stops.total}
      vazio={`Nenhuma posição a menos de ${formatInteger(INICIO_PERTO_DO_STOP_PERCENTUAL)}% do stop.`}
      todos={{ link: { to: '/alertas', search: { tipo: 'stop' } }, label: 'ver nos Alertas' }}
      itens={stops.itens.map((p) => (
        <Item key={p.operacao} link={naCarteira(p)} titulo={posicao(p)}>
          Cotação {formatMoney(p.cotacao, 4)} · stop {formatMoney(p.nivel, 4)} ·{' '}
          {p.distancia_percentual <= 0
            ? 'no stop ou abaixo'
            : `${formatPercent(p.distancia_percentual)} acima`}
          {acoes(p.quantidade)}
        </Item>
      ))}
    />
  );
}

const LADO = { compra: 'Compra', venda: 'Venda' } as const;
const ESTADO_ORDEM = { pending: 'pendente', sent: 'enviada' } as const;

const EmDuvida = () => (
  <Badge colorPalette="red" variant="subtle" ml="2">
    Em dúvida
  </Badge>
);

export function Ordens({ ordens }: Pick<Inicio, 'ordens'>) {
  return (
    <Secao
      titulo="Ordens em andamento ou em dúvida"
      total={ordens.total}
      vazio="Nenhuma ordem em andamento."
      todos={{ link: { to: '/ordens' }, label: 'ver no histórico de ordens' }}
      itens={ordens.itens.map((o) => (
        <Item
          key={o.id}
          link={{ to: '/ordens/$groupId', params: { groupId: o.id } }}
          titulo={
            <>
              {LADO[o.lado]} de {o.ticker} — {o.nome}
              {o.em_duvida && <EmDuvida />}
            </>
          }
        >
          {o.em_duvida ? 'Resultado desconhecido' : ESTADO_ORDEM[o.estado]}
          {o.lote ? ' · em lote' : ''} · desde {formatDateTimeMinutes(o.criada_em)}
        </Item>
      ))}
    />
  );
}

export function Lotes({ lotes }: Pick<Inicio, 'lotes'>) {
  return (
    <Secao
      titulo="Lotes em andamento"
      total={lotes.total}
      vazio="Nenhum lote em andamento."
      todos={{ link: { to: '/ordens' }, label: 'ver no histórico de ordens' }}
      itens={lotes.itens.map((l) => (
        <Item
          key={l.id}
          link={{ to: '/ordens/lote', search: { lote: l.id } }}
          titulo={
            <>
              Lote de {LADO[l.lado].toLowerCase()} de {l.ticker}
              {l.em_duvida > 0 && <EmDuvida />}
            </>
          }
        >
          {formatInteger(l.em_voo)} {l.em_voo === 1 ? 'ordem' : 'ordens'} em andamento
          {l.em_duvida > 0 ? ` · ${formatInteger(l.em_duvida)} em dúvida` : ''} · desde{' '}
          {formatDateTimeMinutes(l.criado_em)}
        </Item>
      ))}
    />
  );
}

export function Terminais({ terminais }: Pick<Inicio, 'terminais'>) {
  return (
    <Secao
      titulo="Terminais fora do ar"
      total={terminais.total}
      vazio="Todos os terminais estão online."
      todos={{ link: { to: '/clientes' }, label: 'ver na lista de clientes' }}
      itens={terminais.itens.map((t) => (
        <Item
          key={t.cliente}
          link={{ to: '/clientes/$id/carteira', params: { id: String(t.cliente) } }}
          titulo={
            <HStack as="span" gap="2" display="inline-flex">
              <span>{t.nome}</span>
              {t.status && <StatusBadge status={t.status as Mt5StatusValue} detalhe={t.detalhe} />}
            </HStack>
          }
        >
          {t.detalhe ? `${t.detalhe} · ` : ''}
          {t.medido_em ? `medido em ${formatDateTimeMinutes(t.medido_em)}` : ''}
        </Item>
      ))}
    />
  );
}

export function Divergencias({ divergencias }: Pick<Inicio, 'divergencias'>) {
  return (
    <Secao
      titulo="Divergências na conciliação"
      total={divergencias.total}
      vazio="Nenhuma divergência aberta na última conciliação."
      todos={{
        link: { to: '/alertas', search: { tipo: 'divergencia', estado: 'disparado' } },
        label: 'ver nos Alertas',
      }}
      itens={divergencias.itens.map((d) => (
        <Item key={d.alerta} link={{ to: '/controle-rv' }} titulo={d.titulo}>
          Desde {formatDateTimeMinutes(d.desde)} · conferir em Controle RV › Conciliação
        </Item>
      ))}
    />
  );
}

export function Eventos({ eventos }: Pick<Inicio, 'eventos'>) {
  return (
    <Secao
      titulo="Eventos corporativos próximos"
      total={eventos.total}
      vazio={`Nenhuma data ex nos próximos ${formatInteger(INICIO_EVENTOS_DIAS)} dias para ações em carteira.`}
      todos={{ link: { to: '/ferramentas/eventos' }, label: 'ver os eventos' }}
      itens={eventos.itens.map((e) => (
        <Item
          key={e.id}
          link={{ to: '/ferramentas/eventos' }}
          titulo={`${TIPO_EVENTO_NOME[e.tipo]} de ${e.ticker}`}
        >
          Data ex {formatDate(e.data_ex)} · {formatInteger(e.clientes)}{' '}
          {e.clientes === 1 ? 'cliente tem' : 'clientes têm'} a ação
        </Item>
      ))}
    />
  );
}

export function Alertas({ alertas }: Pick<Inicio, 'alertas'>) {
  return (
    <Secao
      titulo="Alertas não lidos"
      total={alertas.total}
      vazio="Nenhum alerta não lido."
      todos={{ link: { to: '/alertas' }, label: 'ver todos os alertas' }}
      itens={alertas.itens.map((a) => (
        <Item key={a.id} link={{ to: '/alertas', search: { tipo: a.tipo } }} titulo={a.titulo}>
          {TIPO_ALERTA_NOME[a.tipo]} · {formatDateTimeMinutes(a.criada_em)}
        </Item>
      ))}
    />
  );
}
