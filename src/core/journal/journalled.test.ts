import { describe, expect, it } from 'vitest';
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { journalAnswer, journalled } from './journalled.ts';
import { RequestJournal, type JournalEntry } from './request-journal.ts';

const journal = (capacity: number) => new RequestJournal(capacity, () => undefined, []);
const get = (url: string): CoreRequest => ({ method: 'GET', url, headers: {} });
const answer = (status: number): CoreResponse => ({ status, headers: {}, body: null });

describe('journalAnswer and journalled', () => {
  it('journal every answer but the admin API’s own, and hand each entry to the listener', () => {
    const recorded = journal(10);
    const logged: JournalEntry[] = [];
    const note = journalAnswer(recorded, '/__admin', (entry) => logged.push(entry))!;
    const handle = journalled(() => answer(200), note);
    handle(get('/v1/pets'));
    handle(get('/__admin/requests'));
    handle(get('/__admin'));
    // An answer given around the store (a shared store's own 503) goes in the same way.
    note(get('/v1/pets/1'), answer(503), performance.now());
    expect(recorded.list().map((entry) => [entry.path, entry.status])).toEqual([
      ['/v1/pets/1', 503],
      ['/v1/pets', 200],
    ]);
    expect(logged.map((entry) => entry.status)).toEqual([200, 503]);
  });

  it('add nothing to the request path with no journal and no listener', () => {
    const handle = (request: CoreRequest) => answer(request.url.length);
    expect(journalAnswer(journal(0), '/__admin', undefined)).toBeUndefined();
    expect(journalled(handle, undefined)).toBe(handle);
  });
});
