// Record, then replay. Traffic goes through the proxy to a mock seeded otherwise than the default (its pets
// differ), recorded with --record; the HAR passes the HAR 1.2 schema and never holds the key; then a
// default mock given the recording (`serve --replay`, `createHandlers({ replay })`) answers the recorded
// requests as the recording says, not as its own pets would, and every other request from its own state.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/index.ts';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve } from '../../src/node/serve.ts';
import { startProxy } from '../../integrations/proxy/start-proxy.ts';
import { startCli } from '../support/cli-child.ts';
import { harProblems } from '../mock/validate-har.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };

/** The requests of a short session: reads, a create, a read of what it created, a refusal, a message. */
const SESSION: { path: string; init?: RequestInit }[] = [
  { path: '/v1/pets?limit=3', init: { headers: auth } },
  { path: '/v1/pets?status=sold&limit=2', init: { headers: auth } },
  {
    path: '/v1/pets',
    init: { method: 'POST', headers: json, body: JSON.stringify({ name: 'Recorded', categoryId: 2 }) },
  },
  { path: '/v1/pets?limit=3', init: { headers: auth } },
  { path: '/v1/pets/2', init: { headers: auth } },
  { path: '/v1/pets?limit=abc', init: { headers: auth } },
  { path: '/v1/pets/1' },
  { path: '/quickstart/messages', init: { method: 'POST', headers: json, body: JSON.stringify({ message: 'hello' }) } },
];

interface Answer {
  status: number;
  contentType: string | null;
  body: string;
}

async function answersFrom(origin: string, fetcher: typeof fetch = fetch): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (const { path, init } of SESSION) {
    const response = await fetcher(`${origin}${path}`, init);
    answers.push({
      status: response.status,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
    });
  }
  return answers;
}

let dir: string;
let harPath: string;
let har: { log: { entries: { request: { url: string }; response: { status: number } }[] } };
let recorded: Answer[];
let harText: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-kit-replay-'));
  harPath = join(dir, 'session.har');
  const staging = await serve({ port: 0, seed: 7, pets: 30 });
  const proxy = await startProxy({
    target: staging.apiUrl,
    quickstartTarget: staging.quickstartUrl,
    recordPath: harPath,
  });
  try {
    recorded = await answersFrom(proxy.url);
  } finally {
    await proxy.close();
    await staging.close();
  }
  harText = await readFile(harPath, 'utf8');
  har = JSON.parse(harText);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('a recording made through the proxy', () => {
  it('is a valid HAR 1.2 document with one entry per exchange', () => {
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries.map((entry) => new URL(entry.request.url).pathname)).toEqual(
      SESSION.map(({ path }) => path.split('?')[0]),
    );
    expect(har.log.entries.map((entry) => entry.response.status)).toEqual(recorded.map((answer) => answer.status));
  });

  it('never holds the key', () => {
    expect(harText).not.toContain(DEV_API_KEY);
    expect(harText).toContain('Bearer <redacted>');
  });
});

describe('replayed', () => {
  it('by serve --replay: the recorded answers, and the mock for the rest', async () => {
    const cli = await startCli(['--replay', harPath]);
    try {
      expect(cli.output()).toContain(`Replaying      ${harPath}`);
      expect(await answersFrom(cli.origin)).toEqual(recorded);
      // Not recorded: the default mock's own pets (seed 1), which the recording's (seed 7) are not.
      const own = await fetch(`${cli.origin}/v1/pets?limit=4`, { headers: auth });
      const direct = await createHandlers({ baseUrl: 'http://localhost/v1' }).store.fetch(
        new Request('http://localhost/v1/pets?limit=4', { headers: auth }),
      );
      expect(await own.text()).toBe(await direct.text());
    } finally {
      await cli.stop();
    }
  });

  it('by createHandlers({ replay }): the same answers', async () => {
    const { store } = createHandlers({ baseUrl: 'http://localhost/v1', replay: har });
    const viaStore: typeof fetch = (input, init) => store.fetch(new Request(input as string, init));
    expect(await answersFrom('http://localhost', viaStore)).toEqual(recorded);
    // The journal says which answers were replayed.
    expect(store.requests().some((entry) => entry.shapedBy?.some((by) => by.startsWith('replay #')))).toBe(true);
  });

  it('differs from the mock without the recording (the replay is what answers)', async () => {
    const { store } = createHandlers({ baseUrl: 'http://localhost/v1' });
    const viaStore: typeof fetch = (input, init) => store.fetch(new Request(input as string, init));
    expect(await answersFrom('http://localhost', viaStore)).not.toEqual(recorded);
  });

  it('refuses a file that is not a HAR document, naming it', async () => {
    expect(() => createHandlers({ baseUrl: 'http://localhost/v1', replay: { entries: [] } })).toThrow(/HAR document/);
  });
});
