// The seeded pets must stay what they were when the store used Faker with its whole English locale: the
// inline list is that locale's list, and SeededRandom draws exactly as Faker's generator did.
import { Faker, base, en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { PET_NAMES } from './pet-names.ts';
import { SEED_CATEGORY_IDS, seedPets } from './seed-pets.ts';

describe('seeded pet names', () => {
  it("PET_NAMES is Faker's English pet_name list, in order", () => {
    expect([...PET_NAMES]).toEqual(en.animal?.pet_name);
  });

  it('seedPets gives, seed for seed, what Faker with the English locale gives', () => {
    const statuses = ['available', 'pending', 'sold'] as const;
    // 700 pets draw ~4000 numbers: several regenerations of the twister's 624-word state.
    for (const [seed, pets] of [
      [0, 60],
      [1, 700],
      [7, 60],
      [42, 60],
      [2 ** 31 + 5, 300],
    ]) {
      const faker = new Faker({ locale: [en, base], seed });
      const expected = Array.from({ length: pets }, (_, i) => ({
        id: i + 1,
        name: faker.animal.petName(),
        categoryId: faker.helpers.arrayElement(SEED_CATEGORY_IDS),
        status: i < statuses.length ? statuses[i] : faker.helpers.arrayElement(statuses),
      }));
      expect(seedPets({ seed, pets, statuses })).toEqual(expected);
    }
  });
});
