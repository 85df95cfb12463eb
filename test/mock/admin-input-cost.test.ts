// Every admin input is bounded in cost (issue 28, item 4). Each endpoint of the admin API, enumerated from its
// router (ADMIN_ENDPOINTS), and each file option (`serve --data`, also under --watch, `--rule`, `--fault`) is fed
// the worst inputs of its shape: a megabyte of keys or of array items, nesting 100,000 deep, a key or a value of
// a megabyte, control characters that JSON writes six bytes each. Each is answered with a 4xx and an Error body
// of a few kB (a file option: exit 2 and a few lines), never a 5xx; a client sent beside it is answered; and the
// mock spends at most CPU_SECONDS on the two: validation is linear, and stops once it has found enough to say
// (src/openapi/capped-issues.ts).
// One served mock in its own process, so that what holds its event loop holds it and not the test's.
import { request } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS } from '../../src/core/admin/admin-api.ts';
import { DEV_API_KEY, MAX_BODY_BYTES } from '../../src/core/index.ts';
import { MAX_INPUT_DEPTH, MAX_OBJECT_MEMBERS } from '../../src/shared/input-limits.ts';
import { expectErrorText } from '../support/error-body.ts';
import { startCli, type CliChild } from '../support/cli-child.ts';
import { runRow } from '../support/cli-in-process.ts';
import { cpuSeconds } from '../support/process-cpu.ts';

/** What "a few kB" means here: the first ten problems, each clipped, and a count of the rest. */
const FEW_KB = 8 * 1024;
/**
 * The mock's CPU time for one hostile exchange (and the client's beside it), in seconds. Linear, a hostile input
 * costs tens of milliseconds; quadratic, a megabyte of it costs minutes: the bound tells the two apart. CPU time,
 * read from /proc, is the measure, not a wait: on a machine busy with other processes a wait stretches with the
 * load (the mock may get a quarter of a core), and a verdict must not depend on it.
 */
const CPU_SECONDS = 2;
const AUTH = { authorization: `Bearer ${DEV_API_KEY}` };

/** Items made by `unit`, joined by commas, up to `bytes` of text. */
function fill(unit: (i: number) => string, bytes: number): string {
  const parts: string[] = [];
  for (let i = 0, size = 0; size < bytes; i++) {
    const part = unit(i);
    parts.push(part);
    size += part.length + 1;
  }
  return parts.join(',');
}

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** Hostile JSON texts of about `bytes`, each the worst of its shape for a rule, a fault or a data set. */
function hostileBodies(bytes: number): [string, string][] {
  const keys = (prefix = 'k') => fill((i) => `"${prefix}${i.toString(36)}":1`, bytes);
  const depth = Math.min(100_000, Math.floor(bytes / 2) - 100);
  const objectDepth = Math.min(100_000, Math.floor(bytes / 6));
  return [
    ['unknown keys', `{"operation":"listPets","status":500,${keys()}}`],
    ['match keys', `{"operation":"listPets","status":500,"match":{"query":{${keys()}}}}`],
    ['a rule body of bad pets', `{"operation":"listPets","status":200,"body":[${fill(() => '{}', bytes)}]}`],
    ['entries that are not pets', `[${fill(() => '{}', bytes)}]`],
    ['entries of unknown keys', `[${fill((i) => `{"x${i.toString(36)}":1}`, bytes)}]`],
    ['empty arrays', `[${fill(() => '[]', bytes)}]`],
    [`arrays nested ${depth} deep`, `{"operation":"listPets","status":200,"deliberate":true,"body":${nested(depth)}}`],
    [`objects nested ${objectDepth} deep`, deepObject(objectDepth)],
    ['a key as long as the body', `{"operation":"listPets","status":500,"match":{"query":{"${'q'.repeat(bytes)}":1}}}`],
    ['a key of control characters', `[{"${'\\u0001'.repeat(bytes / 6)}":1}]`],
    ['a value as long as the body', `{"operation":"${'o'.repeat(bytes)}","status":500}`],
  ];
}

/** Hostile ids and queries for the endpoints that take no body, within the 64 KiB of headers. */
const HOSTILE_PARAMS = [
  `limit=${'9'.repeat(30_000)}x&status=${'5'.repeat(10_000)}`,
  `operation=${'%'.repeat(20_000)}&origin=${'%'.repeat(20_000)}`,
  fill((i) => `p${i}=1`, 30_000).replace(/,/g, '&'),
];
const HOSTILE_IDS = ['%'.repeat(30_000), '{'.repeat(30_000), `${'9'.repeat(30_000)}`];

describe('each admin endpoint, fed its worst input', () => {
  let mock: CliChild;
  beforeAll(async () => {
    mock = await startCli(['--pets', '10']);
  });
  afterAll(() => mock?.stop());

  /**
   * Sends the hostile request and, once its body is on its way, a plain list request beside it: the answer to
   * the hostile one, and the mock's CPU seconds for both.
   */
  async function beside(method: string, path: string, body?: string) {
    const { port } = new URL(mock.origin);
    const cpuBefore = await cpuSeconds(mock.child.pid!);
    let sent!: () => void;
    const bodySent = new Promise<void>((resolve) => (sent = resolve));
    const hostile = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const headers = { ...AUTH, ...(body === undefined ? {} : { 'content-type': 'application/json' }) };
      const req = request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
      req.on('finish', sent);
      req.end(body);
    });
    await bodySent;
    const other = await fetch(`${mock.origin}/v1/pets?limit=1`, { headers: AUTH });
    await other.arrayBuffer();
    expect(other.status).toBe(200);
    const answer = await hostile;
    return { ...answer, cpu: (await cpuSeconds(mock.child.pid!)) - cpuBefore };
  }

  function expectBoundedError(answer: { status: number; text: string }, what: string) {
    expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${what}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
    expectErrorText(answer.text, answer.status);
    expect(Buffer.byteLength(answer.text), what).toBeLessThanOrEqual(FEW_KB);
  }

  const endpoints = Object.entries(ADMIN_ENDPOINTS).flatMap(([path, methods]) =>
    methods.map((method) => [method, path] as const),
  );
  const withBody = endpoints.filter(([method]) => ['POST', 'PUT', 'PATCH'].includes(method));
  // The endpoints that take no body still take ids and queries.
  const withoutBody = endpoints.filter(([method]) => !['POST', 'PUT', 'PATCH'].includes(method));

  it('are all found in the router, those that take a body among them', () => {
    expect(withBody.map(([method, path]) => `${method} ${path}`)).toEqual(
      expect.arrayContaining(['POST /faults', 'POST /rules', 'PUT /data']),
    );
    expect(withoutBody.length).toBeGreaterThan(0);
  });

  const bodies = hostileBodies(MAX_BODY_BYTES - 1024);
  describe.each(withBody)('%s /__admin%s', (method, path) => {
    // An endpoint that reads its body (it refuses one that is not JSON) refuses each hostile body with a 4xx; one
    // that takes none (POST /reset) does its job; neither answers 5xx.
    let readsBody: boolean;
    beforeAll(async () => {
      readsBody = (await beside(method, `/__admin${path}`, 'not JSON')).status === 400;
    });

    it.each(bodies)('%s: a 4xx with a few kB of Error body, the client beside answered', async (what, body) => {
      expect(body.length).toBeLessThanOrEqual(MAX_BODY_BYTES);
      const answer = await beside(method, `/__admin${path}`, body);
      if (readsBody) expectBoundedError(answer, what);
      else expect(answer.status, what).toBeLessThan(300);
      expect(answer.cpu, what).toBeLessThan(CPU_SECONDS);
    });
  });

  it.each(withoutBody)('%s /__admin%s: hostile ids and queries, never a 5xx', async (method, path) => {
    const targets = path.includes(':id')
      ? HOSTILE_IDS.map((id) => path.replace(':id', id))
      : HOSTILE_PARAMS.map((query) => `${path}?${query}`);
    for (const target of targets) {
      const answer = await beside(method, `/__admin${target}`);
      expect(answer.status, target.slice(0, 80)).toBeLessThan(500);
      if (answer.status >= 400) expectBoundedError(answer, target.slice(0, 80));
      expect(answer.cpu, target.slice(0, 80)).toBeLessThan(CPU_SECONDS);
    }
  });

  it('names the depth limit in the 400 for a body nested past it', async () => {
    const answer = await beside('POST', '/__admin/rules', `{"operation":"listPets","status":200,"body":${nested(70)}}`);
    const error = expectErrorText(answer.text, 400);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(error.message).toContain(`${MAX_INPUT_DEPTH} levels`);
  });

  it('names the limit of members in the 400 for an object past it', async () => {
    const answer = await beside('PUT', '/__admin/data', `[{${fill((i) => `"k${i}":1`, 20_000)}}]`);
    expect(expectErrorText(answer.text, 400).message).toBe(
      `Invalid request: body has an object of more than ${MAX_OBJECT_MEMBERS} members`,
    );
  });

  it('names the first problems and how many more', async () => {
    const answer = await beside('POST', '/__admin/faults', `{"status":500,${fill((i) => `"k${i}":1`, 4000)}}`);
    const error = expectErrorText(answer.text, 400);
    expect(error.issues).toHaveLength(10);
    expect(error.issues![0]).toEqual({ in: 'body', pointer: '/k0', message: "body field 'k0' is not allowed" });
    expect(error.message).toMatch(
      /^Invalid fault: body field 'k0' is not allowed; .*; and \d+ more; the rest was not checked$/,
    );
  });
});

describe('each file option, fed its worst input', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'petstore-hostile-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** A run that ends with exit 2 and a few lines, in well under the time a quadratic check would take. */
  function expectRefused({ code, output }: { code: number | null; output: string }, what: string) {
    expect(code, `${what}: ${output.slice(0, 500)}`).toBe(2);
    expect(Buffer.byteLength(output), what).toBeLessThanOrEqual(FEW_KB);
    expect(output).not.toMatch(/Maximum call stack|RangeError|TypeError/);
  }

  // A data file is read whole, like an admin body, but has no size limit: 4 MiB of each shape. Each row but the
  // first runs in this process (runRow): a row need not start a Node process to be refused.
  const dataFiles: [string, string, string][] = [
    ...hostileBodies(4 * 1024 * 1024).map(([what, text]) => [what, 'pets.json', text] as [string, string, string]),
    ['YAML nested 100,000 deep', 'pets.yaml', nested(100_000)],
    [
      'YAML of aliases',
      'pets.yaml',
      `a: &a [${'x,'.repeat(1000)}x]\nb: &b [${'*a,'.repeat(100)}*a]\npets: [${'*b,'.repeat(100)}*b]\n`,
    ],
  ];
  it.each(dataFiles)('serve --data: %s → exit 2, a few lines', async (what, name, text) => {
    const path = join(dir, name);
    await writeFile(path, text);
    expectRefused(await runRow(what === dataFiles[0][0])(['serve', '--port', '0', '--data', path]), what);
  });

  // A command-line argument holds at most 128 KiB on Linux; the shapes of a rule or a fault.
  const flagValues = hostileBodies(100_000).filter(([what]) => !what.startsWith('entries') && what !== 'empty arrays');
  it.each(flagValues)('serve --rule and --fault: %s → exit 2, a few lines', async (what, text) => {
    for (const flag of ['--rule', '--fault']) {
      const result = await runRow(what === flagValues[0][0])(['serve', '--port', '0', flag, text]);
      expectRefused(result, `${flag} ${what}`);
      expect(result.output).toContain(`petstore-kit serve: ${flag}: `);
    }
  });

  // A reload reads the file on the event loop: the client beside waits for as long as the file takes to parse, so
  // it is fed files of an admin body's size (a file of 4 MiB takes four times as long, as a valid one does).
  it('serve --data --watch: a reloaded file of the worst inputs is refused in a few lines, clients answered', async () => {
    const path = join(dir, 'watched.json');
    await writeFile(path, JSON.stringify([{ name: 'Rex', categoryId: 1 }]));
    const cli = await startCli(['--data', path, '--watch']);
    try {
      for (const [what, text] of hostileBodies(MAX_BODY_BYTES)) {
        const before = cli.output().length;
        const cpuBefore = await cpuSeconds(cli.child.pid!);
        await writeFile(path, text);
        // A client asking again (every 20 ms) while the file is read, checked and refused: the pets it had.
        while (!cli.output().slice(before).includes('Failed to reload')) {
          const answer = await fetch(`${cli.origin}/v1/pets`, { headers: AUTH });
          expect(await answer.json()).toEqual([expect.objectContaining({ name: 'Rex' })]);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect((await cpuSeconds(cli.child.pid!)) - cpuBefore, what).toBeLessThan(CPU_SECONDS);
        expect(Buffer.byteLength(cli.output().slice(before)), what).toBeLessThanOrEqual(FEW_KB);
      }
    } finally {
      await cli.stop();
    }
  });
});
