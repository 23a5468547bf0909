import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link as RouterLink, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import {
  modelosEndpoints,
  type RebalancearValidar,
  type RebalanceamentoEnviado,
  type RebalanceamentoValidacao,
} from '../../../contract';
import { modelosQueries, useValidateRebalance } from '../../api/modelos';
import { usePermissao } from '../../api/permissao';
import { LoadError } from '../../components/LoadError';
import { ComPermissao } from '../../components/SemPermissao';
import { ApiRequestError } from '../../lib/api';
import { uuid } from '../../lib/uuid';
import {
  EnviarRebalanceamentoDialog,
  type EnvioRebalanceamento,
} from './EnviarRebalanceamentoDialog';
import { LotesDoRebalanceamento } from './LotesDoRebalanceamento';
import { composicaoTexto, faixaTexto } from './modelo-form-state';
import { OpcoesRebalanceamento } from './OpcoesRebalanceamento';
import { PlanoRebalanceamento } from './PlanoRebalanceamento';
import { envioBody, totaisDe, validateBody } from './rebalanceamento-state';

const route = getRouteApi('/ferramentas/modelos/$id/rebalancear');

/** A validated plan and the options it was asked with (what Enviar sends back). */
interface Validado {
  opcoes: RebalancearValidar;
  plano: RebalanceamentoValidacao;
  /** Sent already: Enviar is not offered again for it (a new Validar is). */
  enviado: boolean;
}

/**
 * /ferramentas/modelos/{id}/rebalancear (issue 33): modo, valor mínimo and the exemption → Validar; the plan as a
 * heat map of drift with each client's orders and cash after, who is left out and why, the warnings → Enviar;
 * then the two lotes it made, followed as lotes are (their ids in the address).
 */
export function RebalancearPage() {
  const { id } = route.useParams();
  const modeloId = Number(id);
  const search = route.useSearch();
  const navigate = useNavigate();
  const modelo = useQuery(modelosQueries.detail(modeloId));
  const validate = useValidateRebalance(modeloId);
  const envia = usePermissao(modelosEndpoints.rebalance).pode;
  const [validado, setValidado] = useState<Validado | null>(null);
  // One intent per plan sent: the same plan sent twice (a double click, a lost answer) is one rebalance.
  const [intent, setIntent] = useState(uuid);
  const [envio, setEnvio] = useState<EnvioRebalanceamento | null>(null);
  const enviado = search.venda !== undefined || search.compra !== undefined;

  const onValidate = (opcoes: RebalancearValidar) =>
    validate.mutate(opcoes, {
      onSuccess: (plano) => setValidado({ opcoes, plano, enviado: false }),
    });
  const onSent = (lotes: RebalanceamentoEnviado) => {
    setEnvio(null);
    setIntent(uuid());
    setValidado((v) => v && { ...v, enviado: true });
    void navigate({
      to: '/ferramentas/modelos/$id/rebalancear',
      params: { id },
      search: {
        ...(lotes.lote_venda ? { venda: lotes.lote_venda } : {}),
        ...(lotes.lote_compra ? { compra: lotes.lote_compra } : {}),
      },
    });
  };

  return (
    <Stack gap="5">
      <Link asChild fontSize="sm" color="fg.muted" alignSelf="flex-start">
        <RouterLink to="/ferramentas/modelos">← Modelos</RouterLink>
      </Link>
      <Heading as="h1" size="lg">
        Rebalancear {modelo.data?.nome ?? ''}
      </Heading>
      {modelo.isError ? (
        <LoadError
          what="o modelo"
          error={modelo.error}
          onRetry={() => void modelo.refetch()}
          retrying={modelo.isFetching}
        />
      ) : (
        modelo.data && (
          <Text fontSize="sm" color="fg.muted">
            {composicaoTexto(modelo.data)} · faixa {faixaTexto(modelo.data.faixa)}
          </Text>
        )
      )}
      <ComPermissao endpoint={modelosEndpoints.validateRebalance}>
        <Stack gap="5">
          {enviado && <LotesDoRebalanceamento venda={search.venda} compra={search.compra} />}
          <OpcoesRebalanceamento
            validando={validate.isPending}
            onValidar={(v) => onValidate(validateBody(v))}
          />
          {validate.error && (
            <Text role="alert" color="fg.error">
              {(validate.error instanceof ApiRequestError && validate.error.detail) ||
                validate.error.message}
            </Text>
          )}
          {modelo.data && validado && (
            <PlanoRebalanceamento
              modelo={modelo.data}
              itens={validado.plano.itens}
              enviado={validado.enviado}
              onEnviar={
                envia
                  ? () =>
                      setEnvio({
                        intent,
                        body: envioBody(validado.opcoes, validado.plano.itens),
                        totais: totaisDe(validado.plano.itens),
                      })
                  : null
              }
            />
          )}
        </Stack>
      </ComPermissao>
      <EnviarRebalanceamentoDialog
        modeloId={modeloId}
        envio={envio}
        onClose={() => setEnvio(null)}
        onSent={onSent}
      />
    </Stack>
  );
}
