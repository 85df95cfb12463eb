// A started mock plus a fetch that carries the key: the setup most integration tests share.
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer, type ServeOptions } from '../../src/node/index.ts';

export interface MockClient {
  server: RunningServer;
  /** fetch against the Pet Store base URL, with `Authorization: Bearer <key>` unless overridden. */
  api(path: string, init?: RequestInit): Promise<Response>;
  /** POST a JSON body (given as text, so tests can send malformed JSON too). */
  post(path: string, body: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export async function startMock(options: ServeOptions = {}, apiKey = DEV_API_KEY): Promise<MockClient> {
  const server = await serve({ port: 0, ...options });
  const api = (path: string, init: RequestInit = {}) =>
    fetch(path.startsWith('http') ? path : server.apiUrl + path, {
      ...init,
      headers: { authorization: `Bearer ${apiKey}`, ...(init.headers as Record<string, string>) },
    });
  return {
    server,
    api,
    post: (path, body, headers = {}) =>
      api(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } }),
    close: () => server.close(),
  };
}
