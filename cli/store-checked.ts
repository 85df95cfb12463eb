// A --fault or --rule value: JSON (else a usage error showing an example), then what the store would refuse is a
// bad flag value too (exit 2), named with the store's own reasons: the value goes to a throw-away store, which
// checks it as it checks what createPetStore is given.
import { createPetStore, type PetStoreOptions } from '../src/core/index.ts';
import { UsageError } from './usage-error.ts';

export function storeFlag<T>(flag: 'fault' | 'rule', text: string, example: string): T {
  let value: T;
  try {
    value = JSON.parse(text) as T;
  } catch {
    throw new UsageError(`--${flag}: expected a JSON object such as '${example}', got ${JSON.stringify(text)}`);
  }
  return checkedByStore(flag, value);
}

function checkedByStore<T>(flag: 'fault' | 'rule', value: T): T {
  const given: PetStoreOptions = flag === 'fault' ? { faults: [value as never] } : { rules: [value as never] };
  try {
    createPetStore({ pets: 0, journalSize: 0, ...given });
  } catch (error) {
    const why = (error as Error).message.replace(/^\[petstore-kit\] Failed to [a-z ]+: /, '');
    throw new UsageError(`--${flag}: ${why}`);
  }
  return value;
}
