import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// tests/summary.mjs prints npm test's last line: every part's counts summed (issue 35).
const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function summary(checks: string, reports: Array<object | null>): string {
  const dir = mkdtempSync(join(tmpdir(), 'summary-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'checks'), checks);
  const files = reports.map((r, i) => {
    const file = join(dir, `${i}.json`);
    if (r) writeFileSync(file, JSON.stringify(r));
    return file;
  });
  return execFileSync('node', ['tests/summary.mjs', join(dir, 'checks'), ...files], {
    encoding: 'utf8',
  }).trim();
}

const report = (passed: number, failed: number, pending = 0, brokenFiles = 0) => ({
  numPassedTests: passed,
  numFailedTests: failed,
  numPendingTests: pending,
  numTodoTests: 0,
  testResults: Array.from({ length: brokenFiles }, () => ({
    status: 'failed',
    assertionResults: [],
  })),
});

const checksOk = [
  '== npm run typecheck: ok',
  '== npm run lint: ok',
  '== npm run format:check: ok',
  '== npm run test:agent: ok',
  '....',
  'Ran 40 tests in 3.2s',
  '',
  'OK (skipped=2)',
].join('\n');

describe('the suite summary line', () => {
  it('sums every part: vitest runs, the checks and the agent tests', () => {
    expect(summary(checksOk, [report(1000, 0, 8), report(29, 0)])).toBe(
      '1070 passed, 0 failed, 10 skipped',
    );
  });

  it('counts failed tests, files that did not load and failed checks', () => {
    const checks = checksOk
      .replace('lint: ok', 'lint: FAILED')
      .replace('test:agent: ok', 'test:agent: FAILED')
      .replace('OK (skipped=2)', 'FAILED (failures=1, errors=2)');
    expect(summary(checks, [report(10, 2, 0, 1), report(5, 1)])).toBe('54 passed, 8 failed');
  });

  it('counts a file whose beforeAll threw, its tests left skipped, as one failure', () => {
    const skippedByHook = {
      ...report(0, 0, 2),
      testResults: [
        {
          status: 'failed',
          assertionResults: [{ status: 'skipped' }, { status: 'skipped' }],
        },
      ],
    };
    expect(summary(checksOk, [report(3, 0), skippedByHook])).toBe('44 passed, 1 failed, 4 skipped');
  });

  it('never reads a missing report or agent summary as zero failures', () => {
    const checks = checksOk.replace(
      /test:agent: ok[\s\S]*/,
      'test:agent: FAILED\npyright: 1 error',
    );
    expect(summary(checks, [report(3, 0), null])).toBe('6 passed, 2 failed');
  });

  it('shows skipped only when there are any', () => {
    expect(summary(checksOk.replace(' (skipped=2)', ''), [report(1, 0)])).toBe(
      '44 passed, 0 failed',
    );
  });
});
