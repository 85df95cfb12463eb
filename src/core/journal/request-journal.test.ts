import { describe, expect, it } from 'vitest';
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { BODIES_BUDGET, BODY_CAP } from './journal-bodies.ts';
import { RequestJournal } from './request-journal.ts';

const KEY = 'key+with/slash';
const journal = (capacity: number) =>
  new RequestJournal(capacity, (method, path) => (path === '/v1/pets' ? 'listPets' : undefined), [KEY]);
const answer = (status: number, body: string | null = null, headers: Record<string, string> = {}): CoreResponse => ({
  status,
  headers,
  body,
});
const get = (url: string): CoreRequest => ({ method: 'GET', url, headers: { authorization: `Bearer ${KEY}` } });
const post = (body: string): CoreRequest => ({
  method: 'POST',
  url: '/v1/pets',
  headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' },
  body,
});

describe('RequestJournal', () => {
  it('keeps only the newest `capacity` requests, newest first', () => {
    const recorded = journal(3);
    for (let i = 1; i <= 5; i++) recorded.record(get(`/v1/pets?limit=${i}`), answer(200), performance.now());
    expect(recorded.list().map((entry) => [entry.id, entry.query])).toEqual([
      [5, 'limit=5'],
      [4, 'limit=4'],
      [3, 'limit=3'],
    ]);
    expect(recorded.latest()?.id).toBe(5);
    expect(recorded.get(3)?.query).toBe('limit=3');
    expect(recorded.get(2)).toBeUndefined(); // pushed out
    expect(recorded.get(6)).toBeUndefined();
  });

  it('filters by status class, exact status and operation, and limits', () => {
    const recorded = journal(10);
    recorded.record(get('/v1/pets'), answer(200), 0);
    recorded.record(get('/v1/nope'), answer(404, '{"code":"NOT_FOUND"}'), 0);
    recorded.record(get('/v1/pets'), answer(400, '{"code":"VALIDATION_FAILED","issues":[{"in":"query"}]}'), 0);
    expect(recorded.list({ status: '4xx' }).map((entry) => entry.status)).toEqual([400, 404]);
    expect(recorded.list({ status: '404' })[0]).toMatchObject({ error: 'NOT_FOUND', path: '/v1/nope' });
    expect(recorded.list({ operation: 'listPets' }).map((entry) => entry.status)).toEqual([400, 200]);
    expect(recorded.list({ operation: 'listPets' })[0].issues).toEqual([{ in: 'query' }]);
    expect(recorded.list({ limit: 1 })).toHaveLength(1);
    expect(recorded.summaries({ status: '404' })).toEqual([
      expect.not.objectContaining({ request: expect.anything(), response: expect.anything() }),
    ]);
  });

  it('keeps the headers and bodies of the request and of the answer', () => {
    const recorded = journal(10);
    const response = answer(201, '{"id":51,"name":"Rex"}', {
      'content-type': 'application/json',
      location: '/v1/pets/51',
    });
    recorded.record(post('{"name":"Rex"}'), response, 0);
    // The Node adapter adds these after the core returns: read later, the entry shows what went on the wire.
    response.headers['content-length'] = '22';
    expect(recorded.latest()).toMatchObject({
      request: {
        headers: { authorization: 'Bearer <redacted>', 'content-type': 'application/json' },
        body: { text: '{"name":"Rex"}', size: 14 },
      },
      response: {
        headers: { 'content-type': 'application/json', location: '/v1/pets/51', 'content-length': '22' },
        body: { text: '{"id":51,"name":"Rex"}', size: 22 },
      },
    });
    recorded.record(get('/v1/pets'), answer(204), 0);
    const empty = recorded.latest()!;
    expect(empty.request.body).toBeUndefined();
    expect(empty.response.body).toBeUndefined();
  });

  it('says what shaped an answer and what a fault did on the wire', () => {
    const recorded = journal(10);
    const shaped = answer(200, '[]');
    shaped.shaping = { by: ['fault f2'], transport: 'drop-connection', delayMs: 50 };
    recorded.record(get('/v1/pets'), shaped, 0);
    expect(recorded.latest()).toMatchObject({ shapedBy: ['fault f2'], transport: 'drop-connection' });
    expect(recorded.latest()!.durationMs).toBeGreaterThanOrEqual(50);
  });

  it('never lets the key out, raw or percent-encoded: URL, headers, bodies, Error details', () => {
    const recorded = journal(10);
    recorded.record(
      {
        method: 'POST',
        url: `/v1/pets?a=${KEY}&b=${encodeURIComponent(KEY)}`,
        headers: {
          authorization: `bearer ${KEY}`,
          'proxy-authorization': `Basic ${btoa(`me:${KEY}`)}`,
          'x-api-key': KEY,
          cookie: `session=${encodeURIComponent(KEY)}`,
        },
        body: JSON.stringify({ key: KEY }),
      },
      answer(400, JSON.stringify({ code: 'VALIDATION_FAILED', issues: [{ message: `bad ${KEY}` }] })),
      0,
    );
    const text = JSON.stringify([recorded.list(), recorded.summaries()]);
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    const entry = recorded.list()[0];
    expect(entry.query).toBe('a=[redacted]&b=[redacted]');
    expect(entry.request.headers).toEqual({
      authorization: 'bearer <redacted>',
      'proxy-authorization': 'Basic <redacted>',
      'x-api-key': '<redacted>',
      cookie: 'session=<redacted>',
    });
    expect(entry.request.body?.text).toBe('{"key":"<redacted>"}');
    expect(entry.issues).toEqual([{ message: 'bad <redacted>' }]);
  });

  it(`keeps a body up to ${BODY_CAP} characters, and of a longer one its start and its size`, () => {
    const recorded = journal(10);
    const long = `{"name":"${'é'.repeat(BODY_CAP)}"}`;
    recorded.record(post(long), answer(201, long), 0);
    const { request, response } = recorded.latest()!;
    const size = new TextEncoder().encode(long).length;
    expect(request.body).toEqual({ text: long.slice(0, BODY_CAP), size, truncated: true });
    expect(response.body).toEqual({ text: long.slice(0, BODY_CAP), size, truncated: true });
    // A key cut in half at the cap is redacted too.
    const cutKey = `${'x'.repeat(BODY_CAP - 4)}${KEY}`;
    recorded.record(post(cutKey), answer(201), 0);
    expect(recorded.latest()!.request.body!.text).toBe(`${'x'.repeat(BODY_CAP - 4)}<redacted>`);
  });

  it('drops the oldest bodies beyond the budget, and says so', () => {
    const recorded = journal(1000);
    const body = 'x'.repeat(BODY_CAP);
    const fit = BODIES_BUDGET / BODY_CAP / 2; // entries whose two bodies fit
    for (let i = 0; i < fit + 10; i++) recorded.record(post(body), answer(201, body), 0);
    const entries = recorded.list();
    expect(entries).toHaveLength(fit + 10);
    const omitted = entries.filter((entry) => entry.request.body?.omitted);
    expect(omitted.length).toBeGreaterThanOrEqual(10);
    expect(omitted[0].request.body).toEqual({ text: '', size: BODY_CAP, omitted: true });
    expect(entries[0].request.body?.text).toBe(body); // the newest keep theirs
    const kept = entries.reduce(
      (sum, e) => sum + (e.request.body?.text.length ?? 0) + (e.response.body?.text.length ?? 0),
      0,
    );
    expect(kept).toBeLessThanOrEqual(BODIES_BUDGET);
  });

  it('clears, and keeps nothing with capacity 0', () => {
    const recorded = journal(2);
    recorded.record(get('/v1/pets'), answer(200), 0);
    recorded.clear();
    expect(recorded.list()).toEqual([]);
    expect(recorded.get(1)).toBeUndefined();
    recorded.record(get('/v1/pets'), answer(200), 0);
    expect(recorded.list().map((entry) => entry.id)).toEqual([2]);
    const none = journal(0);
    none.record(get('/v1/pets'), answer(200), 0);
    expect(none.list()).toEqual([]);
    expect(none.latest()).toBeUndefined();
  });
});
