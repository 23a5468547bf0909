import { Box, Input, Text, chakra } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { buscarClientes } from '../../shared/busca-cliente';
import { formatDocumento } from '../../shared/format';
import type { Cliente } from '../../contract';
import { clientesQueries } from '../api/clientes';

/** Whether the key was typed into a field (then `/` is a character, not the shortcut). */
function digitando(target: EventTarget | null) {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'combobox'
  );
}

type Achado = ReturnType<typeof buscarClientes<Cliente>>[number];

/** The matches under the field: name, then código XP and document. */
function Achados({
  id,
  achados,
  ativo,
  onOpen,
}: {
  id: string;
  achados: Achado[];
  ativo: number;
  onOpen: (id: number) => void;
}) {
  return (
    <chakra.ul
      id={`${id}-lista`}
      role="listbox"
      aria-label="Clientes encontrados"
      position="absolute"
      top="100%"
      mt="1"
      right="0"
      minW="full"
      w={{ base: '72', md: '80' }}
      maxW="90vw"
      bg="bg"
      borderWidth="1px"
      rounded="md"
      shadow="md"
      zIndex="popover"
      py="1"
      listStyleType="none"
    >
      {achados.length === 0 && (
        // A listbox holds options only: the 'nothing found' line is one that cannot be chosen.
        <Text
          as="li"
          role="option"
          aria-disabled="true"
          px="3"
          py="2"
          fontSize="sm"
          color="fg.muted"
        >
          Nenhum cliente encontrado.
        </Text>
      )}
      {achados.map((c, i) => (
        <chakra.li
          key={c.id}
          id={`${id}-${c.id}`}
          role="option"
          aria-selected={i === ativo}
          px="3"
          py="1.5"
          cursor="pointer"
          bg={i === ativo ? 'gold.subtle' : undefined}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => onOpen(c.id)}
        >
          <Text fontSize="sm" fontWeight="medium">
            {c.nome ?? `Cliente ${c.id}`}
          </Text>
          <Text fontSize="xs" color="fg.muted">
            {[c.codigo_xp && `XP ${c.codigo_xp}`, c.documento && formatDocumento(c.documento)]
              .filter(Boolean)
              .join(' · ') || '—'}
          </Text>
        </chakra.li>
      ))}
    </chakra.ul>
  );
}

/**
 * The top bar's search (issue 34, item 5): a client by name, código XP or document, its portfolio opened on Enter
 * or a click; `/` focuses it from anywhere but a field. A combobox: ↓ and ↑ move through the matches, Escape
 * closes them.
 */
export function BuscaCliente() {
  const clientes = useQuery(clientesQueries.list());
  const navigate = useNavigate();
  const [termo, setTermo] = useState('');
  const [ativo, setAtivo] = useState(0);
  const [aberto, setAberto] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const achados = useMemo(() => buscarClientes(clientes.data ?? [], termo), [clientes.data, termo]);

  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || digitando(e.target)) return;
      e.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const abrir = (clienteId: number) => {
    setTermo('');
    setAberto(false);
    input.current?.blur();
    void navigate({ to: '/clientes/$id/carteira', params: { id: String(clienteId) } });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const passo = e.key === 'ArrowDown' ? 1 : -1;
      setAtivo((a) => (achados.length ? (a + passo + achados.length) % achados.length : 0));
    } else if (e.key === 'Enter' && achados[ativo]) {
      e.preventDefault();
      abrir(achados[ativo].id);
    } else if (e.key === 'Escape') {
      setAberto(false);
    }
  };
  const mostra = aberto && termo.trim() !== '';

  return (
    <Box position="relative" w={{ base: '28', sm: '56', lg: '64' }}>
      <Input
        ref={input}
        size="sm"
        type="search"
        role="combobox"
        aria-label="Buscar cliente"
        aria-expanded={mostra}
        // Only while the list exists: a reference to nothing is an error to assistive technology.
        aria-controls={mostra ? `${id}-lista` : undefined}
        aria-activedescendant={mostra && achados[ativo] ? `${id}-${achados[ativo].id}` : undefined}
        aria-keyshortcuts="/"
        placeholder="Buscar cliente ( / )"
        value={termo}
        onChange={(e) => {
          setTermo(e.target.value);
          setAtivo(0);
          setAberto(true);
        }}
        onFocus={() => setAberto(true)}
        // A click on a match lands before the blur closes the list.
        onBlur={() => setTimeout(() => setAberto(false), 150)}
        onKeyDown={onKeyDown}
      />
      {mostra && <Achados id={id} achados={achados} ativo={ativo} onOpen={abrir} />}
    </Box>
  );
}
