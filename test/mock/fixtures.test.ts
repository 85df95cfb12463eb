// fixtures/: what users start the mock from (fixtures/README.md). Each file is current (the generated ones are
// what `npm run fixtures` writes today), loads, and serves what the README says it does; every file there is
// listed in the README and used by one of its commands, which test/mock/docs-commands.test.ts runs.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATA_SETS,
  dataSetFile,
  dataSetJson,
  FIXTURES,
  SESSION,
  SESSION_FILE,
  type DataSetName,
} from '../../scripts/generate-fixtures.ts';
import type { FaultInput, Pet, RuleInput } from '../../src/core/index.ts';
import { checkRecording } from '../../src/core/replay/check-recording.ts';
import { readReplayFile } from '../../src/node/replay-file.ts';
import { expectError } from '../support/error-body.ts';
import { fences } from '../support/markdown-fences.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';

const path = (url: URL) => fileURLToPath(url);
const fixture = (name: string) => path(new URL(name, FIXTURES));
const json = <T>(name: string): T => JSON.parse(readFileSync(fixture(name), 'utf8')) as T;
const rule = (name: string) => json<RuleInput>(`rules/${name}`);
const petsOf = (name: DataSetName) => JSON.parse(readFileSync(dataSetFile(name), 'utf8')) as Pet[];

const servers: StartedMock[] = [];
async function mock(options: Parameters<typeof startMock>[0] = {}): Promise<StartedMock> {
  const server = await startMock({ log: () => undefined, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const list = async (server: StartedMock, query = 'limit=100') => {
  const response = await server.request(`/v1/pets?${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Pet[];
};
const create = (server: StartedMock) => server.post('/v1/pets', '{"name":"Biscuit","categoryId":3}');

describe('the data sets (serve --data)', () => {
  it('are what `npm run fixtures` writes from the seeding today (run it after a deliberate change)', async () => {
    for (const name of Object.keys(DATA_SETS) as DataSetName[])
      expect(await readFile(dataSetFile(name), 'utf8'), `fixtures/pets-${name}.json`).toBe(dataSetJson(name));
  });

  it('pets-default.json holds the pets a plain serve seeds, and serves them', async () => {
    const pets = petsOf('default');
    expect(pets).toHaveLength(50);
    expect(await list(await mock())).toEqual(pets);
    const fromFile = await mock({ dataFile: path(dataSetFile('default')) });
    expect(fromFile.dataFile?.pets).toBe(50);
    expect(await list(fromFile)).toEqual(pets);
    expect((await (await create(fromFile)).json()).id).toBe(51);
  });

  it('pets-empty.json serves no pets; the first one created gets id 1', async () => {
    const server = await mock({ dataFile: path(dataSetFile('empty')) });
    expect(server.dataFile?.pets).toBe(0);
    expect(await list(server)).toEqual([]);
    const created = await create(server);
    expect(created.status).toBe(201);
    expect((await created.json()).id).toBe(1);
  });

  it('pets-large.json serves 10,000 pets and stays small enough to commit (under 1.5 MB)', async () => {
    expect(statSync(dataSetFile('large')).size).toBeLessThan(1.5 * 1024 * 1024);
    const pets = petsOf('large');
    expect(pets).toHaveLength(10_000);
    const server = await mock({ dataFile: path(dataSetFile('large')) });
    expect(server.dataFile?.pets).toBe(10_000);
    expect(await list(server)).toEqual(pets.slice(0, 100));
    expect(await (await server.request('/v1/pets/10000')).json()).toEqual(pets[9_999]);
    await expectError(await server.request('/v1/pets/10001'), 404, 'PET_NOT_FOUND');
  });
});

describe('the rules and the fault (serve --rule / --fault, POST /__admin/rules and /faults)', () => {
  /** What each file must do, proven below; a file added without its line here fails the last test. */
  const RULES = ['create-pet-503.json', 'empty-list.json', 'pet-7-not-found.json'];
  const FAULTS = ['slow-list.json'];

  it('rules/empty-list.json: the list answers [], its `empty` example', async () => {
    const server = await mock({ rules: [rule('empty-list.json')] });
    const response = await server.request('/v1/pets');
    expect(response.headers.get('petstore-kit-rule')).toBe('r1');
    expect(await response.json()).toEqual([]);
    expect(server.store.snapshot().pets).toHaveLength(50);
  });

  it('rules/pet-7-not-found.json: pet 7 answers 404, pet 8 as usual', async () => {
    const server = await mock({ rules: [rule('pet-7-not-found.json')] });
    await expectError(await server.request('/v1/pets/7'), 404, 'RULE_STATUS');
    expect((await server.request('/v1/pets/8')).status).toBe(200);
  });

  it('rules/create-pet-503.json: the first create answers 503 and creates nothing, the retry 201', async () => {
    const server = await mock({ rules: [rule('create-pet-503.json')] });
    await expectError(await create(server), 503, 'RULE_STATUS');
    expect(server.store.snapshot().pets).toHaveLength(50);
    const retry = await create(server);
    expect(retry.status).toBe(201);
    expect((await retry.json()).id).toBe(51);
  });

  it('faults/slow-list.json: the list answers 1.5 s late; other operations are not delayed', async () => {
    const fault = json<FaultInput>('faults/slow-list.json');
    expect(fault.delayMs).toBe(1500);
    const server = await mock({ faults: [fault] });
    const listed = await server.request('/v1/pets?limit=2');
    expect(listed.status).toBe(200);
    expect(listed.headers.get('petstore-kit-fault')).toBe('f1');
    expect((await listed.json()).map((pet: Pet) => pet.id)).toEqual([1, 2]);
    const read = await server.request('/v1/pets/1');
    expect(read.headers.get('petstore-kit-fault')).toBeNull();
    // The journal counts the delay asked for in the duration: the answer was held at least that long.
    const [readEntry, listEntry] = server.store.requests({ limit: 2 });
    expect(listEntry!.operation).toBe('listPets');
    expect(listEntry!.durationMs).toBeGreaterThanOrEqual(fault.delayMs!);
    expect(readEntry!.shapedBy).toBeUndefined();
  });

  it('every rule and fault file is one of those above', () => {
    expect(readdirSync(fixture('rules')).sort()).toEqual(RULES);
    expect(readdirSync(fixture('faults')).sort()).toEqual(FAULTS);
  });
});

describe('the recorded session (serve --replay fixtures/session.har)', () => {
  it('passes the recording check whole and holds the session the script drives', async () => {
    const recorded = checkRecording(await readReplayFile(path(SESSION_FILE)));
    expect(recorded.map(({ method, target, body }) => ({ method, path: target, body }))).toEqual(
      SESSION.map(({ method, path, body }) => ({ method, path, body })),
    );
    expect(recorded.every((entry) => !entry.forced)).toBe(true);
  });

  it("is what today's mock answers to the same requests (run `npm run fixtures` after a deliberate change)", async () => {
    const recorded = checkRecording(await readReplayFile(path(SESSION_FILE)));
    const server = await mock();
    for (const { method, target, body, response } of recorded) {
      const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
      const answer = await server.request(target, { method, body, headers });
      expect({ status: answer.status, body: await answer.text() }, `${method} ${target}`).toEqual({
        status: response.status,
        body: response.body,
      });
    }
  });

  it('replayed, answers the recorded requests from the recording and the rest from the mock', async () => {
    const server = await mock({ replay: await readReplayFile(path(SESSION_FILE)) });
    // Pet 51 was created in the recording, not here: the recording answers, the store is untouched.
    const read = await server.request('/v1/pets/51');
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ id: 51, name: 'Biscuit', categoryId: 3, status: 'available' });
    const created = await create(server);
    expect(created.status).toBe(201);
    expect((await created.json()).id).toBe(51);
    expect(server.store.snapshot().pets).toHaveLength(50);
    expect(server.store.requests({ limit: 1 })[0]!.shapedBy).toEqual(['replay #3']);
    // Not recorded: the stateful mock answers.
    await expectError(await server.request('/v1/pets/52'), 404, 'PET_NOT_FOUND');
  });
});

describe('fixtures/README.md', () => {
  const readme = readFileSync(fixture('README.md'), 'utf8');
  const commands = fences(readme)
    .filter((fence) => fence.info === 'sh')
    .flatMap((fence) => fence.body)
    .join('\n');
  const files = readdirSync(path(FIXTURES), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name !== 'README.md')
    .map((entry) => `${entry.parentPath}/${entry.name}`.slice(path(FIXTURES).length).replace(/^\//, ''))
    .sort();

  it('lists every file in its table, with a command that uses it', () => {
    expect(files.length).toBeGreaterThanOrEqual(8);
    expect(files.filter((file) => !readme.includes(`| \`${file}\` |`))).toEqual([]);
    expect(files.filter((file) => !commands.includes(`fixtures/${file}`))).toEqual([]);
  });
});
