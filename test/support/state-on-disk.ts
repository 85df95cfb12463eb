// Reads a `--state-file` as a restarted server would (snapshot + journals), without serving it: the lock a
// killed server left is stale, so it is taken over and released again.
import { readdir } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Pet } from '../../src/core/index.ts';
import { createPersistentPetStore } from '../../src/core/persistence.ts';
import { openState } from '../../src/node/state/open-state.ts';
import { dataSetOf } from '../../src/node/data-file.ts';

/**
 * Every pet the file holds (seeded ones regenerated from its header), in id order, validated by the store.
 * A file made on your pets needs them again (`pets`).
 */
export async function petsOnDisk(path: string, pets?: Pet[]): Promise<Pet[]> {
  const data = pets && dataSetOf(pets);
  const state = await openState(path, { seed: 1, pets: 0, data: data?.identity });
  try {
    const { seed, seededPets } = state.base;
    // Read only: nothing is made, so nothing is appended.
    const events = { load: () => state.saved, append: () => undefined };
    const { store } = createPersistentPetStore({ seed, pets: data?.pets ?? seededPets, events });
    return store.snapshot().pets;
  } finally {
    await state.lock.release();
  }
}

/** The names next to the state file that belong to it (its snapshot, journals, lock, temporaries). */
export async function filesOf(path: string): Promise<string[]> {
  const base = basename(path);
  return (await readdir(dirname(path))).filter((name) => name === base || name.startsWith(`${base}.`)).sort();
}
