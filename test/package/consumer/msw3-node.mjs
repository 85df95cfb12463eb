// msw 3 (the user's copy; the kit brings none of its own) on Node 22+: the kit's handlers answer, and
// server.close() works (with two msw copies it threw `handler.dispose is not a function`).
import assert from 'node:assert/strict';
import { setupPetStoreServer } from 'petstore-kit/msw/node';
import { DEV_API_KEY } from 'petstore-kit';

const { server, store } = setupPetStoreServer({ baseUrl: 'http://petstore.test/v1', seed: 1, pets: 3 });
server.listen({ onUnhandledRequest: 'error' });
const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };
const listed = await fetch('http://petstore.test/v1/pets', { headers });
assert.equal(listed.status, 200);
assert.equal((await listed.json()).length, 3);
const created = await fetch('http://petstore.test/v1/pets', {
  method: 'POST',
  headers,
  body: JSON.stringify({ name: 'Biscuit', categoryId: 2 }),
});
assert.equal(created.status, 201);
assert.equal(store.snapshot().pets.length, 4);
server.close();
console.log(`msw3 ok on ${process.version}`);
