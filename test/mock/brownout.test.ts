// Brownouts over real HTTP on loopback: `serve()` with the `brownouts` option (the clock set with `now`, never
// waited for), and `petstore-kit serve --brownout` as a child process. Issue 31: "A brownout at a given seed
// fails the same calls in two runs", answered exactly as after the removal, marked in the journal and HAR.
import { afterEach, describe, expect, it } from 'vitest';
import { DEV_API_KEY, type JournalSummary } from '../../src/core/index.ts';
import type { HarLog } from '../../src/shared/har.ts';
import { serve, type RunningServer, type ServeOptions } from '../../src/node/index.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';
import { harProblems } from './validate-har.ts';

const NOV_1_0930 = new Date('2030-11-01T09:30:00Z');
const headers = { authorization: `Bearer ${DEV_API_KEY}` };

const servers: RunningServer[] = [];
const children: CliChild[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  await Promise.all(children.splice(0).map((child) => child.stop('SIGKILL')));
});
async function start(options: ServeOptions) {
  const server = await serve({ port: 0, pets: 30, log: () => undefined, ...options });
  servers.push(server);
  return server;
}

/** getPet for pets 1–30, one after another, then again in reverse: the statuses in the order sent. */
async function readPets(server: RunningServer, test?: string): Promise<number[]> {
  const ids = Array.from({ length: 30 }, (_, i) => i + 1);
  const statuses: number[] = [];
  for (const id of [...ids, ...ids.reverse()]) {
    const response = await fetch(`${server.apiUrl}/pets/${id}`, {
      headers: { ...headers, ...(test ? { 'x-petstore-test': test } : {}) },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  return statuses;
}

/** An answer as a client sees it, without what varies from one request to the next. */
async function seen(response: Response) {
  const kept = [...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name));
  return { status: response.status, headers: Object.fromEntries(kept), body: await response.text() };
}

describe('serve() with a brownout', () => {
  it('fails the same calls in two runs at the same seed, other calls at another seed', async () => {
    const options = { seed: 11, brownouts: '2030-11-01T09:00Z/2030-11-01T10:00Z@50%', now: () => NOV_1_0930 };
    const first = await readPets(await start(options));
    const second = await readPets(await start(options));
    expect(second).toEqual(first);
    expect(first.filter((status) => status === 410).length).toBeGreaterThan(10);
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(10);
    expect(new Set(first)).toEqual(new Set([200, 410]));
    const otherSeed = await readPets(await start({ ...options, seed: 12 }));
    expect(otherSeed).not.toEqual(first);
    // The calls of another test are drawn apart from this one's.
    const otherTest = await readPets(await start(options), 'another test');
    expect(otherTest).not.toEqual(first);
  });

  it('answers exactly as the removal does, and as the deprecation does outside its window', async () => {
    let now = NOV_1_0930;
    const brownedOut = await start({ brownouts: '09:00/10:00', now: () => now });
    const removed = await start({ now: () => new Date('2030-12-06T00:00:00Z') });
    const during = await seen(await fetch(`${brownedOut.apiUrl}/pets/4`, { headers }));
    expect(during).toEqual(await seen(await fetch(`${removed.apiUrl}/pets/4`, { headers })));
    expect(during.status).toBe(410);
    expect(JSON.parse(during.body)).toMatchObject({ code: 'GONE', status: 410 });
    now = new Date('2030-11-01T10:00:00Z');
    const after = await fetch(`${brownedOut.apiUrl}/pets/4`, { headers });
    expect(after.status).toBe(200);
    expect(after.headers.get('deprecation')).toMatch(/^@\d+$/);
    expect(after.headers.get('sunset')).toBe('Thu, 05 Dec 2030 00:00:00 GMT');
    await after.arrayBuffer();
    // The list is never browned out: it is the replacement, not deprecated.
    now = NOV_1_0930;
    expect((await fetch(`${brownedOut.apiUrl}/pets?limit=1`, { headers })).status).toBe(200);
  });

  it('marks each browned-out answer in the journal and in its HAR, and no other', async () => {
    const server = await start({ seed: 2, brownouts: '50%', now: () => NOV_1_0930 });
    const statuses = await readPets(server);
    const admin = (path: string) => fetch(`${server.url}/__admin${path}`, { headers });
    const journal = (await (await admin('/requests')).json()) as JournalSummary[];
    const marked = journal.filter((entry) => entry.brownout).map((entry) => entry.id);
    expect(marked.length).toBe(statuses.filter((status) => status === 410).length);
    for (const entry of journal) {
      expect(entry.status).toBe(entry.brownout ? 410 : 200);
      if (entry.brownout) expect(entry.shapedBy).toEqual(['brownout 50%']);
      else expect(entry.shapedBy).toBeUndefined();
    }
    const har = (await (await admin('/requests.har')).json()) as HarLog;
    expect(harProblems(har)).toEqual([]);
    const inHar = har.log.entries.filter((entry) => entry._brownout === true);
    expect(inHar.map((entry) => entry._id).sort()).toEqual([...marked].sort());
    expect(inHar[0]!._shapedBy).toEqual(['brownout 50%']);
  });

  it('a reset starts the draws again: the same calls fail', async () => {
    const server = await start({ seed: 5, brownouts: '50%', now: () => NOV_1_0930 });
    const first = await readPets(server);
    await fetch(`${server.url}/__admin/reset`, { method: 'POST', headers });
    expect(await readPets(server)).toEqual(first);
  });
});

describe('petstore-kit serve --brownout', () => {
  it('says so in its banner, browns out getPet, and logs the mark', async () => {
    const cli = await startCli(['--brownout', '09:00/10:00', '--now', '2030-11-01T09:30:00Z', '--log']);
    children.push(cli);
    expect(cli.output()).toMatch(/^ {2}Brownouts +09:00\/10:00: getPet before 2030-12-05; calls drawn from --seed 1$/m);
    const response = await fetch(`${cli.origin}/v1/pets/1`, { headers });
    expect(response.status).toBe(410);
    await response.arrayBuffer();
    await expect
      .poll(
        () =>
          cli
            .output()
            .split('\n')
            .find((line) => line.includes(' GET /v1/pets/1 ')),
        { timeout: 120_000 },
      )
      .toMatch(/ 410 getPet .*GONE.*\[brownout 09:00\/10:00\]$/);
  });

  it.each([
    [
      ['--brownout', 'tomorrow'],
      /^petstore-kit serve: --brownout: "tomorrow" is not a brownout window; expected START\/END \(ISO 8601, e\.g\. 2030-11-01T09:00Z\/2030-11-01T10:00Z\), HH:MM\/HH:MM \(every day, UTC\) or a share alone \(50%\), each with an optional @SHARE \(@50% or @0\.5\)$/,
    ],
    [
      ['--brownout', '09:00/09:15@0%'],
      /^petstore-kit serve: --brownout: "0%" is not a share above 0 and at most 100%; expected START/,
    ],
    [
      ['--brownout', '10%', '--brownout', '2030-11-01T10:00Z/2030-11-01T09:00Z'],
      /^petstore-kit serve: --brownout: "2030-11-01T10:00Z\/2030-11-01T09:00Z" is not a window that ends after it starts; expected START/,
    ],
  ])('exits 2 with one line naming the flag for %j', async (args, message) => {
    const result = await runCli(['serve', '--port', '0', ...args]);
    expect(result.code).toBe(2);
    const lines = result.output.trimEnd().split('\n');
    expect(lines[0]).toMatch(message);
    expect(lines.slice(1)).toEqual(['Run petstore-kit serve --help for usage.']);
  });
});
