// One event as text, the same in the journal and in the snapshot body: a kind letter, then the JSON of what
// the event carries. The kinds are derived from the store's own union of events (LoggedEvent): an event the
// store gains fails to compile here until it has a letter. Pets go digit for digit (a categoryId may be an
// int64 beyond 2^53 − 1).
//   p{pet}        a pet created            (petstore-kit/state@2 and @3)
//   m{message}    a quickstart message     (petstore-kit/state@2 and @3)
//   d[pet, …]     a data set loaded        (@3: store.seed(pets) in code, or a legacy file's pets)
import { petJson, type LoggedEvent, type SavedLog } from '../../core/persistence.ts';
import type { Message, Pet } from '../../core/index.ts';
import { parseJsonExact } from '../../shared/exact-json.ts';

/** The letter of each kind of event: every member of LoggedEvent has one, and no two share one. */
export const RECORD_KINDS = {
  'pet-created': 'p',
  'message-sent': 'm',
  'data-loaded': 'd',
} as const satisfies Record<LoggedEvent['type'], string>;

type Kind = (typeof RECORD_KINDS)[LoggedEvent['type']];
/** A record's value back into its event. */
const DECODERS: Record<Kind, (value: never) => LoggedEvent> = {
  p: (pet: Pet) => ({ type: 'pet-created', pet }),
  m: (message: Message) => ({ type: 'message-sent', message }),
  d: (pets: Pet[]) => ({ type: 'data-loaded', pets }),
};

export function encodeEvent(event: LoggedEvent): string {
  switch (event.type) {
    case 'pet-created':
      return `${RECORD_KINDS['pet-created']}${petJson(event.pet)}`;
    case 'message-sent':
      return `${RECORD_KINDS['message-sent']}${JSON.stringify(event.message)}`;
    case 'data-loaded':
      return `${RECORD_KINDS['data-loaded']}[${event.pets.map(petJson).join(',')}]`;
  }
}

/** More digits than a double holds exactly: such a record is parsed digit for digit. */
const LONG_NUMBER = /\d{16}/;

/** Decodes records in order onto `into`; the id counters end above every id seen. Throws on a bad record. */
export function decodeRecords(records: readonly string[], into: SavedLog, where: string): void {
  // One JSON.parse over a run of records is several times faster than one per record (a million pets at start).
  for (let start = 0; start < records.length;) {
    let end = start;
    while (end < records.length && end - start < 50_000 && records[end]![0] === records[start]![0]) end++;
    const run = records.slice(start, end);
    const kind = records[start]![0]!;
    if (!Object.hasOwn(DECODERS, kind))
      throw new Error(`${where}, record ${start}: unknown kind ${JSON.stringify(kind)}`);
    const decode = DECODERS[kind as Kind] as (value: unknown) => LoggedEvent;
    const text = `[${run.map((record) => record.slice(1)).join(',')}]`;
    let values: unknown[] | undefined;
    if (!LONG_NUMBER.test(text)) {
      try {
        values = JSON.parse(text) as unknown[];
      } catch {
        // Some record is not JSON: the loop below says which.
      }
    }
    values ??= run.map((record, i) => parseRecord(record, start + i, where));
    if (values.length !== run.length) values = run.map((record, i) => parseRecord(record, start + i, where));
    for (const value of values) count(into.events[into.events.push(decode(value)) - 1]!, into);
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

/** Keeps the log's counters above every id it holds, so a restarted store never gives an id twice. */
function count(event: LoggedEvent, into: SavedLog): void {
  // No closure and no array per event: a start-up may count a million of them.
  if (event.type === 'pet-created') countPet(event.pet, into);
  else if (event.type === 'data-loaded') {
    if (Array.isArray(event.pets)) for (const pet of event.pets) countPet(pet, into);
  } else {
    const number = Number(/^msg_(\d+)$/.exec(String(event.message?.id))?.[1]);
    if (number >= into.nextMessageId) into.nextMessageId = number + 1;
  }
}

function countPet(pet: Pet | undefined, into: SavedLog): void {
  if (typeof pet?.id === 'number' && pet.id >= into.nextPetId) into.nextPetId = pet.id + 1;
}
