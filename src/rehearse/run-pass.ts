// One pass of a rehearsal: a fresh mock on loopback (the same seed every pass) with its clock set, the
// user's command run against it with the addresses and key in its environment, and every call to an
// operation the document deprecates noted as the mock answered it.
import { spawn } from 'node:child_process';
import { DEV_API_KEY, type JournalEntry } from '../core/index.ts';
import { serve } from '../node/serve.ts';
import { decodeTestName, REHEARSAL_ENV, TEST_NAME_HEADER } from '../shared/rehearsal-env.ts';
import type { Removal } from './removals.ts';

export interface DeprecatedCall {
  operationId: string;
  method: string;
  /** The path and query as sent. */
  url: string;
  status: number;
  /** The test that made it, when the request named it (TEST_NAME_HEADER). */
  test?: string;
  /** The record's values the answer showed (its status, for the replacement's filter), when it showed one. */
  record?: Record<string, unknown>;
  /** A brownout answered it with the removal's answer (the first pass, under `--brownout`). */
  brownout?: true;
}

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
      if (entry.operation && deprecated.has(entry.operation)) calls.push(callOf(entry));
    },
  });
  try {
    const env = {
      ...options.env,
      [REHEARSAL_ENV.baseUrl]: server.apiUrl,
      [REHEARSAL_ENV.quickstartUrl]: server.quickstartUrl,
      [REHEARSAL_ENV.apiKey]: DEV_API_KEY,
      [REHEARSAL_ENV.pass]: options.pass,
    };
    const exitCode = await runCommand(options.command, options.args, env, options.output);
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
  }
}

function callOf(entry: JournalEntry): DeprecatedCall {
  const test = entry.request.headers[TEST_NAME_HEADER];
  return {
    operationId: entry.operation!,
    method: entry.method,
    url: entry.query ? `${entry.path}?${entry.query}` : entry.path,
    status: entry.status,
    ...(test ? { test: decodeTestName(test) } : {}),
    ...recordOf(entry),
    ...(entry.brownout ? { brownout: true as const } : {}),
  };
}

/** The record a 2xx answer showed, for the worked example of its replacement. */
function recordOf(entry: JournalEntry): { record?: Record<string, unknown> } {
  if (entry.status < 200 || entry.status >= 300 || !entry.response.body?.text) return {};
  try {
    const body = JSON.parse(entry.response.body.text) as unknown;
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { record: body as Record<string, unknown> }
      : {};
  } catch {
    return {};
  }
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
