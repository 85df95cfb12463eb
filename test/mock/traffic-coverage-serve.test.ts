// Axis 2 on the mock itself (docs/coverage.md#axis-2-what-your-app-sends): GET /__admin/coverage/traffic of a
// real `petstore-kit serve` process, behind the admin API's key: which cells of the interface the app's traffic
// in the journal reached, measured as `petstore-kit coverage` measures the journal's HAR export, and measured
// again when the journal changes (a request, a clear). The dashboard carries its panel; serve() without the
// measure (a library user's server) serves neither. After a verify run against the mock, the panel shows what the
// run reached: axis 1, drawn by the mock's dashboard.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrafficCoverageReport } from '../../contract-tests/reporters/traffic-coverage-report.ts';
import type { Coverage } from '../../contract-tests/types.ts';
import { runConformance } from '../../contract-tests/index.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve } from '../../src/node/serve.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';
import { expectError } from '../support/error-body.ts';

type JournalCoverage = Coverage & { headline: string; exchanges: { total: number; counted: number } };

let cli: CliChild;
let dir: string;
beforeAll(async () => {
  cli = await startCli([]);
  dir = await mkdtemp(join(tmpdir(), 'petstore-serve-traffic-coverage-'));
});
afterAll(async () => {
  await cli?.stop();
  await rm(dir, { recursive: true, force: true });
});

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const admin = (path: string, init: RequestInit = {}) =>
  fetch(`${cli.origin}/__admin${path}`, { ...init, headers: { ...auth, ...init.headers } });
const traffic = async () => {
  const response = await admin('/coverage/traffic');
  expect(response.status).toBe(200);
  return (await response.json()) as JournalCoverage;
};
const reached = (coverage: Coverage) => coverage.cells.filter((c) => c.state === 'reached').map((c) => c.id);

describe('GET /__admin/coverage/traffic of petstore-kit serve', () => {
  it("is behind the admin API's key", async () => {
    const response = await fetch(`${cli.origin}/__admin/coverage/traffic`);
    await expectError(response, 401, 'UNAUTHORIZED');
  });

  it('says which cells the traffic in the journal reached, as `coverage` says of the journal exported as HAR', async () => {
    await admin('/requests', { method: 'DELETE' });
    const empty = await traffic();
    expect(empty).toMatchObject({ percent: 0, reached: 0, exchanges: { total: 0, counted: 0 } });
    expect(empty.headline).toMatch(/^coverage 0% of the interface's reachable cells \(0 of \d+; 3 out of reach\)$/);

    const api = `${cli.origin}/v1`;
    await fetch(`${api}/pets?limit=100&status=sold`, { headers: auth });
    await fetch(`${api}/pets/1`); // no key: 401, the credential `none`
    await fetch(`${api}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ categoryId: 1 }),
    });
    await fetch(`${cli.origin}/quickstart/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"message":"hi"}',
    });
    const measured = await traffic();
    expect(measured.exchanges).toEqual({ total: 4, counted: 4 });
    expect(reached(measured)).toEqual([
      'listPets answer 200',
      'listPets limit: maximum',
      'listPets status: "sold"',
      'listPets credential: valid',
      'createPet answer 400',
      'createPet credential: valid',
      'createPet body: missing name',
      'getPet answer 401',
      'getPet petId: integer',
      'getPet credential: none',
      // The quickstart's traffic counts too (it asks for a key as well).
      'sendMessage answer 401',
      'sendMessage credential: none',
      'sendMessage body: valid',
    ]);
    expect(measured.cells.find((c) => c.id === 'listPets limit: above')).toMatchObject({
      state: 'missing',
      why: 'the traffic never got it',
    });
    expect(measured.headline).toBe(
      `coverage ${measured.percent}% of the interface's reachable cells (${measured.reached} of ${measured.reachable}; 3 out of reach)`,
    );

    // The same journal, exported and measured by `petstore-kit coverage`: the same cells.
    const har = join(dir, 'journal.har');
    await writeFile(har, await (await admin('/requests.har')).text());
    const output = join(dir, 'journal.json');
    expect((await runCli(['coverage', har, '--reporter', 'json', '--output', output])).code).toBe(0);
    const report = JSON.parse(await readFile(output, 'utf8')) as TrafficCoverageReport;
    expect(report.coverage.cells).toEqual(measured.cells);

    // Measured again when the journal changes: one more request, then a clear.
    await fetch(`${api}/pets?limit=101`, { headers: auth });
    const more = await traffic();
    expect(more.exchanges.total).toBe(5);
    expect(reached(more)).toContain('listPets limit: above');
    await admin('/requests', { method: 'DELETE' });
    expect(await traffic()).toMatchObject({ reached: 0, exchanges: { total: 0, counted: 0 } });
  });

  it("after a verify run against the mock, it is verify's own coverage (axis 1), but for bodies past the size limit", async () => {
    await admin('/requests', { method: 'DELETE' });
    const report = await runConformance({
      baseUrl: `${cli.origin}/v1`,
      quickstartUrl: `${cli.origin}/quickstart`,
      apiKey: DEV_API_KEY,
      allowWrites: true,
      maxExamples: 5,
    });
    const judged = reached(report.coverage!);
    const shown = reached(await traffic());
    // The journal keeps a clipped copy of a body past the limit: the panel sees its 413, not that it was over.
    const overLimit = ['createPet body: over the size limit', 'sendMessage body: over the size limit'];
    expect(judged.filter((cell) => !shown.includes(cell)).sort()).toEqual(overLimit);
    expect(shown.filter((cell) => !judged.includes(cell))).toEqual([]);
    await admin('/requests', { method: 'DELETE' });
  });

  it("the dashboard carries the traffic coverage's panel", async () => {
    const page = await (await fetch(`${cli.origin}/__admin/`)).text();
    expect(page).toContain('<section id="coverage" hidden>');
    expect(page).toContain("call('/coverage/traffic')");
    expect(page).not.toContain('<code>petstore-kit coverage petstore-kit.har</code>');
  });
});

describe('serve() without a traffic coverage measure', () => {
  it('serves no such endpoint, and its dashboard says how to measure the journal instead', async () => {
    const server = await serve({ port: 0 });
    try {
      const response = await fetch(`${server.url}/__admin/coverage/traffic`, { headers: auth });
      await expectError(response, 404, 'NOT_FOUND');
      const page = await (await fetch(`${server.url}/__admin/`)).text();
      expect(page).not.toContain('id="coverage"');
      expect(page).toContain('<code>petstore-kit coverage petstore-kit.har</code>');
    } finally {
      await server.close();
    }
  });
});
