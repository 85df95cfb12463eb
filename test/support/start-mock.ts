// A real mock on 127.0.0.1 with an ephemeral port, plus the request shapes the hardening tests repeat.
import { expect } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer, type ServeOptions } from '../../src/node/index.ts';

export interface StartedMock extends RunningServer {
  key: string;
  /** `{ authorization: 'Bearer <key>' }`. */
  auth: Record<string, string>;
  /** fetch against the origin (`path` starts with `/`), the key sent unless `headers.authorization` says otherwise. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** POST `body` (text, so it can be malformed) as application/json unless `contentType` says otherwise. */
  post(path: string, body: string | undefined, contentType?: string | null): Promise<Response>;
  /** Asserts the server still answers a plain list request with 200. */
  expectServing(): Promise<void>;
}

/** Starts serve() on port 0. Close it with `close()` in afterAll/afterEach. */
export async function startMock(options: ServeOptions = {}): Promise<StartedMock> {
  const server = await serve({ port: 0, ...options });
  const key = options.apiKeys?.[0] ?? DEV_API_KEY;
  const auth = { authorization: `Bearer ${key}` };
  const request = (path: string, init: RequestInit = {}) =>
    fetch(server.url + path, {
      ...init,
      headers: { ...auth, ...(init.headers as Record<string, string> | undefined) },
    });
  return Object.assign(server, {
    key,
    auth,
    request,
    post: (path: string, body: string | undefined, contentType: string | null = 'application/json') =>
      request(path, { method: 'POST', body, headers: contentType === null ? {} : { 'content-type': contentType } }),
    async expectServing() {
      const response = await request(`${server.store.basePath}/pets?limit=1`);
      expect(response.status).toBe(200);
      expect(await response.json()).toHaveLength(1);
    },
  });
}
