// stateOverTime in process: the correct store, and stores that depart from it over time, reached through
// their fetch handler (no socket). The catalogue's broken targets prove the same over HTTP.
import { describe, expect, it } from 'vitest';
import { createPetStore, DEV_API_KEY, type PetStore } from '../../../src/core/index.ts';
import { runConformance } from '../../run-conformance.ts';

const ORIGIN = 'http://petstore.test';

/** Runs the check against `handle` (the store's fetch by default); the findings' titles, and the report. */
async function judge(store: PetStore, handle: (request: Request) => Promise<Response> = store.fetch) {
  const report = await runConformance({
    baseUrl: `${ORIGIN}/v1`,
    quickstartUrl: `${ORIGIN}/quickstart`,
    apiKey: DEV_API_KEY,
    allowWrites: true,
    checks: ['stateOverTime'],
    stateDepth: 6,
    fetch: (url, init) => handle(new Request(url, init)),
  });
  const titles = report.scenarios.flatMap((scenario) => scenario.failures.map((finding) => finding.title));
  return { titles, report };
}

describe('stateOverTime', () => {
  it('passes the correct store: records kept, ids new, createdAt advancing', async () => {
    const { titles, report } = await judge(createPetStore());
    expect(titles).toEqual([]);
    expect(report.scenarios.map((scenario) => scenario.status)).toEqual(['passed', 'passed']);
  });

  it('fails a store that starts over (its seed again) in the middle: the record is gone, its id given again', async () => {
    const store = createPetStore();
    let answered = 0;
    const { titles } = await judge(store, (request) => {
      if (++answered === 6) store.reset();
      return store.fetch(request);
    });
    expect(titles).toContain('DuplicateId');
  });

  it('fails a list answered 304 to the tag it had before pets were created', async () => {
    const store = createPetStore({ pets: 3 });
    const { titles } = await judge(store, async (request) => {
      const response = await store.fetch(request);
      if (request.method !== 'GET' || !new URL(request.url).pathname.endsWith('/pets')) return response;
      const etag = `"${new URL(request.url).search}"`;
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
      const headers = new Headers(response.headers);
      headers.set('etag', etag);
      return new Response(await response.text(), { status: response.status, headers });
    });
    // Both pages read (all pets, and those of the last status) changed, and each is answered 304.
    expect(titles).toEqual(['NotModifiedAfterChange', 'NotModifiedAfterChange']);
  });

  it('fails messages whose createdAt stands still', async () => {
    const frozen = new Date();
    const { titles } = await judge(createPetStore({ now: () => frozen }));
    expect(titles).toEqual(['TimestampNotAdvancing']);
  });
});
