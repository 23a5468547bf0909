import { describe, expect, it } from 'vitest';
import { CHECKING, statusLabel, statusView } from '../../../../src/widgets/status-mt5';

describe('the MT5 status, worded once', () => {
  it("says each of the specification's values, and nothing for one it does not list", () => {
    expect(
      ['online', 'warning', 'offline', 'error', 'timeout', 'missing_ip'].map(statusLabel),
    ).toEqual(['Online', 'Atenção', 'Offline', 'Erro', 'Timeout', 'Sem IP']);
    expect(statusLabel('reiniciando')).toBeUndefined();
    expect(statusLabel('toString')).toBeUndefined();
  });

  it("a client's dot: the label, the detail and the ping; grey while not yet measured", () => {
    expect(statusView(undefined)).toEqual({ color: 'gray.300', text: CHECKING });
    expect(statusView({ id: 1, status: 'online', detail: null, ping: 12 })).toEqual({
      color: 'green.500',
      text: 'Online — ping 12 ms',
    });
    expect(
      statusView({ id: 1, status: 'offline', detail: 'Conexão recusada', ping: null }).text,
    ).toBe('Offline — Conexão recusada');
    expect(statusView({ id: 1, status: 'reiniciando', detail: null, ping: null })).toEqual({
      color: 'gray.400',
      text: 'Status desconhecido',
    });
  });
});
