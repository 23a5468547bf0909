// The suite's last line (issue 35): `N passed, N failed[, N skipped]` summed over every part of `npm test`, so that a
// reader of the log sees the whole count at once. Each vitest run's JSON report gives its tests; each check
// (typecheck, lint, format) counts as one; the agent's check counts its Python tests (from unittest's summary) and
// one more failure when its linter or type check failed while the tests passed. A part that left no report (a
// crash) counts as one failure: a missing report must never read as zero failures.
import { existsSync, readFileSync } from 'node:fs';

const [checksLog, ...vitestReports] = process.argv.slice(2);
const total = { passed: 0, failed: 0, skipped: 0 };

for (const file of vitestReports) {
  if (!existsSync(file)) {
    total.failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  total.passed += report.numPassedTests;
  total.failed += report.numFailedTests;
  total.skipped += report.numPendingTests + report.numTodoTests;
  // A file that failed without a failed test (a syntax error, a beforeAll that threw and left its tests skipped)
  // counts as one failure.
  total.failed += report.testResults.filter(
    (r) => r.status === 'failed' && !r.assertionResults.some((a) => a.status === 'failed'),
  ).length;
}

const log = existsSync(checksLog) ? readFileSync(checksLog, 'utf8') : '';
const checks = [...log.matchAll(/^== npm run (\S+): (ok|FAILED)$/gm)];
if (checks.length === 0) total.failed += 1;
for (const [, name, status] of checks) {
  if (name !== 'test:agent') {
    total[status === 'ok' ? 'passed' : 'failed'] += 1;
    continue;
  }
  const ran = /^Ran (\d+) tests? in /m.exec(log);
  if (!ran) {
    total.failed += 1;
    continue;
  }
  const outcome = /^(OK|FAILED)(?: \((.*)\))?$/m.exec(log.slice(ran.index));
  const counts = Object.fromEntries(
    (outcome?.[2] ?? '')
      .split(', ')
      .filter(Boolean)
      .map((kv) => kv.split('='))
      .map(([k, v]) => [k, Number(v)]),
  );
  const notPassed = (counts.failures ?? 0) + (counts.errors ?? 0);
  const skipped = counts.skipped ?? 0;
  total.passed += Number(ran[1]) - notPassed - skipped;
  total.failed += notPassed;
  total.skipped += skipped;
  if (status === 'FAILED' && notPassed === 0) total.failed += 1;
}

const parts = [`${total.passed} passed`, `${total.failed} failed`];
if (total.skipped > 0) parts.push(`${total.skipped} skipped`);
console.log(parts.join(', '));
