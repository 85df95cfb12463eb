// Record, then replay. Traffic goes through the proxy to a mock seeded otherwise than the default (its pets
// differ), recorded with --record; the HAR passes the HAR 1.2 schema and never holds the key; then a
// default mock given the recording (`serve --replay`, `createHandlers({ replay })`) answers the recorded
// requests as the recording says, not as its own pets would, and every other request from its own state.
// A recorded answer sits behind the same gate as the stateful one (key, Host, limits, validation), and a
// hostile recording is refused at start, exit 2, naming the entry and field.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/index.ts';
import { DEV_API_KEY, MAX_BODY_BYTES, RecordingError } from '../../src/core/index.ts';
import { serve } from '../../src/node/serve.ts';
import { startProxy } from '../../src/proxy/start-proxy.ts';
import { runCli, startCli } from '../support/cli-child.ts';
import { rawExchange } from '../support/raw-http.ts';
import { startMock } from '../support/start-mock.ts';
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
  it('by serve --replay --replay-order recorded: the recorded answers in turn, and the mock for the rest', async () => {
    const cli = await startCli(['--replay', harPath, '--replay-order', 'recorded']);
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

  it('by createHandlers({ replay: { har, order: "recorded" } }): the same answers', async () => {
    const { store } = createHandlers({ baseUrl: 'http://localhost/v1', replay: { har, order: 'recorded' } });
    const viaStore: typeof fetch = (input, init) => store.fetch(new Request(input as string, init));
    expect(await answersFrom('http://localhost', viaStore)).toEqual(recorded);
    // The journal says which answers were replayed.
    expect(store.requests().some((entry) => entry.shapedBy?.some((by) => by.startsWith('replay #')))).toBe(true);
  });

  it('by default: the latest answer of each request, the list read after the create both times', async () => {
    const latest = recorded.map((answer, i) => (i === 0 ? recorded[3]! : answer));
    const cli = await startCli(['--replay', harPath]);
    try {
      expect(await answersFrom(cli.origin)).toEqual(latest);
    } finally {
      await cli.stop();
    }
    const { store } = createHandlers({ baseUrl: 'http://localhost/v1', replay: har });
    const viaStore: typeof fetch = (input, init) => store.fetch(new Request(input as string, init));
    expect(await answersFrom('http://localhost', viaStore)).toEqual(latest);
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

describe('a recorded answer behind the same gate as the stateful one', () => {
  const RECORDED = '[{"recorded":true}]';
  const OVERSIZED = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES), categoryId: 1 });
  /** Requests the gate refuses, each recorded with a success: a replay answering before the gate would leak it. */
  const REFUSED: { name: string; path: string; init?: RequestInit }[] = [
    { name: 'no key', path: '/v1/pets?limit=3', init: { headers: {} } },
    { name: 'a wrong key', path: '/v1/pets?limit=3', init: { headers: { authorization: 'Bearer not-the-key' } } },
    { name: 'an empty Bearer', path: '/v1/pets?limit=3', init: { headers: { authorization: 'Bearer ' } } },
    { name: 'an invalid query', path: '/v1/pets?limit=abc', init: { headers: auth } },
    ...[
      ['an invalid body', '{"name":5,"categoryId":1}'],
      ['a malformed body', '{"name":'],
      ['an oversized body', OVERSIZED],
    ].map(([name, body]) => ({ name: name!, path: '/v1/pets', init: { method: 'POST', headers: json, body } })),
    {
      name: 'a body that is not JSON',
      path: '/v1/pets',
      init: {
        method: 'POST',
        headers: { ...auth, 'content-type': 'text/plain' },
        body: '{"name":"Rex","categoryId":1}',
      },
    },
  ];
  const entryOf = ({ path, init }: (typeof REFUSED)[number]) => ({
    request: {
      method: init?.method ?? 'GET',
      url: `https://staging.example${path}`,
      headers: [],
      ...(typeof init?.body === 'string' ? { postData: { mimeType: 'application/json', text: init.body } } : {}),
    },
    response: {
      status: init?.method === 'POST' ? 201 : 200,
      headers: [{ name: 'Content-Type', value: 'application/json' }],
      content: { size: RECORDED.length, mimeType: 'application/json', text: RECORDED },
    },
  });
  // After the real answers, the same list forced empty and a fault's 503: by default never replayed.
  const forced = (text: string, status: number, by: string) => {
    const recorded = entryOf(REFUSED[0]!);
    return {
      ...recorded,
      response: { ...recorded.response, status, content: { ...recorded.response.content, text } },
      _shapedBy: [by],
    };
  };
  const gated = {
    log: {
      version: '1.2',
      entries: [...REFUSED.map(entryOf), forced('[]', 200, 'prefer example=empty'), forced('{}', 503, 'fault f1')],
    },
  };
  let gatedPath: string;

  beforeAll(async () => {
    gatedPath = join(dir, 'gated.har');
    await writeFile(gatedPath, JSON.stringify(gated));
  });

  const seen = async (response: Response) => ({
    status: response.status,
    contentType: response.headers.get('content-type'),
    body: await response.text(),
  });

  it('serve --replay: every refusal is the stateful mock’s, and the recording answers only the one who passes', async () => {
    const cli = await startCli(['--replay', gatedPath]);
    const plain = await startMock();
    try {
      for (const { name, path, init } of REFUSED) {
        const replayed = await seen(await fetch(`${cli.origin}${path}`, init));
        expect({ name, ...replayed }).toEqual({ name, ...(await seen(await fetch(`${plain.url}${path}`, init))) });
        expect(replayed.status, name).toBeGreaterThanOrEqual(400);
      }
      // Asked again and again: the real answer each time, never the forced empty list or the 503 recorded after it.
      for (let i = 0; i < 3; i++) {
        const passes = await seen(await fetch(`${cli.origin}/v1/pets?limit=3`, { headers: auth }));
        expect(passes).toEqual({ status: 200, contentType: 'application/json', body: RECORDED });
      }
      // The Host rule comes first too (DNS rebinding): a foreign Host is refused, recording or not.
      const foreign = `GET /v1/pets?limit=3 HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${DEV_API_KEY}\r\nConnection: close\r\n\r\n`;
      const [fromReplay, fromPlain] = await Promise.all([
        rawExchange(cli.origin, foreign),
        rawExchange(plain.url, foreign),
      ]);
      expect(fromReplay.status).toBe(403);
      expect([fromReplay.status, fromReplay.body]).toEqual([fromPlain.status, fromPlain.body]);
    } finally {
      await cli.stop();
      await plain.close();
    }
  });

  it('createHandlers({ replay }): the same refusals as the stateful handlers', async () => {
    const replaying = createHandlers({ baseUrl: 'http://localhost/v1', replay: gated }).store;
    const plain = createHandlers({ baseUrl: 'http://localhost/v1' }).store;
    for (const { name, path, init } of REFUSED) {
      const replayed = await seen(await replaying.fetch(new Request(`http://localhost${path}`, init)));
      expect({ name, ...replayed }).toEqual({
        name,
        ...(await seen(await plain.fetch(new Request(`http://localhost${path}`, init)))),
      });
      expect(replayed.status, name).toBeGreaterThanOrEqual(400);
    }
    const passes = await replaying.fetch(new Request('http://localhost/v1/pets?limit=3', { headers: auth }));
    expect(await passes.text()).toBe(RECORDED);
  });
});

describe('a hostile recording, refused at start', () => {
  const hostile = (response: Record<string, unknown>) => ({
    log: {
      entries: [
        { request: { method: 'GET', url: 'http://x/v1/pets' }, response: { status: 200, headers: [], content: {} } },
        { request: { method: 'GET', url: 'http://x/v1/pets?limit=1' }, response: { status: 200, ...response } },
      ],
    },
  });

  it.each([
    [
      'headers: 5',
      hostile({ headers: 5 }),
      'entries[1].response.headers: expected a list of { "name", "value" }, got 5',
    ],
    ['a 101 status', hostile({ status: 101, headers: [] }), 'entries[1].response.status: 101 is outside 200–599'],
    [
      'a CR/LF in a header value',
      hostile({ headers: [{ name: 'X-A', value: 'a\r\nb' }] }),
      'entries[1].response.headers[0].value: the value of "X-A" holds U+000D (CR) at offset 1, which HTTP forbids in a header value',
    ],
    ['no entries', { log: { entries: [] } }, 'log.entries is empty: the recording holds no request to replay'],
  ])('serve --replay with %s exits 2, naming the file, the entry and the field', async (name, document, problem) => {
    const file = join(dir, `hostile-${name.replace(/\W+/g, '-')}.har`);
    await writeFile(file, JSON.stringify(document));
    const result = await runCli(['serve', '--port', '0', '--replay', file]);
    expect(result.code).toBe(2);
    expect(result.output).toContain(`petstore-kit serve: --replay ${file}: ${problem}\n`);
    expect(result.output).not.toMatch(/TypeError|at .*\.js:\d+/);
  });

  it('a missing file, a file that is not JSON and a bad --replay-order exit 2, naming the flag', async () => {
    const notJson = join(dir, 'not-json.har');
    await writeFile(notJson, '{ "log": ');
    const cases: [string[], string][] = [
      [['--replay', join(dir, 'missing.har')], `--replay ${join(dir, 'missing.har')}: no such file`],
      [['--replay', notJson], `--replay ${notJson}: it is not JSON`],
      [
        ['--replay', harPath, '--replay-order', 'newest'],
        '--replay-order must be one of latest, recorded, not "newest"',
      ],
      [['--replay-order', 'recorded'], '--replay-order: it orders the answers of --replay; pass --replay FILE.har'],
    ];
    for (const [args, message] of cases) {
      const result = await runCli(['serve', '--port', '0', ...args]);
      expect({ args, code: result.code }).toEqual({ args, code: 2 });
      expect(result.output).toContain(message);
    }
  });

  it('createHandlers({ replay }) throws a RecordingError naming the entry and field', () => {
    expect(() => createHandlers({ baseUrl: 'http://localhost/v1', replay: hostile({ headers: 5 }) })).toThrow(
      RecordingError,
    );
    expect(() => createHandlers({ baseUrl: 'http://localhost/v1', replay: hostile({ headers: 5 }) })).toThrow(
      'entries[1].response.headers: expected a list of { "name", "value" }, got 5',
    );
  });
});
