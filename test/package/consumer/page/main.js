// A consumer's page: the kit's mock in a service worker, then a real fetch from the page.
import { setupPetStoreWorker } from 'petstore-kit/msw/browser';
import { DEV_API_KEY } from 'petstore-kit';

const { worker } = setupPetStoreWorker({ baseUrl: `${location.origin}/v1`, seed: 1, pets: 4 });
await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
const response = await fetch('/v1/pets', { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
document.getElementById('result').textContent = JSON.stringify({
  status: response.status,
  body: await response.json(),
});
