// The tagging under every setup file the kit ships (src/runner-setup/tag-requests.ts), against two real
// servers on loopback: the mock's origin gets the test's name, any other host never does, nothing is tagged
// outside a rehearsal, and stopping restores fetch and node:http as they were.
import { createServer, get, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tagRequests } from '../../src/runner-setup/tag-requests.ts';
import { decodeTestName, encodeTestName } from '../../src/shared/rehearsal-env.ts';

/** A server that answers with the X-Petstore-Test header it was sent (or `-`). */
async function echoServer(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => res.end(String(req.headers['x-petstore-test'] ?? '-')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let mock: Awaited<ReturnType<typeof echoServer>>;
let other: Awaited<ReturnType<typeof echoServer>>;
beforeAll(async () => {
  [mock, other] = await Promise.all([echoServer(), echoServer()]);
});
afterAll(async () => {
  for (const { server } of [mock, other]) await new Promise((resolve) => server.close(resolve));
});

const rehearsal = () => ({
  PETSTORE_REHEARSAL: 'today',
  PETSTORE_BASE_URL: `${mock.origin}/v1`,
  PETSTORE_QUICKSTART_URL: `${mock.origin}/quickstart`,
});

const byFetch = async (url: string, headers?: Record<string, string>) => (await fetch(url, { headers })).text();
const byHttp = (url: string, how: 'get' | 'request') =>
  new Promise<string>((resolve, reject) => {
    const done = (answer: import('node:http').IncomingMessage) => {
      let text = '';
      answer.setEncoding('utf8').on('data', (chunk) => (text += chunk));
      answer.on('end', () => resolve(text));
    };
    const sent = how === 'get' ? get(url, done) : request(url, done);
    sent.on('error', reject);
    if (how === 'request') sent.end();
  });

describe('tagRequests', () => {
  it('names the test on fetch and node:http requests to the mock, and on no other host', async () => {
    let current: string | undefined = 'outer > a test ✓';
    const stop = tagRequests(() => current, rehearsal());
    try {
      const encoded = encodeTestName('outer > a test ✓');
      expect(await byFetch(`${mock.origin}/v1/pets/1`)).toBe(encoded);
      expect(await byFetch(`${mock.origin}/quickstart/messages`)).toBe(encoded);
      expect(await byHttp(`${mock.origin}/v1/pets/1`, 'get')).toBe(encoded);
      expect(await byHttp(`${mock.origin}/v1/pets/1`, 'request')).toBe(encoded);
      expect(decodeTestName(encoded)).toBe('outer > a test ✓');
      // Never to another host.
      expect(await byFetch(`${other.origin}/v1/pets/1`)).toBe('-');
      expect(await byHttp(`${other.origin}/v1/pets/1`, 'get')).toBe('-');
      // A request that names its test keeps its name; outside a test, nothing is named.
      expect(await byFetch(`${mock.origin}/v1/pets/1`, { 'X-Petstore-Test': 'its own' })).toBe('its own');
      current = undefined;
      expect(await byFetch(`${mock.origin}/v1/pets/1`)).toBe('-');
      expect(await byHttp(`${mock.origin}/v1/pets/1`, 'request')).toBe('-');
    } finally {
      stop();
    }
    // Stopped: fetch and node:http are as before.
    expect(await byFetch(`${mock.origin}/v1/pets/1`)).toBe('-');
    expect(await byHttp(`${mock.origin}/v1/pets/1`, 'get')).toBe('-');
  });

  it('tags nothing outside a rehearsal, even with the mock in the environment', async () => {
    const { PETSTORE_REHEARSAL: _, ...notRehearsing } = rehearsal();
    const stop = tagRequests(() => 'a test', notRehearsing);
    try {
      expect(await byFetch(`${mock.origin}/v1/pets/1`)).toBe('-');
      expect(await byHttp(`${mock.origin}/v1/pets/1`, 'get')).toBe('-');
    } finally {
      stop();
    }
  });

  it('sends any name as visible ASCII, cut to 1,000 characters', () => {
    expect(encodeTestName('100% «ok» 🐾')).toBe('100%25 %C2%ABok%C2%BB %F0%9F%90%BE');
    expect(decodeTestName('100%25 %C2%ABok%C2%BB %F0%9F%90%BE')).toBe('100% «ok» 🐾');
    expect(decodeTestName('not %encoded')).toBe('not %encoded');
    const long = decodeTestName(encodeTestName('é'.repeat(5000)));
    expect([...long]).toHaveLength(1000);
    expect(long.endsWith('é…')).toBe(true);
  });
});
