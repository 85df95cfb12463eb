// The mock is not a door for other web sites (issue 20, item 4). Bound to loopback, it refuses a Host that
// is not a loopback name or address (DNS rebinding) unless allowed with --allowed-host; its admin API
// answers no preflight and no request from a page on another origin unless allowed with --admin-origin,
// and never with `*`; the Pet Store API keeps answering pages on every origin. Over HTTP with exact
// headers here, and in Chromium in request-guard.browser.test.ts, as an attacker's page would try it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { rawExchange } from '../support/raw-http.ts';

const KEY = { authorization: `Bearer ${DEV_API_KEY}` };

async function request(server: RunningServer, head: string) {
  const answer = await rawExchange(server.url, `${head}\r\nconnection: close\r\n\r\n`);
  return { ...answer, json: answer.body ? JSON.parse(answer.body) : undefined };
}

describe('a mock bound to 127.0.0.1', () => {
  let server: RunningServer;
  let port: string;
  beforeAll(async () => {
    server = await serve({ port: 0, allowedHosts: ['app.test', '.example.test'] });
    port = new URL(server.url).port;
  });
  afterAll(() => server.close());

  it.each([
    ['evil.example'],
    [`evil.example:${'PORT'}`],
    ['127.0.0.1.evil.example'],
    ['localhost.evil.example'],
    ['192.168.1.20'],
    ['app.test.evil'],
    ['example.test.evil'],
    ['a b'],
    ['localhost@evil.example'],
  ])('refuses Host: %s with a 403 Error body, on the API and the admin API', async (host) => {
    for (const path of ['/v1/pets', '/__admin/state', '/__admin/', '/quickstart/messages']) {
      const answer = await request(
        server,
        `GET ${path} HTTP/1.1\r\nhost: ${host.replace('PORT', port)}\r\nauthorization: ${KEY.authorization}`,
      );
      expect(answer.status, `${path} for ${host}`).toBe(403);
      expect(answer.json).toMatchObject({ code: 'HOST_NOT_ALLOWED', status: 403 });
      expect(answer.json.message).toContain('--allowed-host');
    }
  });

  it.each([
    ['127.0.0.1:PORT'],
    ['localhost:PORT'],
    ['LOCALHOST:PORT'],
    ['localhost.:PORT'],
    ['[::1]:PORT'],
    ['127.0.0.2'],
    ['app.localhost:PORT'],
    ['app.test'],
    ['example.test'],
    ['a.example.test:PORT'],
  ])('answers Host: %s', async (host) => {
    const answer = await request(
      server,
      `GET /v1/pets?limit=1 HTTP/1.1\r\nhost: ${host.replace('PORT', port)}\r\nauthorization: ${KEY.authorization}`,
    );
    expect(answer.status).toBe(200);
  });

  it('refuses an absolute request target for another host, whatever the Host header says', async () => {
    const answer = await request(
      server,
      `GET http://evil.example/v1/pets HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\nauthorization: ${KEY.authorization}`,
    );
    expect(answer.json).toMatchObject({ code: 'HOST_NOT_ALLOWED', status: 403 });
  });

  it('refuses a foreign Host before reading the body, and the client still reads the answer', async () => {
    const body = 'x'.repeat(2 * 1024 * 1024);
    const answer = await request(
      server,
      `POST /v1/pets HTTP/1.1\r\nhost: evil.example\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`.slice(
        0,
        -4,
      ),
    );
    expect(answer.status).toBe(403);
  });

  it('the admin API answers no preflight from another origin, and no request either', async () => {
    const preflight = await fetch(`${server.url}/__admin/reset`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-headers')).toBeNull();
    expect(await preflight.json()).toMatchObject({ code: 'ORIGIN_NOT_ALLOWED', status: 403 });

    const created = await fetch(`${server.apiUrl}/pets`, {
      method: 'POST',
      headers: { ...KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Kept', categoryId: 1 }),
    });
    const { id } = await created.json();
    for (const [method, path] of [
      ['POST', '/reset'],
      ['GET', '/state'],
      ['POST', '/faults'],
      ['GET', '/requests'],
    ]) {
      const answer = await fetch(`${server.url}/__admin${path}`, {
        method,
        headers: { ...KEY, origin: 'https://evil.example', 'content-type': 'application/json' },
        body: method === 'POST' ? JSON.stringify({ status: 500 }) : undefined,
      });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
    }
    expect((await fetch(`${server.apiUrl}/pets/${id}`, { headers: KEY })).status).toBe(200);
    expect(server.store.faults.list()).toEqual([]);
  });

  it('the dashboard, on the server’s own origin, still uses the admin API', async () => {
    const answer = await fetch(`${server.url}/__admin/state`, { headers: { ...KEY, origin: server.url } });
    expect(answer.status).toBe(200);
  });

  it('the Pet Store API still answers pages on every origin, preflight and request', async () => {
    const preflight = await fetch(`${server.apiUrl}/pets`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://any.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type, prefer',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('authorization, content-type, prefer');
    const list = await fetch(`${server.apiUrl}/pets?limit=1`, { headers: { ...KEY, origin: 'https://any.example' } });
    expect(list.status).toBe(200);
    expect(list.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('a mock started with --admin-origin http://localhost:5173', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serve({ port: 0, adminOrigins: ['http://localhost:5173'] });
  });
  afterAll(() => server.close());

  it('answers that origin’s preflight and requests, naming it (never *), and no other origin', async () => {
    const preflight = await fetch(`${server.url}/__admin/reset`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(preflight.headers.get('vary')).toBe('Origin');
    const reset = await fetch(`${server.url}/__admin/reset`, {
      method: 'POST',
      headers: { ...KEY, origin: 'http://localhost:5173' },
    });
    expect(reset.status).toBe(200);
    expect(reset.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    const other = await fetch(`${server.url}/__admin/state`, { headers: { ...KEY, origin: 'http://localhost:5174' } });
    expect(other.status).toBe(403);
  });
});
