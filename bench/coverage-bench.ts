// `npm run bench:coverage`: what measuring coverage (issue 32) adds to verify's run against the mock. Runs
// verify in process against `petstore-kit serve` (its own child process) with coverage and without
// (`coverage: false`), interleaved in ABBA order so drift (the store growing, a busy neighbour) falls on both
// alike; and times the coverage pass alone on each report, which is the cost itself without the noise of a
// whole run. Prints a Markdown table for docs/benchmarks.md.
import { parseArgs } from 'node:util';
import { bundledModel } from '../contract-tests/model/bundled-model.ts';
import { runConformance } from '../contract-tests/run-conformance.ts';
import type { RunPlan } from '../contract-tests/run/plan-run.ts';
import { runCoverage } from '../contract-tests/run/run-coverage.ts';
import { runMain, spawnServer } from './lib/children.ts';
import { describeMachine } from './lib/machine.ts';

const { values: flags } = parseArgs({ options: { pairs: { type: 'string', default: '10' } } });
const pairs = Number(flags.pairs);
const CLI = new URL('../bin/petstore-kit.mjs', import.meta.url).pathname;
const READY = /Pet Store API\s+(http:\/\/\S+?)\/v1\s/;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

runMain(async () => {
  const server = await spawnServer({ args: [CLI, 'serve', '--port', '0'], ready: READY });
  try {
    const options = {
      baseUrl: `${server.url}/v1`,
      quickstartUrl: `${server.url}/quickstart`,
      apiKey: 'petstore-dev-key',
      allowWrites: true,
    };
    const model = await bundledModel();
    const times = { with: [] as number[], without: [] as number[], pass: [] as number[] };
    await runConformance(options); // warm-up: compiled schemas, JIT, the mock's first answers
    for (let i = 0; i < pairs * 2; i++) {
      const measured = [0, 3].includes(i % 4);
      const report = await runConformance({ ...options, coverage: measured });
      (measured ? times.with : times.without).push(report.durationMs);
      if (measured) {
        const started = performance.now();
        runCoverage({ options, model } as RunPlan, report.scenarios, report.startedAt);
        times.pass.push(performance.now() - started);
      }
      process.stderr.write(`run ${i + 1}: ${measured ? 'with' : 'without'} ${report.durationMs} ms\n`);
    }
    const withMs = median(times.with);
    const withoutMs = median(times.without);
    const passMs = median(times.pass);
    const machine = describeMachine();
    console.log(`${machine.cpu}, ${machine.cores} cores, ${machine.node}, ${machine.date}\n`);
    console.log('| Measure | Figure | Detail |');
    console.log('|---|---|---|');
    console.log(
      `| verify against the mock, with coverage | ${(withMs / 1000).toFixed(2)} s | median of ${times.with.length}: ${times.with.join(', ')} ms |`,
    );
    console.log(
      `| verify against the mock, without | ${(withoutMs / 1000).toFixed(2)} s | median of ${times.without.length}: ${times.without.join(', ')} ms |`,
    );
    console.log(
      `| the coverage pass alone | ${passMs.toFixed(1)} ms | ${((passMs / withoutMs) * 100).toFixed(2)} % of the run without; median of ${times.pass.length}: ${times.pass.map((t) => t.toFixed(1)).join(', ')} ms |`,
    );
    console.log(
      `| difference of the medians | ${(((withMs - withoutMs) / withoutMs) * 100).toFixed(1)} % | noise included |`,
    );
  } finally {
    await server.stop();
  }
});
