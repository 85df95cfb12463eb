// What a request may do to data, said once (issue 29, item 4): with a user's document that declares DELETE,
// verify sends a DELETE only to a pet the run itself created, never to one it found on the target, and never
// the collection's; what it does not send is skipped with the reason. Against a target that records every
// DELETE it receives and every pet it created.
import { describe, expect, it } from 'vitest';
import type { Report, ScenarioCheckDefinition } from '../../contract-tests/index.ts';
import type { CoreRequest, CoreResponse, PetStore } from '../../src/core/index.ts';
import { petstoreWithDelete } from '../fixtures/petstore-with-delete.ts';
import { parse, startTarget } from '../fixtures/targets/target-kit.ts';
import { verifyStarted } from '../support/verify-started.ts';

const CHECKS = [
  'unlistedRequests',
  'generatedRequests',
  'authRequired',
  'credentialFirst',
  'invalidParameterRejected',
  'repeatedParameterRejected',
];
const NOT_OWN = 'not sent: DELETE /pets/{petId} would destroy a record this run did not create';
const NOT_ALL = 'not sent: DELETE /pets would destroy records this run did not create';

/** The correct store, answering DELETE as a store that checks the key and the id would; it records what came. */
function deletingTarget() {
  const created = new Set<string>();
  const deletes: string[] = [];
  const target = {
    name: 'deletes',
    departure: 'none: the correct store, with DELETE /pets/{petId} (204 for a pet that exists) and DELETE /pets',
    expect: { check: 'unlistedRequests' },
    wrap: (store: PetStore) => (req: CoreRequest) => {
      const { path } = parse(req);
      if (req.method === 'DELETE' && /^\/v1\/pets(\/|$)/.test(path)) {
        deletes.push(path);
        // The key and the id are judged as a read of the same path judges them.
        const read = store.handle({ ...req, method: 'GET', body: undefined });
        return read.status === 200 ? ({ status: 204, headers: {}, body: null } satisfies CoreResponse) : read;
      }
      const response = store.handle(req);
      if (req.method === 'POST' && path === '/v1/pets' && response.status === 201)
        created.add(`/v1/pets/${(JSON.parse(response.body!) as { id: number }).id}`);
      return response;
    },
  };
  return { target, created, deletes };
}

const scenariosOf = (report: Report, operationId: string) =>
  report.scenarios.filter((scenario) => scenario.operationId === operationId);

describe('a document with DELETE: verify destroys only what the run created', () => {
  it('sends each DELETE to a pet the run created, never to another nor to the collection; skips the rest, saying why', async () => {
    const { target, created, deletes } = deletingTarget();
    const report = await verifyStarted(() => startTarget(target), {
      document: await petstoreWithDelete(),
      checks: CHECKS,
      maxExamples: 10,
    });
    expect(deletes.length).toBeGreaterThan(20);
    expect(deletes.filter((path) => !created.has(path))).toEqual([]);

    const deletePet = scenariosOf(report, 'deletePet');
    // Sent to a pet of the run's own: unlisted query parameters, credentials, the generated phase.
    for (const check of ['unlistedRequests', 'authRequired', 'generatedRequests'])
      expect(deletePet.filter((s) => s.check === check && s.status === 'passed').length).toBeGreaterThan(0);
    // An unknown or invalid id might name a record after all (a lenient parser): not sent.
    const notSent = deletePet.filter((s) => s.status === 'skipped');
    expect(new Set(notSent.map((s) => s.check))).toEqual(new Set(['credentialFirst', 'invalidParameterRejected']));
    expect(new Set(notSent.map((s) => s.reason))).toEqual(new Set([NOT_OWN]));
    // The collection's DELETE could only destroy records the run did not create.
    const deleteAll = scenariosOf(report, 'deleteAllPets');
    expect(deleteAll.length).toBeGreaterThan(0);
    expect(deleteAll.map((s) => [s.status, s.reason])).toEqual(deleteAll.map(() => ['skipped', NOT_ALL]));
    expect(report.summary.failed).toBe(0);
  });

  it('read-only: no DELETE goes out, and each is skipped as a write', async () => {
    const { target, deletes } = deletingTarget();
    const report = await verifyStarted(() => startTarget(target), {
      document: await petstoreWithDelete(),
      checks: CHECKS,
      maxExamples: 10,
      allowWrites: false,
    });
    expect(deletes).toEqual([]);
    const destroying = [...scenariosOf(report, 'deletePet'), ...scenariosOf(report, 'deleteAllPets')];
    expect(destroying.length).toBeGreaterThan(0);
    for (const scenario of destroying) expect(scenario.reason).toMatch(/^read-only run/);
  });

  it("a user's own check cannot DELETE a pet the run did not create: not sent, the scenario skipped with the reason", async () => {
    const { target, deletes } = deletingTarget();
    const deleteFirst: ScenarioCheckDefinition = {
      kind: 'scenario',
      name: 'deleteFirstPet',
      description: 'Deletes pet 1.',
      scenarios: (model) => [
        {
          name: 'DELETE /pets/1',
          check: 'deleteFirstPet',
          operationId: 'deletePet',
          phase: 'write',
          async run(ctx) {
            await ctx.send(
              model.operations.find((o) => o.operationId === 'deletePet')!,
              { path: { petId: 1 } },
            );
          },
        },
      ],
    };
    const report = await verifyStarted(() => startTarget(target), {
      document: await petstoreWithDelete(),
      checks: ['deleteFirstPet'],
      extraChecks: [deleteFirst],
    });
    expect(deletes).toEqual([]);
    expect(report.scenarios.map((s) => [s.status, s.reason])).toEqual([['skipped', NOT_OWN]]);
  });
});
