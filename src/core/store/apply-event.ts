// The one apply: the state is the fold of its events. Each kind of change (store-events.ts) has one entry in
// CHANGES, which says how it changes the state, how a change the event store refused is withdrawn, and how it
// is checked when read back from storage. The live path (live-state.ts: a request's change, a reset, a data
// set loaded) and the replay of a saved log (at start and at every reset) both go through `apply`.
import type { Pet } from '../api-types.ts';
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import { checkAgainst, checkPetIds, SnapshotError } from './snapshot.ts';
import type { EventOf, LoggedEvent, StoreEvent } from './store-events.ts';
import { MADE_IN, startOf, StoreState, type Commit, type Made, type Origin, type StartState } from './store-state.ts';

/** What checking one event of a saved log needs (saved-log.ts). */
export interface LogCheck {
  /** Where the event is in the log (a problem is named `event 3: …`). */
  index: number;
  /** False for records this kit wrote from validated requests whose checksum holds (SavedLog.verified). */
  schemaDue: boolean;
  compiler: SchemaCompiler;
  /** Throws a SnapshotError: `event 3: ${why}`. */
  fail(why: string): never;
  /** Throws a SnapshotError naming the fields of `value` that the spec's schema refuses. */
  conform(schema: 'Pet' | 'Message', value: unknown): void;
}

/** One kind of change. A kind that is saved (a LoggedEvent) must say how it is checked when read back. */
type Change<E extends StoreEvent> = {
  /** The state after `event`: this one changed in place, or a new one. Throws a KitError if it does not fit. */
  apply(state: StoreState, event: E): StoreState;
  /** Undoes `event` and every later change of its kind (withdrawn newest first). None: never undone so. */
  withdraw?(state: StoreState, event: E): void;
  /** Its `apply` keeps nothing of the state before it, so the fold of a log may begin at the last such event. */
  startsAnew?: true;
} & (E extends LoggedEvent ? { check(event: E, at: LogCheck): void } : { check?: never });

type Changes = { [K in StoreEvent['type']]: Change<EventOf<K>> };

/** The table as the functions below see it: they look an entry up by `event.type`, so it matches the event. */
interface AnyChange {
  apply(state: StoreState, event: StoreEvent): StoreState;
  withdraw?(state: StoreState, event: StoreEvent): void;
  startsAnew?: true;
  check?(event: LoggedEvent, at: LogCheck): void;
}

/**
 * How the generated pets of a data set are drawn again (`store.seed(count)`): a reset makes them anew rather
 * than keep a million of them twice. Kept out of the event's own fields, as MADE_IN is.
 */
export const DRAW_AGAIN = Symbol('draw again');
export type DataLoaded = EventOf<'data-loaded'> & { readonly [DRAW_AGAIN]?: () => readonly Pet[] };

/** A table of the state that a change adds one record to: the pets, the messages. */
interface RecordTable<R extends { id: unknown }> {
  insert(record: R): void;
  withdrawFrom(id: R['id']): void;
}

/**
 * The change that adds one record to a table of the state (a pet created, a message sent): `apply` inserts it,
 * `withdraw` takes it back (and every later one) by its id, and `check` holds it to its schema and `alsoCheck`.
 */
function recordAdded<E extends LoggedEvent, R extends { id: unknown }>(
  table: (state: StoreState) => RecordTable<R>,
  recordOf: (event: E) => R,
  schema: 'Pet' | 'Message',
  alsoCheck: (record: R, at: LogCheck) => void = () => undefined,
) {
  return {
    apply(state: StoreState, event: E) {
      table(state).insert(recordOf(event));
      return state;
    },
    withdraw: (state: StoreState, event: E) => table(state).withdrawFrom(recordOf(event).id),
    check(event: E, at: LogCheck) {
      const record = recordOf(event);
      if (at.schemaDue) at.conform(schema, record);
      alsoCheck(record, at);
    },
  };
}

const CHANGES = {
  'pet-created': recordAdded(
    (state) => state.pets,
    ({ pet }: EventOf<'pet-created'>) => pet,
    'Pet',
    (pet, at) => {
      if (!Number.isSafeInteger(pet?.id))
        at.fail(`id ${String(pet?.id)} is beyond 2^53 − 1, which this mock does not keep`);
    },
  ),
  'message-sent': recordAdded(
    (state) => state.messages,
    ({ message }: EventOf<'message-sent'>) => message,
    'Message',
  ),
  'data-loaded': {
    apply(state, event: DataLoaded) {
      const draw = event[DRAW_AGAIN];
      const start = draw ? () => startOf(draw()) : () => startOf(event.pets);
      return new StoreState(startOf(event.pets), { start }, state.commit);
    },
    startsAnew: true,
    check({ pets }, at) {
      const where = (pet: number) => `event ${at.index} (a data set), pets[${pet}]`;
      if (!Array.isArray(pets)) at.fail('its pets are not an array');
      if (at.schemaDue) checkAgainst(at.compiler, 'Pet', pets, where);
      checkPetIds(pets, where);
    },
  },
  // Never saved: the event store writes its start again (src/node/state/state-file-events.ts).
  reset: {
    apply: (state) => replay(state.origin, state.commit),
  },
} satisfies Changes;
const BY_TYPE: Readonly<Record<string, AnyChange | undefined>> = CHANGES;

/** The state after `event`. */
export function apply(state: StoreState, event: StoreEvent): StoreState {
  return BY_TYPE[event.type]!.apply(state, event);
}

/**
 * Withdraws a change the event store could not keep (it was never acknowledged), with every later change of
 * its kind: withdraw newest first. Ids already handed out are not given again. An event made in another state
 * (before a reset or a new data set), or not made live at all, is left alone.
 */
export function withdraw(state: StoreState, event: StoreEvent): void {
  if ((event as Made)[MADE_IN] !== state) return;
  BY_TYPE[event.type]!.withdraw?.(state, event);
}

/** Checks an event read back from storage; throws a SnapshotError (an unknown kind, a kind never saved, bad data). */
export function checkLogged(event: LoggedEvent, at: LogCheck): void {
  const type = (event as { type?: unknown } | null)?.type;
  const change = typeof type === 'string' && Object.hasOwn(BY_TYPE, type) ? BY_TYPE[type] : undefined;
  if (!change?.check) at.fail(`unknown type ${JSON.stringify(type)}`);
  change.check(event, at);
}

/** Where the fold of a log that begins anew starts: the first event's `apply` reads nothing of it. */
const NOTHING: StartState = startOf([]);

/**
 * The state an origin leads to: its data set, then each event of its saved log applied, telling no one (they
 * are saved already). A pet that does not fit (an id taken) throws a SnapshotError naming the event.
 */
export function replay(origin: Origin, commit: Commit): StoreState {
  const events = origin.saved?.events ?? [];
  let from = events.length;
  while (from > 0 && !BY_TYPE[events[from - 1]!.type]?.startsAnew) from--;
  // Begin at the last event that starts anew (a data set loaded): a million generated pets that the log
  // replaces are never drawn.
  let state = new StoreState(from > 0 ? NOTHING : origin.start(), origin, commit);
  for (let i = Math.max(from - 1, 0); i < events.length; i++) {
    try {
      state = apply(state, events[i]!);
    } catch (error) {
      throw new SnapshotError(
        `event ${i}: ${(error as Error).message.replace(/^\[petstore-kit\] Failed to /, 'failed to ')}`,
      );
    }
  }
  if (origin.saved) state.raiseCounters(origin.saved);
  // A reset comes back to the end of the log, past a data set loaded within it.
  state.origin = origin;
  return state;
}
