// One change as text, the same in the journal and in the snapshot body: `p` + the pet's JSON, or `m` + the
// message's JSON. Pets go digit for digit (a categoryId may be an int64 beyond 2^53 − 1).
import type { Message, Pet, SavedChanges, StoreChange } from '../../core/index.ts';
import { parseJsonExact, stringifyJsonExact } from '../../shared/exact-json.ts';

export function encodeChange(change: Exclude<StoreChange, { kind: 'reset' }>): string {
  return change.kind === 'pet' ? `p${change.stored.json}` : `m${JSON.stringify(change.message)}`;
}

export function encodePet(pet: Pet): string {
  return `p${typeof pet.categoryId === 'bigint' ? stringifyJsonExact(pet) : JSON.stringify(pet)}`;
}

export function encodeMessage(message: Message): string {
  return `m${JSON.stringify(message)}`;
}

/** More digits than a double holds exactly: such a record is parsed digit for digit. */
const LONG_NUMBER = /\d{16}/;

/** Decodes records in order onto `into`; the id counters end above every id seen. Throws on a bad record. */
export function decodeRecords(records: readonly string[], into: SavedChanges, where: string): void {
  // One JSON.parse over a run of records is several times faster than one per record (a million pets at start).
  for (let start = 0; start < records.length;) {
    let end = start;
    while (end < records.length && end - start < 50_000 && records[end]![0] === records[start]![0]) end++;
    const run = records.slice(start, end);
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
    const kind = records[start]![0];
    if (kind === 'p') for (const value of values) addPet(value as Pet, into);
    else if (kind === 'm') for (const value of values) addMessage(value as Message, into);
    else throw new Error(`${where}, record ${start}: unknown kind ${JSON.stringify(kind)}`);
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

function addPet(pet: Pet, into: SavedChanges): void {
  into.pets.push(pet);
  if (typeof pet?.id === 'number' && pet.id >= into.nextPetId) into.nextPetId = pet.id + 1;
}

function addMessage(message: Message, into: SavedChanges): void {
  into.messages.push(message);
  const number = Number(/^msg_(\d+)$/.exec(String(message?.id))?.[1]);
  if (number >= into.nextMessageId) into.nextMessageId = number + 1;
}
