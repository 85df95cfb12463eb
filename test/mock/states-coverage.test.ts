// Axis 3 over HTTP (docs/coverage.md#axis-3-the-states-shown): GET /__admin/coverage of a real `serve` on
// loopback, its requests named by the setup files' tagging (PETSTORE_TAG_TESTS, outside a rehearsal), behind
// the admin API's key; and the vitest states reporter reading it, as it does at the end of a run.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEV_API_KEY, statesCoverage } from '../../src/core/index.ts';
import { tagRequests } from '../../src/runner-setup/tag-requests.ts';
import StatesReporter from '../../src/runner-setup/states-reporter.ts';
import { SHOWN_STATE_NAMES, SHOWN_STATES, type StatesCoverage } from '../../src/shared/shown-states.ts';
import { expectError } from '../support/error-body.ts';
import { startMock, type MockClient } from '../support/mock-client.ts';

let mock: MockClient;
beforeAll(async () => {
  mock = await startMock({ pets: 30 });
});
afterAll(() => mock.close());
const coverage = async (key = DEV_API_KEY) =>
  fetch(`${mock.server.url}/__admin/coverage`, { headers: { authorization: `Bearer ${key}` } });

/** Runs `send` as the test `name`, tagged as petstore-kit/rehearse/vitest tags it with PETSTORE_TAG_TESTS. */
async function asTest(name: string, send: () => Promise<unknown>): Promise<void> {
  const stop = tagRequests(() => name, { PETSTORE_TAG_TESTS: mock.server.url });
  try {
    await send();
  } finally {
    stop();
  }
}

describe('GET /__admin/coverage', () => {
  it('says which states each tagged test was shown, and which none was', async () => {
    mock.server.store.requests.clear();
    await asTest('pets > a page', async () => {
      await (await mock.api('/pets?limit=5')).text();
      await (await mock.api('/pets?limit=50')).text();
    });
    await asTest('pets > slow and empty', async () => {
      await (await mock.api('/pets', { headers: { prefer: 'example=empty, delay=1' } })).text();
    });
    await asTest('pets > errors', async () => {
      await (await mock.api('/pets/999')).text();
      await (await fetch(`${mock.server.apiUrl}/pets`)).text(); // no key
    });
    await (await mock.api('/pets?limit=0')).text(); // no test named: seen, by no test

    const answer = await coverage();
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as StatesCoverage;
    expect(body.tests).toEqual({
      'pets > a page': ['full page', 'last page'],
      'pets > slow and empty': ['empty list', 'slow', 'forced by Prefer'],
      'pets > errors': ['401 unauthorized', '404 not found'],
    });
    expect(body.answers).toBe(6);
    expect(body.states.map(({ state }) => state)).toEqual(SHOWN_STATE_NAMES);
    expect(body.states.find(({ state }) => state === '400 validation')).toEqual({
      state: '400 validation',
      seen: true,
      answers: 1,
      tests: [],
    });
    expect(body.missing).toEqual(['removed', '5xx', 'dropped', 'forced by a rule', 'forced by a fault']);
    // The same summary as the store's own.
    expect(body).toEqual(statesCoverage(mock.server.store));
  });

  it('is behind the admin API’s key, with Error bodies', async () => {
    await expectError(await coverage('wrong'), 401);
    await expectError(await fetch(`${mock.server.url}/__admin/coverage`, { method: 'POST' }), 401);
    const wrongMethod = await fetch(`${mock.server.url}/__admin/coverage`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${DEV_API_KEY}` },
    });
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    await expectError(wrongMethod, 405);
  });
});

describe('docs/coverage.md', () => {
  it('lists every state with what makes an answer that state, as src/shared/shown-states.ts says', async () => {
    const page = await readFile(new URL('../../docs/coverage.md', import.meta.url), 'utf8');
    for (const [state, meaning] of Object.entries(SHOWN_STATES))
      expect(page).toContain(`| \`${state}\` | ${meaning} |`);
  });
});

describe('the vitest states reporter, given the admin URL', () => {
  it('prints and writes what GET /__admin/coverage says each test saw', async () => {
    mock.server.store.requests.clear();
    await asTest('list > empty', async () => {
      await (await mock.api('/pets', { headers: { prefer: 'example=empty' } })).text();
    });
    const dir = await mkdtemp(join(tmpdir(), 'petstore-states-'));
    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const outputFile = join(dir, 'states.json');
      await new StatesReporter({ adminUrl: `${mock.server.url}/__admin`, outputFile }).onTestRunEnd([]);
      const text = printed.mock.calls.map(([chunk]) => String(chunk)).join('');
      expect(text).toContain('  list > empty: empty list, forced by Prefer\n');
      expect(JSON.parse(await readFile(outputFile, 'utf8'))).toEqual({
        tests: { 'list > empty': ['empty list', 'forced by Prefer'] },
        missing: SHOWN_STATE_NAMES.filter((state) => state !== 'empty list' && state !== 'forced by Prefer'),
      });
    } finally {
      printed.mockRestore();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('says on stderr when the admin API refuses it, and still reports', async () => {
    const printed = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const warned = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      await new StatesReporter({ adminUrl: `${mock.server.url}/__admin/`, apiKey: 'wrong' }).onTestRunEnd([]);
      expect(String(warned.mock.calls[0]?.[0])).toBe(
        `[petstore-kit] Failed to read the states shown from ${mock.server.url}/__admin/coverage: it answered 401. ` +
          "Check the reporter's adminUrl and apiKey.\n",
      );
      expect(String(printed.mock.calls.at(-1)?.[0])).toContain('no test reached the mock');
    } finally {
      printed.mockRestore();
      warned.mockRestore();
    }
  });
});
