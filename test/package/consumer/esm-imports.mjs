// Plain Node ESM: every entry of the installed package loads, and what it exports works.
import assert from 'node:assert/strict';

const core = await import('petstore-kit');
const store = core.createPetStore({ seed: 1, pets: 3 });
const listed = store.handle({
  method: 'GET',
  url: '/v1/pets',
  headers: { authorization: `Bearer ${core.DEV_API_KEY}` },
});
assert.equal(listed.status, 200);

const node = await import('petstore-kit/node');
const server = await node.serve({ port: 0, seed: 1, pets: 2 });
const response = await fetch(`${server.apiUrl}/pets`, { headers: { authorization: `Bearer ${core.DEV_API_KEY}` } });
assert.equal(response.status, 200);
await server.close();

assert.equal(typeof (await import('petstore-kit/msw')).createHandlers, 'function');
assert.equal(typeof (await import('petstore-kit/msw/node')).setupPetStoreServer, 'function');
assert.equal(typeof (await import('petstore-kit/conformance')).runConformance, 'function');
// The rehearsal's setup files: Playwright's test with the kit's fixtures; Jest's needs Jest's globals.
assert.equal(typeof (await import('petstore-kit/rehearse/playwright')).test.extend, 'function');
await assert.rejects(
  import('petstore-kit/rehearse/jest'),
  /Failed to load petstore-kit\/rehearse\/jest: Jest's globals/,
);
// The vitest reporter of the states each test was shown: a class vitest makes with its options.
assert.equal(typeof (await import('petstore-kit/coverage/vitest-reporter')).default, 'function');
// The browser entry is not for Node (the `node: null` condition), as msw/browser is not.
await assert.rejects(import('petstore-kit/msw/browser'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
console.log('esm ok');
