// Its tests, in Jest (ES modules): `petstore-kit rehearse -- npx jest --config examples/rehearse/jest-fallback/jest.config.mjs`
// with NODE_OPTIONS=--experimental-vm-modules.
import { showPet } from './pets.mjs';

describe('fallback app', () => {
  test('shows pet 1', async () => {
    expect(await showPet(1)).toMatchObject({ id: 1 });
  });

  test('shows pet 2', async () => {
    expect(await showPet(2)).toMatchObject({ id: 2 });
  });
});
