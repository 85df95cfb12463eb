// A worker thread that answers core requests with the built store (dist/, which every test run builds
// first): a parser that hangs holds this thread only, and the test that fed it can still fail on time.
import { parentPort } from 'node:worker_threads';
import { createPetStore } from '../../dist/src/core/index.js';

const store = createPetStore();
parentPort.on('message', ({ id, request }) => {
  const { status, body } = store.handle(request);
  parentPort.postMessage({ id, status, body });
});
