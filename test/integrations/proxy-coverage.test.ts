// Axis 2 of coverage over what the proxy forwarded (docs/coverage.md): its report on exit (and GET
// /__admin/report) carries the cells of the interface the traffic reached, measured by the same code as
// `petstore-kit coverage`, which says the same of the HAR the proxy recorded.
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
