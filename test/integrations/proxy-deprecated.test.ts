// Deprecated calls in real traffic (issue 31, item 4): the real proxy in front of the real mock, an app's
// calls to getPet (deprecated, removed on 2030-12-05) among its others. Before the date each is a notice,
// never a failure, so the exit code is what it was; the report counts them by URL, writes the replacement out
// for the same pet (proven by sending it to the mock), and says how many exchanges would break on the date.
// Past the date (the mock's and the judge's clocks set), the mock's 410s break nothing more and are no failure.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { FINDINGS_HEADER, parseFindingsHeader } from '../../src/proxy/findings-header.ts';
import { startProxy } from '../../src/proxy/start-proxy.ts';
import { startProxyCli } from '../support/cli-child.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const PAST_THE_REMOVAL = new Date('2031-01-01T12:00:00Z');

interface Pet {
  id: number;
  status: string;
}

let dir: string;
let mock: RunningServer;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-kit-proxy-deprecated-'));
  mock = await serve({ port: 0, log: () => undefined });
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

describe('petstore-kit proxy in front of the mock, before the removal date', () => {
  it('reports every getPet call with its replacement and the would-break figure; no failure, exit 0', async () => {
    const output = join(dir, 'report.json');
    const proxy = await startProxyCli(['--target', mock.apiUrl, '--log', '--reporter', 'json', '--output', output]);
    let exited = false;
    void proxy.exited.then(() => (exited = true));
    try {
      const listed = (await (await fetch(`${proxy.apiUrl}/pets?limit=2`, { headers: auth })).json()) as Pet[];
      expect(listed).toHaveLength(2);
      const [first, second] = listed;
      // The app's deprecated calls: the first pet twice, the second once, an unknown id, one without the key.
      const served = await fetch(`${proxy.apiUrl}/pets/${first.id}`, { headers: auth });
      expect(served.status).toBe(200);
      expect(parseFindingsHeader(served.headers.get(FINDINGS_HEADER))).toMatchObject({
        failures: 0,
        notices: 1,
        findings: expect.arrayContaining([
          { severity: 'notice', check: 'deprecation', title: 'DeprecatedOperationCalled' },
        ]),
      });
      await served.text();
      for (const [path, headers, status] of [
        [`/pets/${first.id}`, auth, 200],
        [`/pets/${second.id}`, auth, 200],
        ['/pets/99999999', auth, 404],
        [`/pets/${first.id}`, {}, 401],
      ] as const) {
        const response = await fetch(`${proxy.apiUrl}${path}`, { headers });
        expect(response.status).toBe(status);
        await response.text();
      }
      // While it runs, the admin API says the same.
      const adminUrl = proxy.apiUrl.replace(/\/v1$/, '/__admin/requests');
      const running = (await (await fetch(adminUrl)).json()) as { deprecatedCalls: { total: number } };
      expect(running.deprecatedCalls).toMatchObject({ total: 5, wouldBreak: 3 });
      process.kill(proxy.pid, 'SIGTERM');
      expect(await proxy.exited).toBe(0);

      const report = JSON.parse(await readFile(output, 'utf8'));
      expect(report.summary.failed).toBe(0);
      expect(report.exchanges).toEqual({ total: 6, judged: 6, failed: 0 });
      expect(report.deprecatedCalls).toMatchObject({ total: 5, wouldBreak: 3 });
      const [getPet] = report.deprecatedCalls.operations;
      expect(getPet).toMatchObject({
        operationId: 'getPet',
        call: 'GET /pets/{petId}',
        sunset: '2030-12-05',
        replacement: 'GET /pets',
        count: 5,
        wouldBreak: 3,
        unlisted: 0,
      });
      const instead = (pet: Pet) => `GET /v1/pets?limit=100&status=${pet.status}, then the record with id ${pet.id}`;
      expect(getPet.calls).toEqual([
        { method: 'GET', url: `/v1/pets/${first.id}`, count: 3, wouldBreak: 2, instead: instead(first) },
        { method: 'GET', url: `/v1/pets/${second.id}`, count: 1, wouldBreak: 1, instead: instead(second) },
        { method: 'GET', url: '/v1/pets/99999999', count: 1, wouldBreak: 0 },
      ]);
      expect(proxy.output()).toContain('5 deprecated call(s), 3 would break on the removal date');
      expect(proxy.output()).toContain('PASS: no failure');
      expect(proxy.output()).toMatch(
        new RegExp(
          `notice DeprecatedOperationCalled \\[deprecation\\]: removed on 2030-12-05, would break then; instead GET /v1/pets\\?limit=100&status=${first.status}, then the record with id ${first.id}`,
        ),
      );

      // The replacement as written finds the same pet on the mock.
      for (const pet of [first, second]) {
        const [call] = instead(pet).split(',');
        const page = (await (
          await fetch(`${mock.url}${call.slice('GET '.length)}`, { headers: auth })
        ).json()) as Pet[];
        expect(page.find((p) => p.id === pet.id)).toEqual(
          await (await fetch(`${mock.apiUrl}/pets/${pet.id}`, { headers: auth })).json(),
        );
      }
    } finally {
      if (!exited) process.kill(proxy.pid, 'SIGTERM');
    }
  });
});

describe('past the removal date', () => {
  it("the mock's 410s: notices, none would break, no failure", async () => {
    const removed = await serve({ port: 0, log: () => undefined, now: () => PAST_THE_REMOVAL });
    const proxy = await startProxy({ target: removed.apiUrl, now: () => PAST_THE_REMOVAL });
    try {
      for (const id of [1, 2]) {
        const response = await fetch(`${proxy.apiUrl}/pets/${id}`, { headers: auth });
        expect(response.status).toBe(410);
        await response.text();
      }
      await proxy.close();
      expect(proxy.hasFailures()).toBe(false);
      const { deprecatedCalls } = proxy.report();
      expect(deprecatedCalls).toMatchObject({ total: 2, wouldBreak: 0 });
      expect(proxy.journal.all().map((x) => x.notices.map((n) => n.deprecatedCall.pastSunset))).toEqual([
        [true],
        [true],
      ]);
    } finally {
      await proxy.close();
      await removed.close();
    }
  });

  it('a target still serving getPet: each call a notice past its date that still counts as would break', async () => {
    const proxy = await startProxy({ target: mock.apiUrl, now: () => PAST_THE_REMOVAL });
    try {
      const response = await fetch(`${proxy.apiUrl}/pets/1`, { headers: auth });
      expect(response.status).toBe(200);
      await response.text();
      await proxy.close();
      expect(proxy.report().deprecatedCalls).toMatchObject({ total: 1, wouldBreak: 1 });
      const [exchange] = proxy.journal.all();
      expect(exchange.notices.map((n) => n.message)).toEqual([
        expect.stringMatching(
          /^GET \/v1\/pets\/1 \(got 200\) calls getPet, .* was to be removed on 2030-12-05, and is still served\./,
        ),
      ]);
    } finally {
      await proxy.close();
    }
  });
});
