// Runs Dredd 14 (a child process, so its global logger and exit handling stay out of ours) on a derived
// copy of the spec with our hooks and plan, and parses its summary. Every line of its output goes through
// a redaction of the API key first: Dredd prints request headers of failing transactions.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { DEFAULT_SPEC_PATH, loadSpec } from '../shared/spec-files.ts';
import { deriveDreddSpec } from './derive-dredd-spec.ts';
import { buildDreddPlan } from './transaction-plan.ts';
import { createRedactor } from '../../src/shared/redact.ts';
import { eachLine } from '../process/child-lines.ts';
import { resolvePeerEntry } from '../process/resolve-peer.ts';
import { withoutTrailingSlashes } from '../../src/shared/trailing-slashes.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const PACKAGE_ROOT = join(HERE, '..', '..');

export interface RunDreddOptions {
  /** Pet Store base URL including /v1. */
  baseUrl: string;
  apiKey: string;
  /** Default: origin of baseUrl + /quickstart. */
  quickstartUrl?: string;
  /** A Pet Store base URL whose clock is past the sunset, for the 410 transaction. Skipped (with reason) without it. */
  sunsetUrl?: string;
  specPath?: string;
  /** Each output line, already redacted. */
  onLine?: (line: string) => void;
}

export interface DreddCounts {
  passing: number;
  failing: number;
  errors: number;
  skipped: number;
  total: number;
}

export interface DreddResult {
  exitCode: number;
  /** Dredd's whole output, redacted. */
  output: string;
  /** From Dredd's "complete: ..." line; undefined when Dredd stopped before running. */
  counts?: DreddCounts;
}

/** Runs Dredd against a deployment. Resolves once the child has exited. */
export async function runDredd(options: RunDreddOptions): Promise<DreddResult> {
  const dreddBin = resolvePeerEntry('dredd', 'run Dredd');
  const dir = await mkdtemp(join(tmpdir(), 'petstore-kit-dredd-'));
  try {
    const sourcePath = options.specPath ?? DEFAULT_SPEC_PATH;
    const source = await loadSpec(sourcePath);
    // Our published document gives Dredd every example it needs; a copy is written only for a document
    // that lacks one (Dredd aborts on a path parameter without an example).
    const derived = deriveDreddSpec(source);
    const needsCopy = JSON.stringify(derived) !== JSON.stringify(source);
    const specPath = needsCopy ? join(dir, 'petstore.dredd.yaml') : sourcePath;
    const planPath = join(dir, 'plan.json');
    const configPath = join(dir, 'dredd.yml');
    if (needsCopy) await writeFile(specPath, stringify(derived, { aliasDuplicateObjects: false }));
    await writeFile(
      planPath,
      JSON.stringify(buildDreddPlan(source, { sunsetServer: options.sunsetUrl !== undefined })),
    );
    const config = parse(await readFile(join(HERE, 'dredd.yml'), 'utf8')) as Record<string, unknown>;
    await writeFile(
      configPath,
      stringify({
        ...config,
        blueprint: specPath,
        endpoint: options.baseUrl,
        hookfiles: join(HERE, String(config.hookfiles)),
      }),
    );

    const env = {
      ...process.env,
      PETSTORE_KIT_DREDD_PLAN: planPath,
      PETSTORE_KIT_DREDD_API_URL: withoutTrailingSlashes(options.baseUrl),
      PETSTORE_KIT_DREDD_QUICKSTART_URL: withoutTrailingSlashes(
        options.quickstartUrl ?? `${new URL(options.baseUrl).origin}/quickstart`,
      ),
      PETSTORE_KIT_DREDD_API_KEY: options.apiKey,
      ...(options.sunsetUrl ? { PETSTORE_KIT_DREDD_SUNSET_URL: withoutTrailingSlashes(options.sunsetUrl) } : {}),
      FORCE_COLOR: '0',
      NODE_NO_WARNINGS: '1', // Dredd's winston triggers a circular-dependency warning on every start
    };
    return await spawnDredd(dreddBin, ['--config', configPath], env, options.apiKey, options.onLine);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function spawnDredd(
  dreddBin: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  secret: string,
  onLine?: (line: string) => void,
): Promise<DreddResult> {
  const child = spawn(process.execPath, [dreddBin, ...args], {
    cwd: PACKAGE_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const lines: string[] = [];
  const redactor = createRedactor(secret ? [secret] : []);
  const redact = (line: string) => redactor.text(line);
  eachLine([child.stdout, child.stderr], (line) => emit(redact(line)));
  function emit(line: string) {
    lines.push(line);
    onLine?.(line);
  }
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      process.removeListener('exit', killOnExit);
      const output = lines.join('\n');
      resolve({ exitCode: code ?? (signal ? 1 : 0), output, counts: parseCounts(output) });
    });
  });
}

/** Parses Dredd's summary, e.g. "complete: 15 passing, 0 failing, 0 errors, 1 skipped, 16 total". */
export function parseCounts(output: string): DreddCounts | undefined {
  const line = output.split('\n').find((l) => l.includes('complete: ') && l.trimEnd().endsWith(' total'));
  if (!line) return undefined;
  // "15 passing, 0 failing, …" → passing: 15, failing: 0, … (words, not a pattern: Dredd prints what targets sent).
  const byWord = new Map<string, number>();
  for (const part of line.slice(line.indexOf('complete: ') + 'complete: '.length).split(',')) {
    const [number, word] = part.trim().split(' ');
    byWord.set(word, Number(number));
  }
  const count = (word: string) => byWord.get(word) ?? 0;
  return {
    passing: count('passing'),
    failing: count('failing'),
    errors: count('errors'),
    skipped: count('skipped'),
    total: count('total'),
  };
}
