// Prints the plain closing line CI reads, `N passed, N failed`, from vitest's JSON report.
// Skipped tests are reported on the line before, so a skip can never pass unnoticed.
import { readFileSync } from 'node:fs';

const file = process.argv[2] ?? 'reports/vitest.json';
let report;
try {
  report = JSON.parse(readFileSync(file, 'utf8'));
} catch (error) {
  console.log(`no test report at ${file} (${error.message})`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}
// A file that failed with no failed test failed outside its tests: it did not load, or a hook threw
// (a server left running after the tests, say). Each counts as one failure.
const failedSuites = report.testResults.filter(
  (suite) => suite.status === 'failed' && !suite.assertionResults.some((test) => test.status === 'failed'),
).length;
const passed = report.numPassedTests;
const failed = report.numFailedTests + failedSuites;
const skipped = report.numPendingTests + report.numTodoTests;
if (failedSuites) console.log(`${failedSuites} test file(s) failed outside their tests (loading, or a hook)`);
if (skipped) console.log(`${skipped} skipped`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
