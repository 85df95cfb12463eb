// Realistic, reproducible starting data: the same seed gives the same pets, byte for byte, on every
// machine, because the generator is created here from the seed. The pets are what Faker 10 with its
// English locale gave (animal.petName, helpers.arrayElement): SeededRandom is its generator and PET_NAMES
// its list, without the 530 kB of Faker and locale a browser bundle used to carry for two calls.
import { SeededRandom } from './seeded-random.ts';
import type { Pet, PetStatus } from '../api-types.ts';
import { PET_NAMES } from './pet-names.ts';

/** Category ids the seeded pets use. The seed shows only `categoryId`, not category records (our choice). */
export const SEED_CATEGORY_IDS = [1, 2, 3, 4, 5] as const;

export interface SeedOptions {
  seed: number;
  pets: number;
  statuses: readonly PetStatus[];
}

export function seedPets({ seed, pets, statuses }: SeedOptions): Pet[] {
  const random = new SeededRandom(seed);
  const result: Pet[] = new Array(pets);
  for (let i = 0; i < pets; i++) {
    result[i] = {
      id: i + 1,
      name: random.pick(PET_NAMES),
      categoryId: random.pick(SEED_CATEGORY_IDS),
      // The first pets take each status in turn, so even a tiny store has every status to filter by.
      status: i < statuses.length ? statuses[i] : random.pick(statuses),
    };
  }
  return result;
}
