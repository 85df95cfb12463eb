// Every Node entry of the kit loads through require() in Jest's own module loader (not Node's), and the state
// file lock is one per process whichever build holds it.
const ENTRIES = [
  'petstore-kit',
  'petstore-kit/node',
  'petstore-kit/msw',
  'petstore-kit/msw/node',
  'petstore-kit/conformance',
];

test.each(ENTRIES)('require(%s) in Jest', (entry) => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const loaded = require(entry) as Record<string, unknown>;
  expect(Object.keys(loaded).length).toBeGreaterThan(0);
});

test('createPetStore from the CommonJS build answers', () => {
  const { createPetStore, DEV_API_KEY } = require('petstore-kit') as typeof import('petstore-kit');
  const store = createPetStore({ pets: 2 });
  const answer = store.handle({ method: 'GET', url: '/v1/pets', headers: { authorization: `Bearer ${DEV_API_KEY}` } });
  expect(JSON.parse(answer.body!)).toHaveLength(2);
});
