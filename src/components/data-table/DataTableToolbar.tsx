import { Box, Button, Flex } from '@chakra-ui/react';
import type { ReactNode, RefObject } from 'react';
import type { Planilha } from '../../lib/planilha';
import { ExportMenu, type Exportacao } from '../ExportMenu';
import type { InfiniteRows } from './useRowWindow';

/** The line above the grid: what the caller says at the left, 'Exportar' at the right. */
export function DataTableToolbar({
  toolbar,
  exportacao,
  planilha,
}: {
  toolbar: ReactNode;
  exportacao: Exportacao | undefined;
  planilha: () => Planilha;
}) {
  return (
    <Flex
      justify={toolbar === undefined ? 'flex-end' : 'space-between'}
      align="center"
      gap="3"
      wrap="wrap"
    >
      {toolbar}
      {exportacao && <ExportMenu exportacao={exportacao} planilha={planilha} />}
    </Flex>
  );
}

/** Under a paged grid while the server has more: the next page on a click (or as the end comes into view). */
export function LoadMore({
  infinite,
  sentinelRef,
}: {
  infinite: InfiniteRows;
  sentinelRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <Box ref={sentinelRef} alignSelf="center">
      <Button
        size="sm"
        variant="outline"
        onClick={() => void infinite.fetchNextPage()}
        loading={infinite.isFetchingNextPage}
      >
        Carregar mais
      </Button>
    </Box>
  );
}
