// Sums vitest JSON reports into one line, `N passed, N failed`.
// A test file that failed without a failing test (it did not load, or a hook threw) counts as one
// failure, and so does a `<name>.crash` marker left where vitest wrote no report at all: a broken
// suite must never read as "0 failed".
import fs from 'node:fs';
import path from 'node:path';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (file.endsWith('.crash')) {
    failed += 1;
    continue;
  }
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(`vitest-summary: cannot read ${path.basename(file)}: ${err.message}`);
    failed += 1;
    continue;
  }
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
  for (const result of report.testResults ?? []) {
    const failedTests = (result.assertionResults ?? []).filter((a) => a.status === 'failed').length;
    if (result.status === 'failed' && failedTests === 0) failed += 1;
  }
}
console.log(`${passed} passed, ${failed} failed`);
