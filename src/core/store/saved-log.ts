// A saved log, read back: checked once when the store is created (a state file may have been edited by
// hand), then replayed onto the data set at every reset. The events after the last data set loaded are the
// only ones that matter: a data-loaded event starts the state again from its pets.
import type { Pet } from '../api-types.ts';
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import { checkAgainst, checkCounters, checkPetIds, fieldIssues, SnapshotError } from './snapshot.ts';
import type { LoggedEvent, SavedLog } from './store-events.ts';
import { StoreState, type EventListener, type StartState } from './store-state.ts';

/** Throws a SnapshotError naming the first event that is not what the spec and the mock's id rules allow. */
export function checkSavedLog(log: SavedLog, compiler: SchemaCompiler): void {
  checkCounters(log);
  if (!Array.isArray(log.events)) throw new SnapshotError('"events" is not an array');
  // Compiled once: a state file may hold a million pets, checked at every start.
  const validPet = compiler.compile({ $ref: '#/components/schemas/Pet' });
  const validMessage = compiler.compile({ $ref: '#/components/schemas/Message' });
  const fail = (i: number, validator: typeof validPet): never => {
    throw new SnapshotError(`event ${i}: ${fieldIssues(validator.errors).join('; ')}`);
  };
  const unverified = log.events.length - (log.verified ?? 0);
  for (let i = 0; i < log.events.length; i++) {
    const event = log.events[i]!;
    const checked = i < unverified;
    switch (event.type) {
      case 'pet-created':
        if (checked && !validPet(event.pet)) fail(i, validPet);
        if (!Number.isSafeInteger(event.pet.id))
          throw new SnapshotError(
            `event ${i}: id ${String(event.pet.id)} is beyond 2^53 − 1, which this mock does not keep`,
          );
        break;
      case 'message-sent':
        if (checked && !validMessage(event.message)) fail(i, validMessage);
        break;
      case 'data-loaded': {
        const where = (pet: number) => `event ${i} (a data set), pets[${pet}]`;
        if (!Array.isArray(event.pets)) throw new SnapshotError(`event ${i}: its pets are not an array`);
        if (checked) checkAgainst(compiler, 'Pet', event.pets, where);
        checkPetIds(event.pets, where);
        break;
      }
      default:
        throw new SnapshotError(`event ${i}: unknown type ${JSON.stringify((event as { type?: unknown }).type)}`);
    }
  }
}

/** The state the log leads to from `start`; a pet that does not fit (an id taken) throws a SnapshotError. */
export function replayLog(start: StartState, log: SavedLog | undefined, onEvent?: EventListener): StoreState {
  if (!log) return new StoreState(start, onEvent);
  let from = log.events.length;
  while (from > 0 && log.events[from - 1]!.type !== 'data-loaded') from--;
  const loaded = log.events[from - 1] as Extract<LoggedEvent, { type: 'data-loaded' }> | undefined;
  const base = loaded ? startOf(loaded.pets) : start;
  const state = new StoreState(
    {
      ...base,
      nextPetId: Math.max(base.nextPetId, log.nextPetId),
      nextMessageId: Math.max(base.nextMessageId, log.nextMessageId),
    },
    onEvent,
  );
  for (let i = from; i < log.events.length; i++) {
    try {
      // After the last data set loaded, no event is one.
      state.replay(log.events[i] as Exclude<LoggedEvent, { type: 'data-loaded' }>);
    } catch (error) {
      throw new SnapshotError(
        `event ${i}: ${(error as Error).message.replace(/^\[petstore-kit\] Failed to /, 'failed to ')}`,
      );
    }
  }
  return state;
}

/** A data set as a start: its pets, no message, ids counting on from the highest. */
export function startOf(pets: readonly Pet[]): StartState {
  return { pets, messages: [], nextPetId: 1, nextMessageId: 1 };
}
