// Entry of the example page. `?api=<base URL>` talks to a running `petstore-kit serve`; otherwise the
// page starts MSW's service worker and the same core answers inside the browser.
import { DEV_API_KEY, type PetStatus } from 'petstore-kit';
import { document as spec } from '../../src/openapi/document.gen.ts';
import { createApiClient } from './api-client.ts';
import { startPetApp } from './pet-app.ts';
import { showStartFailure } from './start-failure.ts';

const params = new URLSearchParams(location.search);
const liveApi = params.get('api');
let baseUrl = liveApi ?? `${location.origin}/v1`;

if (liveApi === null) {
  const { startMockWorker } = await import('./start-mock-worker.ts');
  try {
    await startMockWorker({ baseUrl, seed: Number(params.get('seed') ?? 1), pets: Number(params.get('pets') ?? 12) });
  } catch (error) {
    // Say it on the page, with the fix, rather than hang at "Starting…" with the reason in the console only.
    await showStartFailure(error as Error);
    throw error;
  }
}
baseUrl = baseUrl.replace(/\/+$/, '');
document.querySelector('#mode')!.textContent =
  liveApi === null ? `Mocked in this page by MSW (${baseUrl})` : `Live mock server: ${baseUrl}`;

const keyInput = document.querySelector<HTMLInputElement>('#api-key')!;
keyInput.value = params.get('key') ?? DEV_API_KEY;
const statuses = (spec.components?.schemas?.PetStatus?.enum ?? []) as PetStatus[];
startPetApp(
  createApiClient(baseUrl, () => keyInput.value),
  statuses,
);
