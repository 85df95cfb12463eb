// The Node adapter writes each turn's answers together at its end (src/node/at-turn-end.ts). Requests
// pipelined in one write are read in one turn, so these tests hold several answers at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CoreResponse } from '../../src/core/index.ts';
import { listen, type Listening } from '../../src/node/listen.ts';
import { expectErrorText } from '../support/error-body.ts';
import { parseFirstResponse, rawExchange, rawRequest, type RawResponse } from '../support/raw-http.ts';

let server: Listening;
beforeAll(async () => {
  server = await listen(
    ({ url }): CoreResponse =>
      url === '/bad-header'
        ? // A header Node refuses: standing in for a bug in an answer.
          { status: 200, headers: { 'x-broken': 'line\nbreak' }, body: '{}' }
        : { status: 200, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url }) },
    { port: 0 },
  );
});
afterAll(() => server.close());

/** Every response in `raw`, in order (each must carry Content-Length: the adapter always sends it). */
function responses(raw: string): Omit<RawResponse, 'raw' | 'closed'>[] {
  const found = [];
  let rest = Buffer.from(raw);
  while (rest.toString('latin1', 0, 8) === 'HTTP/1.1') {
    const response = parseFirstResponse(rest.toString('utf8'));
    found.push(response);
    expect(response.headers['content-length'], 'Content-Length').toMatch(/^\d+$/);
    const bodyStart = rest.indexOf('\r\n\r\n') + 4;
    rest = rest.subarray(bodyStart + Number(response.headers['content-length']));
  }
  return found;
}

const keepAlive = (path: string) => rawRequest(`GET ${path} HTTP/1.1`, ['Connection: keep-alive']);

describe('answers written at the end of the turn', () => {
  it('requests read in one turn are each answered, in order', async () => {
    const paths = Array.from({ length: 20 }, (_, i) => `/pets/${i}`);
    const answer = await rawExchange(
      server.url,
      paths.slice(0, -1).map(keepAlive).join('') + rawRequest(`GET ${paths.at(-1)} HTTP/1.1`),
    );
    expect(responses(answer.raw).map(({ status, body }) => [status, JSON.parse(body).url])).toEqual(
      paths.map((path) => [200, path]),
    );
  });

  it('an answer Node refuses to write becomes a 500 Error body, and the answers held with it still go out', async () => {
    const answer = await rawExchange(
      server.url,
      keepAlive('/before') + keepAlive('/bad-header') + rawRequest('GET /after HTTP/1.1'),
    );
    const [before, bad, after] = responses(answer.raw);
    expect([before?.status, JSON.parse(before!.body).url]).toEqual([200, '/before']);
    expect(bad?.status).toBe(500);
    expect(expectErrorText(bad!.body, 500).code).toBe('INTERNAL');
    expect(bad?.headers['x-broken']).toBeUndefined();
    expect([after?.status, JSON.parse(after!.body).url]).toEqual([200, '/after']);
    // The server is still serving.
    expect((await fetch(`${server.url}/later`)).status).toBe(200);
  });
});
