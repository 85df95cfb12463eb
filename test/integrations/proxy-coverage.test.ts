// Axis 2 of coverage over what the proxy forwarded (docs/coverage.md): its report on exit (and GET
// /__admin/report) carries the cells of the interface the traffic reached, measured by the same code as
// `petstore-kit coverage`, which says the same of the HAR the proxy recorded. With --min-coverage the proxy
// exits 1 below it and names the cells missed on stderr, as verify and `coverage` do.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TrafficCoverageReport } from '../../contract-tests/reporters/traffic-coverage-report.ts';
import type { Coverage } from '../../contract-tests/types.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { startTarget } from '../fixtures/targets/index.ts';
import { runCli, startProxyCli } from '../support/cli-child.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-kit-proxy-coverage-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const reached = (coverage: Coverage) => coverage.cells.filter((c) => c.state === 'reached').map((c) => c.id);

it('the report says which cells the forwarded traffic reached, as `coverage` says of its recording', async () => {
  const target = await startTarget();
  const output = join(dir, 'report.json');
  const record = join(dir, 'traffic.har');
  try {
    const proxy = await startProxyCli([
      '--target',
      target.apiUrl,
      '--record',
      record,
      '--reporter',
      'json',
      '--output',
      output,
    ]);
    const auth = { authorization: `Bearer ${DEV_API_KEY}` };
    await fetch(`${proxy.apiUrl}/pets?limit=100&status=pending`, { headers: auth });
    await fetch(`${proxy.apiUrl}/pets/1`);
    await fetch(`${proxy.apiUrl}/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 7, categoryId: 1 }),
    });
    const admin = await fetch(`${new URL(proxy.apiUrl).origin}/__admin/report`);
    const live = (await admin.json()) as { coverage: Coverage };
    process.kill(proxy.pid, 'SIGTERM');
    expect(await proxy.exited).toBe(0);
    const report = JSON.parse(await readFile(output, 'utf8')) as { coverage: Coverage };
    expect(reached(report.coverage)).toEqual([
      'listPets answer 200',
      'listPets limit: maximum',
      'listPets status: "pending"',
      'listPets credential: valid',
      'createPet answer 400',
      'createPet credential: valid',
      'createPet body: wrong type name',
      'getPet answer 401',
      'getPet petId: integer',
      'getPet credential: none',
    ]);
    expect(report.coverage.cells.find((c) => c.id === 'listPets limit: above')?.why).toBe('the traffic never got it');
    expect(reached(live.coverage)).toEqual(reached(report.coverage));
    expect(proxy.output()).toMatch(
      /Stopped \(received SIGTERM\)\. 3 exchange\(s\), .*; traffic coverage 17\.8% of the interface's reachable cells\./,
    );

    const measured = join(dir, 'measured.json');
    const { code } = await runCli(['coverage', record, '--reporter', 'json', '--output', measured]);
    expect(code).toBe(0);
    const fromHar = JSON.parse(await readFile(measured, 'utf8')) as TrafficCoverageReport;
    expect(fromHar.creator).toMatch(/^petstore-kit proxy /);
    expect(fromHar.baseUrl).toBe(proxy.apiUrl);
    expect(fromHar.coverage.cells).toEqual(report.coverage.cells);
  } finally {
    await target.close();
  }
});

it('--min-coverage: below it the proxy exits 1, its report says FAIL and stderr names the cells missed', async () => {
  const target = await startTarget();
  const output = join(dir, 'summary.md');
  try {
    const run = async (minimum: string) => {
      const proxy = await startProxyCli([
        '--target',
        target.apiUrl,
        '--min-coverage',
        minimum,
        '--reporter',
        'markdown',
        '--output',
        output,
      ]);
      await fetch(`${proxy.apiUrl}/pets?limit=5`, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
      process.kill(proxy.pid, 'SIGTERM');
      return { code: await proxy.exited, output: proxy.output(), markdown: await readFile(output, 'utf8') };
    };
    const below = await run('50');
    expect(below.code).toBe(1);
    expect(below.output).toMatch(
      /0 with a failure; FAIL: too little coverage, .*; traffic coverage [\d.]+% of the interface's reachable cells, below --min-coverage 50%\./,
    );
    expect(below.output).toMatch(
      /\ncoverage [\d.]+% is below --min-coverage 50%; cells missed: listPets answer 400, .*createPet answer 201/,
    );
    expect(below.markdown).toMatch(/^### petstore-kit proxy: ❌ FAIL\n/);
    expect(below.markdown).toMatch(
      /❌ coverage [\d.]+% of the interface's reachable cells \(.*below --min-coverage 50%\)/,
    );

    const above = await run('1');
    expect(above.code).toBe(0);
    expect(above.output).toMatch(/PASS: no failure, .*, at least --min-coverage 1%\./);
    expect(above.output).not.toContain('cells missed');
    expect(above.markdown).toMatch(/^### petstore-kit proxy: ✅ PASS\n/);
  } finally {
    await target.close();
  }
});

it('a bad --min-coverage is one line and exit 2, before the proxy starts', async () => {
  const { code, output } = await runCli(['proxy', '--target', 'http://127.0.0.1:9/v1', '--min-coverage', '101']);
  expect(code).toBe(2);
  expect(output).toMatch(
    /^petstore-kit proxy: --min-coverage must be a percentage from 0 to 100 \(e\.g\. 100 or 92\.5\), not "101"\n/,
  );
});
