// The MSW adapter in Node: each handler set owns its state, reset works, answers equal the core's,
// and only the configured URLs are captured (everything else reaches a real loopback server).
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY } from 'petstore-kit';
import { createHandlers } from 'petstore-kit/msw';
import { setupPetStoreServer } from '../../mocks/node.ts';
import { expectError } from '../support/error-body.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}` };
const json = { ...auth, 'content-type': 'application/json' };
const listPets = (baseUrl: string) =>
  fetch(`${baseUrl}/pets?limit=100`, { headers: auth }).then(
    (r) => r.json() as Promise<{ id: number; name: string }[]>,
  );
const addPet = (baseUrl: string, name: string) =>
  fetch(`${baseUrl}/pets`, { method: 'POST', headers: json, body: JSON.stringify({ name, categoryId: 3 }) });

/** A plain loopback server that answers 418: whatever reaches it was not captured by the handlers. */
const NOT_MOCKED = 418;
async function startPlain(): Promise<{ origin: string; server: Server }> {
  const server = createServer((_, res) => res.writeHead(NOT_MOCKED).end('not mocked'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

let servers: { origin: string; server: Server }[] = [];
beforeAll(async () => {
  servers = await Promise.all([startPlain(), startPlain(), startPlain()]);
});
afterAll(async () => {
  await Promise.all(servers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

describe('state', () => {
  const a = createHandlers({ baseUrl: 'http://a.msw.test/v1', pets: 3 });
  const b = createHandlers({ baseUrl: 'http://b.msw.test/v1', pets: 3 });
  const server = setupServer(...a.handlers, ...b.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => [a, b].forEach(({ store }) => store.reset()));
  afterAll(() => server.close());

  it('two handler sets do not share pets', async () => {
    expect((await addPet('http://a.msw.test/v1', 'Only-in-A')).status).toBe(201);
    expect((await listPets('http://a.msw.test/v1')).map((p) => p.name)).toContain('Only-in-A');
    expect(await listPets('http://b.msw.test/v1')).toHaveLength(3);
    expect(a.store.snapshot().pets).toHaveLength(4);
    expect(b.store.snapshot().pets).toHaveLength(3);
  });

  it('reset() returns to the seeded pets and id sequence', async () => {
    const seeded = b.store.snapshot();
    expect((await addPet('http://b.msw.test/v1', 'Temporary')).status).toBe(201);
    expect(b.store.snapshot()).not.toEqual(seeded);
    b.store.reset();
    expect(b.store.snapshot()).toEqual(seeded);
    const again = await addPet('http://b.msw.test/v1', 'After-reset');
    expect((await again.json()).id).toBe(4);
  });

  it('answers exactly as the core does for the same seed', async () => {
    const core = createPetStore({ pets: 3 });
    const viaMsw = await fetch('http://b.msw.test/v1/pets?status=available', { headers: auth });
    const direct = core.handle({ method: 'GET', url: '/v1/pets?status=available', headers: auth });
    expect(viaMsw.status).toBe(direct.status);
    expect(await viaMsw.text()).toBe(direct.body);
  });
});

describe('which requests are captured', () => {
  it('only the base URL, the admin API on its origin and the quickstart URL on its own host', async () => {
    const [api, quick, other] = servers.map((s) => s.origin);
    const { server } = setupPetStoreServer({ baseUrl: `${api}/v1`, quickstartUrl: quick });
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      expect((await fetch(`${api}/v1/pets`, { headers: auth })).status).toBe(200);
      expect((await fetch(`${api}/__admin/state`, { headers: auth })).status).toBe(200);
      const message = await fetch(`${quick}/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' });
      expect(message.status).toBe(202);
      // Same prefix, other path segment; other paths; another origin: all left alone.
      for (const url of [`${api}/v1x/pets`, `${api}/messages`, `${api}/quickstart/messages`, `${other}/v1/pets`]) {
        expect((await fetch(url, { headers: auth })).status, url).toBe(NOT_MOCKED);
      }
      // The quickstart host serves the quickstart only, and the Pet Store does not answer quickstart paths.
      await expectError(await fetch(`${quick}/v1/pets`, { headers: auth }), 404);
      await expectError(
        await fetch(`${api}/v1/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' }),
        404,
      );
    } finally {
      server.close();
    }
  });

  it('keeps the two apart when the quickstart has the same path on another host', async () => {
    const [api, quick] = servers.map((s) => s.origin);
    const { server } = setupPetStoreServer({ baseUrl: `${api}/v1`, quickstartUrl: `${quick}/v1`, pets: 2 });
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      expect(
        (await fetch(`${quick}/v1/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' })).status,
      ).toBe(202);
      await expectError(await fetch(`${quick}/v1/pets`, { headers: auth }), 404);
      await expectError(
        await fetch(`${api}/v1/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' }),
        404,
      );
      expect(await listPets(`${api}/v1`)).toHaveLength(2);
    } finally {
      server.close();
    }
  });

  it('mounts the quickstart at /quickstart on the base origin by default, as `serve` does', async () => {
    const [api] = servers.map((s) => s.origin);
    const { server, store } = setupPetStoreServer({ baseUrl: `${api}/v1/` });
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      expect(
        (await fetch(`${api}/quickstart/messages`, { method: 'POST', headers: json, body: '{"message":"hi"}' })).status,
      ).toBe(202);
      expect(store.snapshot().messages).toHaveLength(1);
      const created = await addPet(`${api}/v1`, 'Located');
      expect(created.headers.get('location')).toBe('/v1/pets/51');
    } finally {
      server.close();
    }
  });
});

describe('misuse', () => {
  it.each([['not a url'], ['/v1'], ['http://api.test/v1?x=1']])('rejects baseUrl %j with a fix', (baseUrl) => {
    expect(() => createHandlers({ baseUrl })).toThrow(
      /^\[petstore-kit\] Failed to create MSW handlers: baseUrl .*\. Pass /,
    );
  });
});
