// Concurrency against the real server: hundreds of simultaneous creates get unique ids, none lost,
// each readable and listed; and a fast-check property runs batches of concurrent creates, lists and
// reads, checking every answer and the final state against a simple model.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Pet, PetStatus } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';
import { startMock, type StartedMock } from '../support/start-mock.ts';
import { petsOnDisk } from '../support/state-on-disk.ts';

const STATUSES = document.components!.schemas!.PetStatus.enum as PetStatus[];
const listPets = indexOperations(document).find((operation) => operation.operationId === 'listPets')!;
const MAX_LIMIT = listPets.parameters.find((parameter) => parameter.name === 'limit')!.schema.maximum as number;

let dir: string;
beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'petstore-concurrency-'))));
afterAll(() => rm(dir, { recursive: true, force: true }));

async function createMany(mock: StartedMock, count: number): Promise<{ sent: Omit<Pet, 'id'>[]; pets: Pet[] }> {
  const sent = Array.from({ length: count }, (_, i) => ({
    name: `c${i}`,
    categoryId: i,
    status: STATUSES[i % STATUSES.length],
  }));
  const responses = await Promise.all(sent.map((body) => mock.post('/v1/pets', JSON.stringify(body))));
  expect(responses.map((response) => response.status)).toEqual(Array(count).fill(201));
  const pets = (await Promise.all(responses.map((response) => response.json()))) as Pet[];
  pets.forEach((pet, i) => expect(pet).toEqual({ id: expect.any(Number), ...sent[i] }));
  return { sent, pets };
}

async function expectAllReadableAndListed(mock: StartedMock, pets: Pet[]) {
  expect(new Set(pets.map((pet) => pet.id)).size).toBe(pets.length);
  const reads = await Promise.all(pets.map((pet) => mock.request(`/v1/pets/${pet.id}`).then((r) => r.json())));
  expect(reads).toEqual(pets);
  // Each status got at most MAX_LIMIT pets, so one list per status shows all of them, in id order.
  for (const status of STATUSES) {
    const listed = await (await mock.request(`/v1/pets?status=${status}&limit=${MAX_LIMIT}`)).json();
    const expected = pets.filter((pet) => pet.status === status).sort((a, b) => a.id - b.id);
    expect(listed).toEqual(expected);
  }
  const state = await (await mock.request('/__admin/state')).json();
  expect(state.pets).toEqual([...pets].sort((a, b) => a.id - b.id));
}

describe('simultaneous creates', () => {
  const count = MAX_LIMIT * STATUSES.length;

  it(`${count} at once: unique ids, none lost, each readable and listed`, async () => {
    const mock = await startMock({ pets: 0 });
    try {
      const { pets } = await createMany(mock, count);
      await expectAllReadableAndListed(mock, pets);
    } finally {
      await mock.close();
    }
  });

  it(`${count} at once with --state-file: the same, and the file holds them all once the server closes`, async () => {
    const stateFile = join(dir, 'state.json');
    const mock = await startMock({ pets: 0, stateFile });
    let pets: Pet[];
    try {
      ({ pets } = await createMany(mock, count));
      await expectAllReadableAndListed(mock, pets);
    } finally {
      await mock.close();
    }
    expect(await petsOnDisk(stateFile)).toEqual([...pets].sort((a, b) => a.id - b.id));
  });
});

type Op =
  | { kind: 'create'; name: string; categoryId: number; status?: PetStatus }
  | { kind: 'invalid-create'; body: string }
  | { kind: 'list'; limit: number; status?: PetStatus }
  | { kind: 'read'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('create' as const),
      name: fc.string({ maxLength: 12 }),
      categoryId: fc.integer({ min: -5, max: 50 }),
      status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
    },
    { requiredKeys: ['kind', 'name', 'categoryId'] },
  ),
  fc.record({
    kind: fc.constant('invalid-create' as const),
    body: fc.constantFrom('{"name":1,"categoryId":1}', '{"name":"x"}', '[]', '{"name":"x","categoryId":1.5}', '{'),
  }),
  fc.record(
    {
      kind: fc.constant('list' as const),
      limit: fc.integer({ min: 1, max: MAX_LIMIT }),
      status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
    },
    { requiredKeys: ['kind', 'limit'] },
  ),
  fc.record({ kind: fc.constant('read' as const), pick: fc.nat() }),
);

describe('property: concurrent batches of creates, lists and reads agree with a model', () => {
  let mock: StartedMock;
  beforeAll(async () => (mock = await startMock({ pets: 4 })));
  afterAll(() => mock.close());

  it('every answer fits the model, and the final state is the model', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(op, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 }),
        async (batches) => {
          expect((await mock.request('/__admin/reset', { method: 'POST' })).status).toBe(200);
          const model: Pet[] = (await (await mock.request('/__admin/state')).json()).pets;

          for (const batch of batches) {
            const before = [...model];
            const answers = await Promise.all(batch.map((o) => run(o, before)));
            // Creates of the batch: fresh ids above every earlier id, fields as sent.
            const created = answers.flatMap((a) => (a.created ? [a.created] : []));
            const maxBefore = Math.max(0, ...before.map((pet) => pet.id));
            for (const pet of created) expect(pet.id).toBeGreaterThan(maxBefore);
            model.push(...created.sort((a, b) => a.id - b.id));
            expect(new Set(model.map((pet) => pet.id)).size).toBe(model.length);
            // Lists and reads made during the batch saw the state before it plus some of its creates.
            for (const answer of answers) answer.check?.(model, before);
          }
          const state = await (await mock.request('/__admin/state')).json();
          expect(state.pets).toEqual(model);
        },
      ),
      { numRuns: 60 },
    );
  });

  async function run(o: Op, before: Pet[]): Promise<{ created?: Pet; check?: (after: Pet[], before: Pet[]) => void }> {
    if (o.kind === 'create' || o.kind === 'invalid-create') {
      const body =
        o.kind === 'create' ? JSON.stringify({ name: o.name, categoryId: o.categoryId, status: o.status }) : o.body;
      const response = await mock.post('/v1/pets', body);
      if (o.kind === 'invalid-create') {
        expect(response.status).toBe(400);
        return {};
      }
      expect(response.status).toBe(201);
      const pet = (await response.json()) as Pet;
      expect(pet).toEqual({ id: pet.id, name: o.name, categoryId: o.categoryId, status: o.status ?? 'available' });
      return { created: pet };
    }
    if (o.kind === 'list') {
      const response = await mock.request(`/v1/pets?limit=${o.limit}${o.status ? `&status=${o.status}` : ''}`);
      expect(response.status).toBe(200);
      const listed = (await response.json()) as Pet[];
      const matching = (pets: Pet[]) => pets.filter((pet) => !o.status || pet.status === o.status);
      return {
        check: (after, prior) => {
          // Ids only grow, so any list is a prefix of the list after the batch, at least as long as before it.
          expect(listed).toEqual(matching(after).slice(0, listed.length));
          expect(listed.length).toBeGreaterThanOrEqual(Math.min(o.limit, matching(prior).length));
          expect(listed.length).toBeLessThanOrEqual(Math.min(o.limit, matching(after).length));
        },
      };
    }
    const known = before.length ? before[o.pick % before.length] : undefined;
    const id = known?.id ?? o.pick + 1_000_000;
    const response = await mock.request(`/v1/pets/${id}`);
    const body = await response.json();
    return {
      check: (after) => {
        const expected = after.find((pet) => pet.id === id);
        if (known) expect(body).toEqual(known);
        else if (!expected) expect(response.status).toBe(404);
        else expect(body).toEqual(expected);
      },
    };
  }
});
