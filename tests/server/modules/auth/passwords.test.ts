import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../../../server/modules/auth/passwords';

describe('the rules for a new password', () => {
  it.each([
    ['curta-11chr', 'too_short'],
    ['çãoçãoção1', 'too_short'],
    ['123456789012', 'common'],
    ['passwordpassword', 'common'],
    ['Password1234', 'common'],
    ['Flamengo2024!', 'common'],
    ['qwertyuiop123', 'common'],
    ['!!palmeiras!!', 'common'],
    ['senha12345678', 'common'],
    ['aaaaaaaaaaaa', 'common'],
    ['abababababab', 'common'],
  ])('refuses %s (%s)', (password, problem) => {
    expect(passwordProblem(password)).toBe(problem);
  });

  it.each([
    'senha-de-teste-123',
    'cavalo correto bateria grampo',
    'Xk3-9vQ_p2Lm',
    'ação-ordem-lote',
  ])('accepts %s', (password) => {
    expect(passwordProblem(password)).toBeNull();
  });
});
