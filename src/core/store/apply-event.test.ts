// The state is the fold of its events: one `apply` for every kind of change, called alike by the live path
// (a request, a reset, a data set loaded) and by the replay of a saved log.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Message, Pet } from '../api-types.ts';
import { composePetStore, DEV_API_KEY, type PetStore } from '../create-pet-store.ts';
import type { CoreRequest } from '../core-request.ts';
import { createPersistentPetStore, type SavedLog, type StoreEvent } from '../persistence.ts';
import { memoryEventStore } from '../../../test/support/memory-event-store.ts';
import { apply, replay, type DataLoaded } from './apply-event.ts';
import type { LoggedEvent } from './store-events.ts';
import { startOf, type Origin } from './store-state.ts';

const pet = (id: number): Pet => ({ id, name: `Pet ${id}`, categoryId: 1, status: 'available' });
const message = (n: number): Message => ({
  id: `msg_${n}`,
  message: `hi ${n}`,
  status: 'queued',
  createdAt: '2030-01-01T00:00:00.000Z',
});
const created = (id: number): LoggedEvent => ({ type: 'pet-created', pet: pet(id) });
const sent = (n: number): LoggedEvent => ({ type: 'message-sent', message: message(n) });
const loaded = (...ids: number[]): LoggedEvent => ({ type: 'data-loaded', pets: ids.map(pet) });
const reset: StoreEvent = { type: 'reset' };

/** The fold: the origin's state, then each event applied; nothing is committed or told. */
function fold(origin: Origin, events: readonly StoreEvent[]) {
  const commit = () => {
    throw new Error('a fold makes no event of its own');
  };
  return events.reduce(apply, replay(origin, commit)).snapshot();
}

/** The parts of a snapshot the table states. */
const summary = ({ pets, nextPetId, messages, nextMessageId }: ReturnType<typeof fold>) => ({
  pets: pets.map((p) => p.id),
  nextPetId,
  messages: messages.map((m) => m.id),
  nextMessageId,
});

describe('apply: (events) → state', () => {
  const start = () => startOf([pet(1), pet(2)]);
  const log = (events: LoggedEvent[]): SavedLog => ({ events, nextPetId: 20, nextMessageId: 5 });
  const table: [string, Origin, StoreEvent[], ReturnType<typeof summary>][] = [
    ['no event: the data set', { start }, [], { pets: [1, 2], nextPetId: 3, messages: [], nextMessageId: 1 }],
    ['a pet created', { start }, [created(3)], { pets: [1, 2, 3], nextPetId: 4, messages: [], nextMessageId: 1 }],
    ['a sparse id', { start }, [created(10)], { pets: [1, 2, 10], nextPetId: 11, messages: [], nextMessageId: 1 }],
    ['a message sent', { start }, [sent(1)], { pets: [1, 2], nextPetId: 3, messages: ['msg_1'], nextMessageId: 2 }],
    [
      'a data set loaded keeps nothing of the state before it',
      { start },
      [created(3), sent(1), loaded(7, 9)],
      { pets: [7, 9], nextPetId: 10, messages: [], nextMessageId: 1 },
    ],
    [
      'a reset comes back to the data set, ids counting from it again',
      { start },
      [created(3), sent(1), reset],
      { pets: [1, 2], nextPetId: 3, messages: [], nextMessageId: 1 },
    ],
    [
      'a reset after a data set loaded comes back to that data set',
      { start },
      [loaded(7), created(8), sent(1), reset],
      { pets: [7], nextPetId: 8, messages: [], nextMessageId: 1 },
    ],
    [
      'a saved log: its events replayed, its counters kept (ids handed out before)',
      { start, saved: log([created(3), sent(4)]) },
      [],
      { pets: [1, 2, 3], nextPetId: 20, messages: ['msg_4'], nextMessageId: 5 },
    ],
    [
      'a saved log that loaded a data set: the events before it do not count',
      { start, saved: log([created(3), loaded(7), created(9)]) },
      [],
      { pets: [7, 9], nextPetId: 20, messages: [], nextMessageId: 5 },
    ],
    [
      'a reset comes back to the end of the saved log, past the data set loaded in it',
      { start, saved: log([loaded(7), created(9)]) },
      [created(20), sent(5), reset],
      { pets: [7, 9], nextPetId: 20, messages: [], nextMessageId: 5 },
    ],
  ];
  it.each(table)('%s', (_, origin, events, expected) => {
    expect(summary(fold(origin, events))).toEqual(expected);
  });

  it('refuses an event that does not fit, as a saved log names it', () => {
    expect(() => fold({ start, saved: log([created(3), created(2)]) }, [])).toThrow(
      /event 1: failed to store pet 2: the id is already taken/,
    );
  });
});

const CLOCK = new Date('2030-01-02T03:04:05.000Z');
const post = (url: string, body: unknown): CoreRequest => ({
  method: 'POST',
  url,
  headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** What a user does to the store: requests, a reset, a data set of their own or generated. */
const step = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), status: fc.constantFrom('available', 'pending', 'sold') }),
  fc.record({ kind: fc.constant('message' as const), text: fc.constantFrom('hi', 'hello') }),
  fc.record({
    kind: fc.constant('seed' as const),
    ids: fc.uniqueArray(fc.integer({ min: 1, max: 40 }), { maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('generate' as const), count: fc.integer({ min: 0, max: 4 }) }),
  fc.constant({ kind: 'reset' as const }),
);

type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

function run(store: PetStore, s: Step): void {
  if (s.kind === 'create') store.handle(post('/v1/pets', { name: 'Rex', categoryId: 2, status: s.status }));
  else if (s.kind === 'message') store.handle(post('/quickstart/messages', { message: s.text }));
  else if (s.kind === 'seed') store.seed(s.ids.map((id) => ({ id, name: `Mine ${id}`, categoryId: 3 })));
  else if (s.kind === 'generate') store.seed(s.count);
  else store.reset();
}

/** What an event store keeps, as the state file does: a reset writes its start again, a data set starts anew. */
function kept(appended: readonly StoreEvent[]): LoggedEvent[] {
  let start: LoggedEvent[] = [];
  let log: LoggedEvent[] = [];
  for (const event of appended) {
    if (event.type === 'reset') log = [...start];
    else if (event.type === 'data-loaded') [start, log] = [[event], [event]];
    else log.push(event);
  }
  return log;
}

describe('the live path and the replay', () => {
  it('give the same state for the same events, whatever the user did', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const { appended, events } = memoryEventStore();
        const { store } = createPersistentPetStore({ pets: 3, now: () => CLOCK, events });
        const before = store.snapshot();
        for (const s of steps) run(store, s);
        const live = store.snapshot();
        // Every event the store appended, applied to where it started: the state it reached.
        expect(fold({ start: () => before }, appended)).toEqual(live);
        // A restart from what a state file keeps of them (as plain data): the same.
        const saved: SavedLog = { events: structuredClone(kept(appended)), nextPetId: 1, nextMessageId: 1 };
        const restarted = createPersistentPetStore({ pets: 3, events: memoryEventStore(saved).events });
        expect(restarted.store.snapshot()).toEqual(live);
      }),
      // Bounded: a unit test runs in well under a second, on any machine.
      { numRuns: 40 },
    );
  });
});

describe('reset and data-loaded are events', () => {
  it('are appended as any change is, and applied by the same apply', () => {
    const { appended, events } = memoryEventStore();
    const { store, live } = composePetStore({ pets: 2 }, { events });
    store.seed([{ name: 'Mine', categoryId: 1 }]);
    store.handle(post('/v1/pets', { name: 'Rex', categoryId: 2 }));
    const afterCreate = live.state;
    store.reset();
    expect(appended.map((event) => event.type)).toEqual(['data-loaded', 'pet-created', 'reset']);
    expect(appended[0]).toEqual({
      type: 'data-loaded',
      pets: [{ id: 1, name: 'Mine', categoryId: 1, status: 'available' }],
    });
    expect(appended[2]).toEqual({ type: 'reset' });
    expect(live.state, 'a reset is a new state').not.toBe(afterCreate);
    expect(store.snapshot().pets.map((p) => p.name)).toEqual(['Mine']);
  });

  it('draws generated pets again at a reset rather than keep them', () => {
    const { appended, events } = memoryEventStore();
    const { store, live } = composePetStore({ pets: 2 }, { events });
    store.seed(5);
    const event = appended[0] as DataLoaded;
    expect(event.pets).toHaveLength(5);
    store.handle(post('/v1/pets', { name: 'Rex', categoryId: 2 }));
    store.reset();
    expect(store.snapshot().pets).toEqual(event.pets);
    const again = live.state.origin.start().pets;
    expect(again).toEqual(event.pets);
    expect(again, 'drawn again, not kept from the event').not.toBe(event.pets);
  });
});
