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

/** Decodes records in order onto `into`; the id counters end above every id seen. Throws on a bad record. */
export function decodeRecords(records: Iterable<string>, into: SavedChanges, where: string): void {
  let index = 0;
  for (const record of records) {
    const kind = record[0];
    let value: unknown;
    try {
      value = parseJsonExact(record.slice(1));
    } catch (error) {
      throw new Error(`${where}, record ${index}: not valid JSON (${(error as Error).message})`);
    }
    if (kind === 'p') {
      const pet = value as Pet;
      into.pets.push(pet);
      if (typeof pet?.id === 'number' && pet.id >= into.nextPetId) into.nextPetId = pet.id + 1;
    } else if (kind === 'm') {
      const message = value as Message;
      into.messages.push(message);
      const number = Number(/^msg_(\d+)$/.exec(String(message?.id))?.[1]);
      if (number >= into.nextMessageId) into.nextMessageId = number + 1;
    } else throw new Error(`${where}, record ${index}: unknown kind ${JSON.stringify(kind)}`);
    index++;
  }
}
