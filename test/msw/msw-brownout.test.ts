// The `brownouts` option of the MSW handlers in Node: the code under test sees getPet browned out as the server
// would brown it out, the same calls at the same seed (two handler sets stand for two runs), and the journal and
// HAR of the handlers' store say which answers were brownouts. The clock is the `now` option.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from 'petstore-kit';
import { createHandlers, type HandlersOptions } from 'petstore-kit/msw';
import { harProblems } from '../mock/validate-har.ts';

const headers = { authorization: `Bearer ${DEV_API_KEY}` };
const options = (baseUrl: string, seed: number): HandlersOptions => ({
  baseUrl,
  seed,
  pets: 25,
  brownouts: ['2030-11-01T09:00Z/2030-11-01T10:00Z@40%'],
  now: () => new Date('2030-11-01T09:30:00Z'),
});
const run1 = createHandlers(options('http://run1.brownout.test/v1', 9));
const run2 = createHandlers(options('http://run2.brownout.test/v1', 9));
const otherSeed = createHandlers(options('http://seed10.brownout.test/v1', 10));
const removed = createHandlers({ baseUrl: 'http://removed.brownout.test/v1', now: () => new Date('2030-12-06') });
const server = setupServer(...run1.handlers, ...run2.handlers, ...otherSeed.handlers, ...removed.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

/** The statuses of getPet for pets 1–25, twice over, as the code under test sees them. */
async function readPets(baseUrl: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < 50; i++) {
    const response = await fetch(`${baseUrl}/pets/${(i % 25) + 1}`, { headers });
    await response.text();
    statuses.push(response.status);
  }
  return statuses;
}

describe('createHandlers({ brownouts })', () => {
  it('fails the same calls at the same seed, and other calls at another', async () => {
    const first = await readPets('http://run1.brownout.test/v1');
    expect(await readPets('http://run2.brownout.test/v1')).toEqual(first);
    expect(first).toContain(410);
    expect(first).toContain(200);
    expect(await readPets('http://seed10.brownout.test/v1')).not.toEqual(first);
  });

  it("answers as the removal does, and the store's journal and HAR mark it", async () => {
    run1.store.requests.clear();
    let browned: Response | undefined;
    for (let id = 1; !browned && id <= 25; id++) {
      const response = await fetch(`http://run1.brownout.test/v1/pets/${id}`, { headers });
      if (response.status === 410) browned = response;
      else await response.text();
    }
    const gone = await fetch('http://removed.brownout.test/v1/pets/1', { headers });
    expect(browned!.status).toBe(gone.status);
    expect(await browned!.json()).toEqual(await gone.json());
    expect(browned!.headers.get('sunset')).toBe(gone.headers.get('sunset'));
    expect(browned!.headers.get('link')).toBe(gone.headers.get('link'));

    const [entry] = run1.store.requests();
    expect(entry).toMatchObject({
      status: 410,
      brownout: true,
      shapedBy: ['brownout 2030-11-01T09:00Z/2030-11-01T10:00Z@40%'],
    });
    expect(
      run1.store
        .requests()
        .filter((e) => e.status === 200)
        .every((e) => e.brownout === undefined),
    ).toBe(true);
    const har = run1.store.requests.har({ origin: 'http://run1.brownout.test' });
    expect(harProblems(har)).toEqual([]);
    expect(har.log.entries.at(-1)).toMatchObject({ _brownout: true, response: { status: 410 } });
  });

  it('refuses a bad brownout when the handlers are made', () => {
    expect(() => createHandlers({ baseUrl: 'http://bad.brownout.test/v1', brownouts: '09:00-10:00' })).toThrow(
      /Failed to create the store: brownouts: "09:00-10:00" is not a brownout/,
    );
  });
});
