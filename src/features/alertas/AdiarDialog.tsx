import {
  Alert,
  Button,
  Dialog,
  Field,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import type { Alerta } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { useSnoozeAlerta } from '../../api/alertas';
import { DateInput } from '../../components/DateInput';
import { DialogCloseButton, TargetDialog } from '../../components/TargetDialog';
import { ApiRequestError } from '../../lib/api';
import {
  DATA_INVALIDA,
  detalheDoErro,
  HORA_INVALIDA,
  horaValida,
  instanteDoAdiamento,
  sugestoesDeAdiamento,
} from './alertas-state';

interface Props {
  alerta: Alerta | null;
  onClose: () => void;
}

/** Adiar: nothing is sent about the alert until the instant chosen (São Paulo's date and time). */
export function AdiarDialog({ alerta, onClose }: Props) {
  return (
    <TargetDialog target={alerta} targetKey={(a) => a.id} onClose={onClose}>
      {(a) => <AdiarForm alerta={a} onClose={onClose} />}
    </TargetDialog>
  );
}

function AdiarForm({ alerta, onClose }: { alerta: Alerta; onClose: () => void }) {
  const [sugestoes] = useState(() => sugestoesDeAdiamento(new Date()));
  const [data, setData] = useState(sugestoes[0]!.data);
  const [hora, setHora] = useState(sugestoes[0]!.hora);
  const [tentou, setTentou] = useState(false);
  const adiar = useSnoozeAlerta();
  const erroData = tentou && !isoFromBr(data) ? DATA_INVALIDA : undefined;
  const erroHora = tentou && !horaValida(hora) ? HORA_INVALIDA : undefined;
  const erro = adiar.error;
  // The server's reason for the instant (in the past, too far) goes under the date; anything else above the buttons.
  const erroDoServidor = erro instanceof ApiRequestError ? erro.campos?.ate : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTentou(true);
    const ate = instanteDoAdiamento(data, hora);
    if (ate) adiar.mutate({ id: alerta.id, ate }, { onSuccess: onClose });
  };

  return (
    <Dialog.Content>
      <form onSubmit={onSubmit} noValidate>
        <Dialog.Header>
          <Dialog.Title>Adiar alerta</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <Stack gap="4">
            <Text fontSize="sm">{alerta.titulo}</Text>
            <Text fontSize="sm" color="fg.muted">
              Nada é enviado sobre este alerta até o momento escolhido (horário de Brasília). Se
              ainda estiver disparado, ele avisa uma vez ao fim do adiamento.
            </Text>
            <HStack gap="2" wrap="wrap">
              {sugestoes.map((s) => (
                <Button
                  key={s.rotulo}
                  size="xs"
                  variant="outline"
                  colorPalette="gray"
                  onClick={() => {
                    setData(s.data);
                    setHora(s.hora);
                  }}
                >
                  {s.rotulo}
                </Button>
              ))}
            </HStack>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root invalid={Boolean(erroData ?? erroDoServidor)}>
                <Field.Label>Até (data)</Field.Label>
                <DateInput value={data} onChange={setData} />
                <Field.ErrorText>{erroData ?? erroDoServidor}</Field.ErrorText>
              </Field.Root>
              <Field.Root invalid={Boolean(erroHora)}>
                <Field.Label>Hora</Field.Label>
                <Input
                  value={hora}
                  onChange={(e) => setHora(e.target.value)}
                  inputMode="numeric"
                  placeholder="hh:mm"
                  maxLength={5}
                  autoComplete="off"
                />
                <Field.ErrorText>{erroHora}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
            {erro && !erroDoServidor && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{detalheDoErro(erro)}</Alert.Title>
              </Alert.Root>
            )}
          </Stack>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" colorPalette="gray" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={adiar.isPending}>
            Adiar
          </Button>
        </Dialog.Footer>
      </form>
      <DialogCloseButton />
    </Dialog.Content>
  );
}
