import { describe, expect, it } from 'vitest';
import type { CoreResponse } from '../core-request.ts';
import { RequestJournal } from './request-journal.ts';

const KEY = 'key+with/slash';
const journal = (capacity: number) =>
  new RequestJournal(capacity, (method, path) => (path === '/v1/pets' ? 'listPets' : undefined), [KEY]);
const answer = (status: number, body: string | null = null): CoreResponse => ({ status, headers: {}, body });
const get = (url: string) => ({ method: 'GET', url, headers: { authorization: `Bearer ${KEY}` } });

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
  });

  it('never keeps the key, raw or percent-encoded, and never the Authorization header', () => {
    const recorded = journal(10);
    recorded.record(get(`/v1/pets?a=${KEY}&b=${encodeURIComponent(KEY)}`), answer(200), 0);
    const text = JSON.stringify(recorded.list());
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(encodeURIComponent(KEY));
    expect(recorded.list()[0].query).toBe('a=[redacted]&b=[redacted]');
  });

  it('clears, and keeps nothing with capacity 0', () => {
    const recorded = journal(2);
    recorded.record(get('/v1/pets'), answer(200), 0);
    recorded.clear();
    expect(recorded.list()).toEqual([]);
    const none = journal(0);
    none.record(get('/v1/pets'), answer(200), 0);
    expect(none.list()).toEqual([]);
    expect(none.latest()).toBeUndefined();
  });
});
