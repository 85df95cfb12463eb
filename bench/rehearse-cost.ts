// `npm run bench:rehearse -- [--rounds N] -- COMMAND [ARGS...]`: what `petstore-kit rehearse` costs beside the
// issue's goal (31: at most 2.2 times one run of the user's command plus the mock's start). Each round, in
// turn: `petstore-kit serve` started until its banner (the mock's start), the command run once against it
// with the rehearsal's environment, the mock stopped; then `petstore-kit rehearse -- COMMAND` whole. Wall
// times, the median of the rounds; prints a Markdown row for docs/rehearse.md and asserts nothing.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEV_API_KEY } from '../src/core/index.ts';
import { runMain, spawnServer } from './lib/children.ts';
import { describeMachine } from './lib/machine.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const BIN = fileURLToPath(new URL('../bin/petstore-kit.mjs', import.meta.url));
const split = process.argv.indexOf('--');
const options = process.argv.slice(2, split === -1 ? undefined : split);
const command = split === -1 ? [] : process.argv.slice(split + 1);
const ROUNDS = Number(options[options.indexOf('--rounds') + 1] ?? 5) || 5;
/** This process's environment without npm's and vitest's own variables, as a user's shell would have. */
const ENV = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(VITEST|npm_)/.test(name)));

/** Runs a command to its end; its wall time in milliseconds, its exit code and its stdout. */
function timed(file: string, args: string[], env: Record<string, string | undefined> = {}) {
  return new Promise<{ ms: number; code: number; stdout: string }>((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, args, { cwd: ROOT, env: { ...ENV, ...env }, stdio: ['ignore', 'pipe', 'ignore'] });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.once('error', reject);
    child.once('close', (code) => resolve({ ms: performance.now() - started, code: code ?? 1, stdout }));
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

runMain(async () => {
  if (command.length === 0) throw new Error('usage: npm run bench:rehearse -- [--rounds N] -- COMMAND [ARGS...]');
  const rounds: { start: number; plain: number; rehearse: number; today: number; removed: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const mock = await spawnServer({
      args: [BIN, 'serve', '--port', '0'],
      ready: /Pet Store API\s+(http:\S+\/v1)[\s\S]*Try:/,
    });
    const plain = await timed(command[0], command.slice(1), {
      PETSTORE_BASE_URL: mock.url,
      PETSTORE_QUICKSTART_URL: mock.url.replace(/\/v1$/, '/quickstart'),
      PETSTORE_API_KEY: DEV_API_KEY,
    });
    await mock.stop();
    if (plain.code !== 0) throw new Error(`the command failed against petstore-kit serve (exit ${plain.code})`);
    const rehearsal = await timed(process.execPath, [BIN, 'rehearse', '--reporter', 'json', '--', ...command]);
    // Each pass's own time (the mock's start in process and the command's run), from the report.
    const [today, removed] = (JSON.parse(rehearsal.stdout) as { passes: { durationMs: number }[] }).passes;
    rounds.push({
      start: mock.startupMs,
      plain: plain.ms,
      rehearse: rehearsal.ms,
      today: today.durationMs,
      removed: removed.durationMs,
    });
    process.stderr.write(`round ${round + 1}: ${JSON.stringify(rounds.at(-1))} (rehearse exit ${rehearsal.code})\n`);
  }
  const ratios = rounds.map((r) => r.rehearse / (r.start + r.plain));
  const seconds = (ms: number) => (ms / 1000).toFixed(1);
  const machine = describeMachine();
  console.log(`${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, ${machine.date}; median of ${ROUNDS}`);
  const column = (key: keyof (typeof rounds)[number]) => `${seconds(median(rounds.map((r) => r[key])))} s`;
  // The rehearsal's own share: its wall time less its two passes (the CLI's start, the report).
  const own = rounds.map((r) => r.rehearse - r.today - r.removed);
  console.log('| command | mock start | one run | rehearse | its passes | its own | ratio (each round) |');
  console.log(
    `| \`${command.join(' ')}\` | ${column('start')} | ${column('plain')} | ${column('rehearse')} | ${column('today')} + ${column('removed')} | ${seconds(median(own))} s | ${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')}) |`,
  );
});
