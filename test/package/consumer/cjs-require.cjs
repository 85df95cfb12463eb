// CommonJS: require() of every entry (Node 20.19+ requires ES modules without top-level await).
const assert = require('node:assert/strict');

assert.equal(typeof require('petstore-kit').createPetStore, 'function');
assert.equal(typeof require('petstore-kit/node').serve, 'function');
assert.equal(typeof require('petstore-kit/msw').createHandlers, 'function');
assert.equal(typeof require('petstore-kit/msw/node').setupPetStoreServer, 'function');
assert.equal(typeof require('petstore-kit/conformance').runConformance, 'function');
assert.equal(typeof require('petstore-kit/rehearse/playwright').test.extend, 'function');
assert.throws(
  () => require('petstore-kit/rehearse/jest'),
  /Failed to load petstore-kit\/rehearse\/jest: Jest's globals/,
);
assert.throws(() => require('petstore-kit/msw/browser'), { code: 'ERR_PACKAGE_PATH_NOT_EXPORTED' });
console.log('cjs ok');
