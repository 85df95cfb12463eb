// Loaded only in MSW mode: the Pet Store mock as a service worker, answering the page's own origin.
import { setupPetStoreWorker } from '../../mocks/browser.ts';

export async function startMockWorker(options: { baseUrl: string; seed: number; pets: number }): Promise<void> {
  const { worker } = setupPetStoreWorker({ ...options, quickstartUrl: `${location.origin}/quickstart` });
  // Page assets are not the API's business: let them through without a warning.
  await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
}
