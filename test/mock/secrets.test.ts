// The API key stays secret: never in the banner (unless it is the documented development key), the
// logs, error bodies, the admin state or the state file, whichever way it was configured.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../support/error-body.ts';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';

const children: CliChild[] = [];
let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'petstore-secrets-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop('SIGKILL');
});

/** Exercises the server with the right key, wrong keys and bad requests; returns every response text. */
async function exercise(origin: string, keys: string[]): Promise<string> {
  const texts: string[] = [];
  const call = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(origin + path, init);
    const text = await response.text();
    texts.push(JSON.stringify([...response.headers]), text);
    return { response, text };
  };
  for (const key of keys) {
    const auth = { authorization: `Bearer ${key}` };
    expect((await call('/v1/pets?limit=1', { headers: auth })).response.status).toBe(200);
    expect(
      (
        await call('/v1/pets', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: '{"name":"s","categoryId":1}',
        })
      ).response.status,
    ).toBe(201);
    expect(
      (
        await call('/v1/pets', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: '{"name":',
        })
      ).response.status,
    ).toBe(400);
    expect((await call('/v1/pets/abc', { headers: auth })).response.status).toBe(400);
    expect((await call('/v1/nope', { headers: auth })).response.status).toBe(404);
    expect((await call('/__admin/state', { headers: auth })).response.status).toBe(200);
    // Near misses of the key: the 401 must not complete or echo it.
    for (const wrong of [`${key}x`, key.slice(0, -1), key.toUpperCase(), `${key} ${key}`]) {
      const { response, text } = await call('/v1/pets', { headers: { authorization: `Bearer ${wrong}` } });
      await expectError(
        new Response(text, { status: response.status, headers: response.headers }),
        401,
        'UNAUTHORIZED',
      );
    }
  }
  expect((await call('/__admin/state')).response.status).toBe(401);
  expect((await call('/__admin/reset', { method: 'POST' })).response.status).toBe(401);
  return texts.join('\n');
}

const SECRET = 'prod-Secret_KEY.0123456789~abc';
const OTHER = 'second/Key+value=';

describe('the key never leaks', () => {
  it('--api-key: not in the banner, the logs, any response, or the state file', async () => {
    const stateFile = join(dir, 'flag.json');
    const cli = await startCli(['--api-key', SECRET, '--api-key', OTHER, '--state-file', stateFile]);
    children.push(cli);
    expect(cli.output()).toContain('not shown');
    const responses = await exercise(cli.origin, [SECRET, OTHER]);
    await cli.stop('SIGTERM');
    for (const key of [SECRET, OTHER]) {
      expect(cli.output()).not.toContain(key);
      expect(responses).not.toContain(key);
      expect(await readFile(stateFile, 'utf8')).not.toContain(key);
    }
  });

  it('PETSTORE_API_KEY: not in the banner, the logs or any response; both keys work', async () => {
    const cli = await startCli([], { env: { PETSTORE_API_KEY: ` ${SECRET} , ${OTHER} ` } });
    children.push(cli);
    const responses = await exercise(cli.origin, [SECRET, OTHER]);
    await cli.stop('SIGTERM');
    for (const key of [SECRET, OTHER]) {
      expect(cli.output()).not.toContain(key);
      expect(responses).not.toContain(key);
    }
    // The development key is not accepted once keys are configured.
    expect(cli.output()).not.toContain('petstore-dev-key');
  });

  it('however a client writes it, no 8 characters of a key or a credential in --log, the journal or the HAR', async () => {
    const cli = await startCli(['--api-key', SECRET, '--log']);
    children.push(cli);
    const cookie = 'sess-4d8b2f6a0c9e1d3b';
    // Byte by byte, every other character escaped, hex digits of both cases.
    const escaped = [...SECRET]
      .map((c, i) => (i % 2 ? c : `%${c.charCodeAt(0).toString(16)[i % 4 ? 'toUpperCase' : 'toLowerCase']()}`))
      .join('');
    const unicode = [...SECRET].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const auth = { authorization: `Bearer ${SECRET}` };
    await fetch(`${cli.origin}/v1/pets?limit=1&api_key=${escaped}`, { headers: auth });
    await fetch(`${cli.origin}/v1/pets?limit=1`, {
      headers: { ...auth, cookie: `session=${cookie}`, 'proxy-authorization': `Basic ${btoa(`me:${SECRET}`)}` },
    });
    await fetch(`${cli.origin}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: `{"name":"${unicode}","categoryId":1}`,
    });
    // A near-miss of the key: refused, and its credential redacted all the same.
    await fetch(`${cli.origin}/v1/pets`, { headers: { authorization: `Bearer ${SECRET.slice(0, -1)}x` } });
    const admin = { headers: auth };
    const texts = [
      await (await fetch(`${cli.origin}/__admin/requests`, admin)).text(),
      await (await fetch(`${cli.origin}/__admin/requests.har`, admin)).text(),
    ];
    await cli.stop('SIGTERM');
    texts.push(cli.output());
    expect(texts[0]).toContain('Bearer <redacted>');
    expect(texts[0]).toContain('session=<redacted>');
    for (const secret of [SECRET, cookie]) {
      const pieces = Array.from({ length: secret.length - 7 }, (_, at) => secret.slice(at, at + 8));
      for (const text of texts) {
        const decoded = text
          .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
          .replace(/\\u([0-9a-f]{4})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        expect(pieces.filter((piece) => text.includes(piece) || decoded.includes(piece))).toEqual([]);
      }
    }
  });

  it('a rejected --api-key is not echoed in the usage error', async () => {
    const bad = 'has spaces and;semicolons SECRETPART';
    const { code, output } = await runCli(['serve', '--port', '0', '--api-key', bad]);
    expect(code).toBe(2);
    expect(output).not.toContain('SECRETPART');
  });

  it('a rejected PETSTORE_API_KEY entry is not echoed either', async () => {
    const { code, output } = await runCli(['serve', '--port', '0'], {
      env: { PETSTORE_API_KEY: 'good-key,bad key SECRETPART' },
    });
    expect(code).toBe(2);
    expect(output).not.toContain('SECRETPART');
    expect(output).not.toContain('good-key');
  });
});
