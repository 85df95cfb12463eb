// One event as text, the same in the journal and in the snapshot body: a kind letter, then the JSON of what
// the event carries. The records are derived from the store's own union of events (LoggedEvent): an event the
// store gains fails to compile here until it has a record. Pets go digit for digit (a categoryId may be an
// int64 beyond 2^53 − 1).
//   p{pet}        a pet created            (petstore-kit/state@2 and @3)
//   m{message}    a quickstart message     (petstore-kit/state@2 and @3)
//   d[pet, …]     a data set loaded        (@3: store.seed(pets) in code, or a legacy file's pets)
import { petJson, type LoggedEvent, type SavedLog } from '../../core/persistence.ts';
import type { Message, Pet } from '../../core/index.ts';
import { parseJsonExact } from '../../shared/exact-json.ts';

/** How one kind of event is written and read back. */
interface EventRecord<E extends LoggedEvent> {
  /** One character, of this kind alone. */
  letter: string;
  /** The JSON of what the event carries. */
  encode(event: E): string;
  /** That JSON's value back into the event (checked by the store, not here). */
  decode(value: never): E;
}

type Of<K extends LoggedEvent['type']> = Extract<LoggedEvent, { type: K }>;

/** The record of each kind of event: every member of LoggedEvent has one. */
export const RECORDS = {
  'pet-created': {
    letter: 'p',
    encode: ({ pet }) => petJson(pet),
    decode: (pet: Pet) => ({ type: 'pet-created', pet }),
  },
  'message-sent': {
    letter: 'm',
    encode: ({ message }) => JSON.stringify(message),
    decode: (message: Message) => ({ type: 'message-sent', message }),
  },
  'data-loaded': {
    letter: 'd',
    encode: ({ pets }) => `[${pets.map(petJson).join(',')}]`,
    decode: (pets: Pet[]) => ({ type: 'data-loaded', pets }),
  },
} satisfies { [K in LoggedEvent['type']]: EventRecord<Of<K>> };

/** The records as `encodeEvent` sees them: looked up by `event.type`, so the entry matches the event. */
const BY_TYPE: Readonly<Record<string, EventRecord<LoggedEvent>>> = RECORDS;

/** The records by letter; no two kinds may share one (checked once, when this module loads). */
const BY_LETTER = new Map<string, EventRecord<LoggedEvent>>();
for (const [type, record] of Object.entries(BY_TYPE)) {
  if (record.letter.length !== 1 || BY_LETTER.has(record.letter))
    throw new Error(`the record of ${type} needs a letter of its own, not ${JSON.stringify(record.letter)}`);
  BY_LETTER.set(record.letter, record);
}

export function encodeEvent(event: LoggedEvent): string {
  const record = BY_TYPE[event.type]!;
  return record.letter + record.encode(event);
}

/** More digits than a double holds exactly: such a record is parsed digit for digit. */
const LONG_NUMBER = /\d{16}/;

/**
 * Decodes records in order onto `into`. The counters stay as `into` has them: the store raises them above
 * every id it replays. Throws on a bad record.
 */
export function decodeRecords(records: readonly string[], into: SavedLog, where: string): void {
  // One JSON.parse over a run of records is several times faster than one per record (a million pets at start).
  for (let start = 0; start < records.length;) {
    let end = start;
    while (end < records.length && end - start < 50_000 && records[end]![0] === records[start]![0]) end++;
    const run = records.slice(start, end);
    const letter = records[start]![0]!;
    const record = BY_LETTER.get(letter);
    if (!record) throw new Error(`${where}, record ${start}: unknown kind ${JSON.stringify(letter)}`);
    const decode = record.decode as (value: unknown) => LoggedEvent;
    const text = `[${run.map((line) => line.slice(1)).join(',')}]`;
    let values: unknown[] | undefined;
    if (!LONG_NUMBER.test(text)) {
      try {
        values = JSON.parse(text) as unknown[];
      } catch {
        // Some record is not JSON: the loop below says which.
      }
    }
    values ??= run.map((line, i) => parseRecord(line, start + i, where));
    if (values.length !== run.length) values = run.map((line, i) => parseRecord(line, start + i, where));
    for (const value of values) into.events.push(decode(value));
    start = end;
  }
}

function parseRecord(record: string, index: number, where: string): unknown {
  try {
    return parseJsonExact(record.slice(1));
  } catch (error) {
    throw new Error(`${where}, record ${index}: not valid JSON (${(error as Error).message})`);
  }
}
