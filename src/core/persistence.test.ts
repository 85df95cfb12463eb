// The store's seam for persistence: every change an event of one closed union, a saved log replayed, a
// withdrawal that never reaches past a reset; and the public store, which carries none of it.
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY, type CoreRequest } from './index.ts';
import { memoryEventStore } from '../../test/support/memory-event-store.ts';
import { createPersistentPetStore, SnapshotError, type SavedLog } from './persistence.ts';

const auth = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };
const post = (url: string, body: unknown): CoreRequest => ({
  method: 'POST',
  url,
  headers: auth,
  body: JSON.stringify(body),
});
const pet = (id: number, name = `Pet ${id}`) => ({ id, name, categoryId: 1, status: 'available' as const });

describe('the public PetStore', () => {
  it('has what a test author needs and no persistence hook', () => {
    expect(Object.keys(createPetStore()).sort()).toEqual([
      'adminPath',
      'basePath',
      'clearRequests',
      'faults',
      'fetch',
      'handle',
      'quickstartPath',
      'requests',
      'reset',
      'rules',
      'seed',
      'snapshot',
    ]);
  });
});

describe('a persistent store', () => {
  it('tells every change as a domain event, in order', () => {
    const { appended: events, ...kept } = memoryEventStore();
    const { store } = createPersistentPetStore({ pets: [pet(3)], ...kept });
    store.handle(post('/v1/pets', { name: 'Rex', categoryId: 2 }));
    store.handle(post('/quickstart/messages', { message: 'hi' }));
    store.handle(post('/v1/pets', { name: 'bad' }));
    store.reset();
    store.seed([{ name: 'Only', categoryId: 1 }]);
    expect(events.map((event) => event.type)).toEqual(['pet-created', 'message-sent', 'reset', 'data-loaded']);
    expect(events[0]).toMatchObject({ pet: { id: 4, name: 'Rex', categoryId: 2, status: 'available' } });
    expect(events[1]).toMatchObject({ message: { id: 'msg_1', message: 'hi', status: 'queued' } });
    expect(events[3]).toEqual({ type: 'data-loaded', pets: [pet(1, 'Only')] });
    expect(JSON.stringify(events[0]), 'the event is the domain, nothing of the store').toBe(
      '{"type":"pet-created","pet":{"id":4,"name":"Rex","categoryId":2,"status":"available"}}',
    );
  });

  it('starts from the data set plus the saved log, and a reset comes back to that', () => {
    const saved: SavedLog = {
      events: [
        { type: 'pet-created', pet: pet(11, 'Saved') },
        {
          type: 'message-sent',
          message: { id: 'msg_4', message: 'x', status: 'queued', createdAt: '2030-01-01T00:00:00.000Z' },
        },
      ],
      nextPetId: 13,
      nextMessageId: 5,
    };
    const persistent = createPersistentPetStore({ pets: [pet(2), pet(10)], ...memoryEventStore(saved) });
    const ids = () => persistent.store.snapshot().pets.map((p) => p.id);
    expect(ids()).toEqual([2, 10, 11]);
    expect(persistent.nextIds()).toEqual({ nextPetId: 13, nextMessageId: 5 });
    persistent.store.handle(post('/v1/pets', { name: 'After', categoryId: 1 }));
    expect(ids()).toEqual([2, 10, 11, 13]);
    persistent.store.reset();
    expect(ids()).toEqual([2, 10, 11]);
    expect(persistent.store.snapshot().messages.map((m) => m.id)).toEqual(['msg_4']);
  });

  it('lets a data set loaded in the log replace the one it started from', () => {
    const saved: SavedLog = {
      events: [
        { type: 'pet-created', pet: pet(4) },
        { type: 'data-loaded', pets: [pet(100, 'Mine')] },
        { type: 'pet-created', pet: pet(101) },
      ],
      nextPetId: 1,
      nextMessageId: 1,
    };
    const { store, nextIds } = createPersistentPetStore({ pets: 3, ...memoryEventStore(saved) });
    expect(store.snapshot().pets.map((p) => p.id)).toEqual([100, 101]);
    expect(nextIds().nextPetId).toBe(102);
  });

  it('refuses a saved log that does not fit, naming the event', () => {
    const log = (events: SavedLog['events']) => memoryEventStore({ events, nextPetId: 1, nextMessageId: 1 });
    expect(() => createPersistentPetStore({ pets: 3, ...log([{ type: 'pet-created', pet: pet(2) }]) })).toThrow(
      /event 0: failed to store pet 2: the id is already taken/,
    );
    expect(() =>
      createPersistentPetStore({ ...log([{ type: 'pet-created', pet: { id: 60, name: 7 } as never }]) }),
    ).toThrow(SnapshotError);
    expect(() => createPersistentPetStore({ ...log([{ type: 'reset' } as never]) })).toThrow(
      /event 0: unknown type "reset"/,
    );
  });

  it('withdraws a refused change with the later ones of its kind, and never reaches past a reset', () => {
    const { appended: events, ...kept } = memoryEventStore();
    const persistent = createPersistentPetStore({ pets: 2, ...kept });
    const { store } = persistent;
    for (const name of ['a', 'b', 'c']) store.handle(post('/v1/pets', { name, categoryId: 1 }));
    persistent.withdraw(events[2]!);
    persistent.withdraw(events[1]!);
    expect(store.snapshot().pets.map((p) => p.id)).toEqual([1, 2, 3]);
    expect(store.handle(post('/v1/pets', { name: 'd', categoryId: 1 })).status).toBe(201);
    expect(persistent.nextIds().nextPetId, 'withdrawn ids are not given again').toBe(7);
    const beforeReset = events[events.length - 1]!;
    store.reset();
    store.handle(post('/v1/pets', { name: 'e', categoryId: 1 }));
    persistent.withdraw(beforeReset);
    persistent.withdraw({ type: 'pet-created', pet: pet(3) });
    expect(store.snapshot().pets.map((p) => p.id)).toEqual([1, 2, 3]);
  });

  it('follows events another writer stored: the same apply, the event store not told', () => {
    const { appended, ...kept } = memoryEventStore();
    const persistent = createPersistentPetStore({ pets: [pet(1)], ...kept });
    persistent.follow({ type: 'pet-created', pet: pet(2, 'From B') });
    const made = persistent.store.handle(post('/v1/pets', { name: 'Here', categoryId: 1 }));
    expect(JSON.parse(made.body!)).toMatchObject({ id: 3, name: 'Here' });
    persistent.follow({ type: 'reset' });
    expect(persistent.store.snapshot().pets.map((p) => p.id)).toEqual([1]);
    persistent.follow({ type: 'data-loaded', pets: [pet(7), pet(9)] });
    persistent.follow({ type: 'reset' });
    expect(persistent.store.snapshot().pets.map((p) => p.id)).toEqual([7, 9]);
    expect(appended.map((event) => event.type)).toEqual(['pet-created']);
  });
});

describe('store.seed', () => {
  it('replaces the data set, goes back to it, and a reset comes back to it too', () => {
    const store = createPetStore({ pets: 5 });
    store.handle(post('/v1/pets', { name: 'Gone', categoryId: 1 }));
    store.seed([
      { id: 42, name: 'Mine', categoryId: 3, status: 'sold' },
      { name: 'Also mine', categoryId: 1 },
    ]);
    const names = () => store.snapshot().pets.map((p) => `${p.id} ${p.name}`);
    expect(names()).toEqual(['42 Mine', '43 Also mine']);
    store.handle(post('/v1/pets', { name: 'New', categoryId: 1 }));
    store.reset();
    expect(names()).toEqual(['42 Mine', '43 Also mine']);
    store.seed(2);
    expect(store.snapshot().pets).toEqual(createPetStore({ pets: 2 }).snapshot().pets);
    expect(() => store.seed([{ name: 'No category' } as never])).toThrow("pets[0]: field 'categoryId' is required");
    expect(store.snapshot().pets, 'a refused data set changes nothing').toHaveLength(2);
  });
});
