// One pass of a rehearsal: a fresh mock on loopback (the same seed every pass) with its clock set, the
// user's command run against it with the addresses and key in its environment (and the brownout schedule, for
// mocks the tests start themselves), and every call to an operation the document deprecates noted as the mock
// answered it, there or in the tests' own processes.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEV_API_KEY } from '../core/index.ts';
import { deprecatedCallOf, type DeprecatedCall } from '../core/journal/deprecated-call.ts';
import { serve } from '../node/serve.ts';
import { asDeprecatedCall } from '../shared/in-process-calls.ts';
import { formatRehearsalBrownouts, REHEARSAL_ENV } from '../shared/rehearsal-env.ts';
import type { Removal } from './removals.ts';

export type { DeprecatedCall } from '../core/journal/deprecated-call.ts';

export interface PassResult {
  pass: 'today' | 'removed';
  /** The mock's clock at the start of the pass. */
  clock: string;
  /** The command's exit code (a signal that ended it counts as 1). */
  exitCode: number;
  durationMs: number;
  calls: DeprecatedCall[];
  /** Every request the mock answered. */
  requests: number;
  /** The pass ran under this brownout schedule, and so many of its deprecated calls were browned out. */
  brownout?: { schedule: string[]; calls: number };
}

export interface PassOptions {
  pass: 'today' | 'removed';
  /** The mock's clock from the start of the pass (it runs on from there); the real time when absent. */
  from?: Date;
  seed: number;
  removals: readonly Removal[];
  command: string;
  args: readonly string[];
  /** Where the command's output goes (both streams): the report keeps stdout to itself. */
  output: (chunk: string) => void;
  env: Record<string, string | undefined>;
  /** Brownout windows, as the store's `brownouts` option takes them (docs/rehearse.md#brownouts). */
  brownouts?: string[];
}

export async function runPass(options: PassOptions): Promise<PassResult> {
  const deprecated = new Set(options.removals.map((removal) => removal.operation.operationId));
  const calls: DeprecatedCall[] = [];
  let requests = 0;
  const started = Date.now();
  const { from } = options;
  const server = await serve({
    host: '127.0.0.1',
    port: 0,
    seed: options.seed,
    apiKeys: [DEV_API_KEY],
    now: from ? () => new Date(from.getTime() + (Date.now() - started)) : undefined,
    brownouts: options.brownouts,
    log: () => undefined,
    onRequest(entry) {
      requests++;
      if (entry.operation && deprecated.has(entry.operation)) calls.push(deprecatedCallOf(entry));
    },
  });
  const folder = await mkdtemp(join(tmpdir(), 'petstore-kit-rehearsal-'));
  const callsFile = join(folder, 'in-process-calls.jsonl');
  try {
    const env = {
      ...options.env,
      [REHEARSAL_ENV.baseUrl]: server.apiUrl,
      [REHEARSAL_ENV.quickstartUrl]: server.quickstartUrl,
      [REHEARSAL_ENV.apiKey]: DEV_API_KEY,
      [REHEARSAL_ENV.pass]: options.pass,
      [REHEARSAL_ENV.clock]: (from ?? new Date(started)).toISOString(),
      [REHEARSAL_ENV.calls]: callsFile,
      // The schedule reaches the tests' own mocks too (MSW in process, in a page), drawn from the same seed;
      // a pass without one leaves no stale schedule from the user's environment either.
      [REHEARSAL_ENV.brownouts]: options.brownouts
        ? formatRehearsalBrownouts({ windows: options.brownouts, seed: options.seed })
        : undefined,
    };
    const exitCode = await runCommand(options.command, options.args, env, options.output);
    // What mocks in the tests' own processes answered (MSW), written there by the kit's setup files.
    calls.push(...(await inProcessCalls(callsFile)));
    return {
      pass: options.pass,
      clock: (from ?? new Date(started)).toISOString(),
      exitCode,
      durationMs: Date.now() - started,
      calls,
      requests,
      ...(options.brownouts
        ? { brownout: { schedule: options.brownouts, calls: calls.filter((call) => call.brownout).length } }
        : {}),
    };
  } finally {
    await server.close();
    await rm(folder, { recursive: true, force: true });
  }
}

/** The calls a setup file wrote (one JSON object a line); none when no mock answered in process. */
async function inProcessCalls(file: string): Promise<DeprecatedCall[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').flatMap((line) => {
    try {
      const call = asDeprecatedCall(JSON.parse(line));
      return call ? [call] : [];
    } catch {
      return []; // a line cut short by a test process that was killed
    }
  });
}

/** Runs the command to its end; its output goes to `output`. A command that cannot start rejects. */
function runCommand(
  command: string,
  args: readonly string[],
  env: Record<string, string | undefined>,
  output: (chunk: string) => void,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.setEncoding('utf8').on('data', output);
    child.stderr.setEncoding('utf8').on('data', output);
    child.once('error', reject);
    child.once('close', (code) => resolve(code ?? 1));
  });
}
