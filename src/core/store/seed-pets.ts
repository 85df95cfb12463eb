// Realistic, reproducible starting data: the same seed gives the same pets, byte for byte, on every
// machine, because the Faker instance is created here from the seed (never the global `faker`).
import { Faker, base, en } from '@faker-js/faker';
import type { Pet, PetStatus } from '../api-types.ts';

/** Category ids the seeded pets use. The seed shows only `categoryId`, not category records (our choice). */
export const SEED_CATEGORY_IDS = [1, 2, 3, 4, 5] as const;

export interface SeedOptions {
  seed: number;
  pets: number;
  statuses: readonly PetStatus[];
}

export function seedPets({ seed, pets, statuses }: SeedOptions): Pet[] {
  const faker = new Faker({ locale: [en, base], seed });
  const result: Pet[] = new Array(pets);
  for (let i = 0; i < pets; i++) {
    result[i] = {
      id: i + 1,
      name: faker.animal.petName(),
      categoryId: faker.helpers.arrayElement(SEED_CATEGORY_IDS),
      // The first pets take each status in turn, so even a tiny store has every status to filter by.
      status: i < statuses.length ? statuses[i] : faker.helpers.arrayElement(statuses),
    };
  }
  return result;
}
