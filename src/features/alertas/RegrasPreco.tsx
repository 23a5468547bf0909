import { Alert, Box, Button, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  alertasEndpoints,
  RegraPrecoInputSchema,
  type RegraPreco,
  type RegraPrecoInput,
} from '../../../contract';
import { alertasQueries, useCreateRegra, useDeleteRegra, useRearmRegra } from '../../api/alertas';
import { usePermissao } from '../../api/permissao';
import { ConfirmDialog, ConfirmDialogContent } from '../../components/ConfirmDialog';
import { DataTable } from '../../components/DataTable';
import { DecimalField, FormField, RadioField } from '../../components/form';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { ApiRequestError } from '../../lib/api';
import { setApiFieldErrors } from '../../lib/form-errors';
import { detalheDoErro } from './alertas-state';
import { colunasDasRegras, nomeDaRegra } from './regras-colunas';

type Valores = z.input<typeof RegraPrecoInputSchema>;
const CAMPOS = ['ticker', 'direcao', 'nivel'] as const;
const DIRECOES = [
  { value: 'acima', label: 'Acima' },
  { value: 'abaixo', label: 'Abaixo' },
] as const;

/** Nova regra: a ticker, a direction and a level; the server refuses a duplicate (409) and says why. */
function NovaRegra() {
  const { control, register, handleSubmit, setError, reset, formState } = useForm<
    Valores,
    unknown,
    RegraPrecoInput
  >({
    resolver: zodResolver(RegraPrecoInputSchema),
    defaultValues: { ticker: '', direcao: 'acima' },
  });
  const create = useCreateRegra();
  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => reset({ ticker: '', direcao: body.direcao, nivel: undefined }),
      onError: (error) => setApiFieldErrors(error, CAMPOS, setError),
    }),
  );
  return (
    <Box asChild borderWidth="1px" rounded="md" p="4" bg="bg">
      <form onSubmit={onSubmit} noValidate>
        <Text fontWeight="semibold" mb="3">
          Nova regra de preço
        </Text>
        <SimpleGrid columns={{ base: 1, md: 4 }} gap="4" alignItems="start">
          <FormField label="Ação (ticker)" error={formState.errors.ticker?.message}>
            <Input
              {...register('ticker')}
              placeholder="PETR4"
              textTransform="uppercase"
              autoComplete="off"
            />
          </FormField>
          <RadioField control={control} name="direcao" label="Direção" options={DIRECOES} />
          <DecimalField control={control} name="nivel" label="Nível (R$)" />
          <Button
            type="submit"
            loading={create.isPending}
            alignSelf={{ md: 'end' }}
            justifySelf={{ md: 'start' }}
          >
            Criar regra
          </Button>
        </SimpleGrid>
        {create.error && !(create.error instanceof ApiRequestError && create.error.campos) && (
          <Alert.Root status="error" mt="4" role="alert">
            <Alert.Indicator />
            <Alert.Title>{detalheDoErro(create.error)}</Alert.Title>
          </Alert.Root>
        )}
      </form>
    </Box>
  );
}

/**
 * The user's own price rules: tell me when TICKER crosses a level (acima / abaixo). A rule fires once and waits to
 * be armed again by hand (Rearmar); Excluir asks first.
 */
export function RegrasPreco() {
  const regras = useQuery(alertasQueries.regras());
  const rearmar = useRearmRegra();
  const excluir = useDeleteRegra();
  const [excluindo, setExcluindo] = useState<RegraPreco | null>(null);
  const { mutate: rearm } = rearmar;
  const { reset: resetExcluir } = excluir;
  const rearmando = rearmar.isPending ? (rearmar.variables ?? null) : null;
  const tratar = usePermissao(alertasEndpoints.createRegra);
  const columns = useMemo(
    () =>
      colunasDasRegras({
        onRearm: (r) => rearm(r.id),
        onDelete: (r) => {
          resetExcluir();
          setExcluindo(r);
        },
        rearmando,
        podeTratar: tratar.pode,
      }),
    [rearm, resetExcluir, rearmando, tratar.pode],
  );

  return (
    <Stack gap="4">
      <Text color="fg.muted" fontSize="sm" maxW="4xl">
        Uma regra avisa só a você quando a cotação da ação cruzar o nível na direção escolhida. Ela
        dispara uma vez; use Rearmar para que avise no próximo cruzamento.
      </Text>
      {tratar.pode ? (
        <NovaRegra />
      ) : (
        tratar.conhecido && (
          <Text fontSize="sm" color="fg.muted">
            {tratar.motivo}
          </Text>
        )
      )}
      {rearmar.error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{detalheDoErro(rearmar.error)}</Alert.Title>
        </Alert.Root>
      )}
      {nuncaCarregou(regras) ? (
        <LoadError
          what="as regras"
          error={regras.error}
          onRetry={() => void regras.refetch()}
          retrying={regras.isFetching}
        />
      ) : (
        <DataTable
          label="Regras de preço"
          columns={columns}
          data={regras.data ?? []}
          getRowId={(r) => String(r.id)}
          emptyText={regras.isPending ? 'Carregando...' : 'Nenhuma regra de preço.'}
        />
      )}
      <ConfirmDialog target={excluindo} targetKey={(r) => r.id} onClose={() => setExcluindo(null)}>
        {(r) => (
          <ConfirmDialogContent
            title="Excluir regra"
            confirmLabel="Excluir"
            busy={excluir.isPending}
            error={excluir.error && detalheDoErro(excluir.error)}
            onCancel={() => setExcluindo(null)}
            onConfirm={() => excluir.mutate(r.id, { onSuccess: () => setExcluindo(null) })}
          >
            Excluir a regra {nomeDaRegra(r)}?
          </ConfirmDialogContent>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
