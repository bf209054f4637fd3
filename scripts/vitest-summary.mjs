// Sums vitest JSON reports into one line, `N passed, N failed`.
//
//   node scripts/vitest-summary.mjs DIR/*.json DIR/*.exit
//
// `<label>.json` is vitest's report of one run; `<label>.exit`, when present, holds that run's
// non-zero exit code. A run must never read as "0 failed" when it did fail, so each of these
// counts as one failure besides the failed tests:
//   - a test file that failed without a failing test (it did not load, or a hook threw);
//   - a run that exited non-zero with no failure in its report (unhandled errors, which the
//     JSON report leaves out) or with no report at all.
import fs from 'node:fs';
import path from 'node:path';

const label = (file) => path.basename(file).replace(/\.(json|exit)$/, '');
const files = process.argv.slice(2);
const failedRuns = new Set(files.filter((f) => f.endsWith('.exit')).map(label));

let passed = 0;
let failed = 0;
for (const file of files.filter((f) => f.endsWith('.json'))) {
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`vitest-summary: cannot read ${path.basename(file)}: ${err.message}`);
    failedRuns.add(label(file));
    continue;
  }
  let failures = report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (result.status === 'failed' && failedTests === 0) failures += 1;
  }
  if (failures > 0) failedRuns.delete(label(file));
  passed += report.numPassedTests ?? 0;
  failed += failures;
}
// runs that exited non-zero but whose failures no report shows
failed += failedRuns.size;
console.log(`${passed} passed, ${failed} failed`);
