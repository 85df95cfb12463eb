// The same page without the kit: msw's own weight, subtracted to measure the kit's share of a bundle.
import { http, HttpResponse } from 'msw';
import { setupWorker } from 'msw/browser';

const worker = setupWorker(
  http.all(`${location.origin}/v1/*`, async ({ request }) => HttpResponse.json({ url: request.url })),
);
await worker.start({ onUnhandledRequest: 'bypass', quiet: true });
