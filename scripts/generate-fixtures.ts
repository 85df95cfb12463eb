// Writes fixtures/default-pets.json: the pets of the default seed. A test regenerates them and
// compares, so a change of seeded data (a Faker upgrade, a seeding change) is always deliberate.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { DEFAULT_PETS_FILE, SEED_PRESETS } from '../test/fixtures/seed-presets.ts';
import { createPetStore } from '../src/core/index.ts';

export function defaultPetsJson(): string {
  return `${JSON.stringify(createPetStore(SEED_PRESETS.default).snapshot().pets, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(DEFAULT_PETS_FILE, defaultPetsJson());
  console.log(`wrote ${fileURLToPath(DEFAULT_PETS_FILE)}`);
}
