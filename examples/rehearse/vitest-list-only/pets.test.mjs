// Its tests, in vitest: `petstore-kit rehearse -- npx vitest run --root examples/rehearse/vitest-list-only`.
import { describe, expect, it } from 'vitest';
import { findPet, petsWithStatus } from './pets.mjs';

describe('list-only app', () => {
  it('lists the available pets', async () => {
    expect((await petsWithStatus('available')).length).toBeGreaterThan(0);
  });

  it('finds pet 1 in the lists', async () => {
    expect(await findPet(1)).toMatchObject({ id: 1 });
  });
});
