// Every operation that the interface puts under security answers 401 when the credential is missing or
// wrong, whatever else the request gets right (a valid body, an existing id). The seed: "When the key is
// missing or invalid, then the response is 401 with an Error body." And the valid key is not refused as
// such: that is how `GET /store/orders`, whose answer with a key the seed does not show, gets judged.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import type { AuthMode, Scenario, ScenarioContext } from '../../engine/scenario.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { expectStatus, itemsOf, statusIn } from './scenario-helpers.ts';

const NAME = 'authRequired';

/** The credential variants, each of which must be refused. `key` is the configured key (redacted in reports). */
const VARIANTS: { label: string; auth: (key: string) => AuthMode }[] = [
  { label: 'no Authorization header', auth: () => 'none' },
  { label: 'an unknown key', auth: () => ({ header: `Bearer pk-conformance-unknown-${Math.random().toString(36).slice(2, 12)}` }) },
  { label: 'another scheme (Basic) with the valid key', auth: (key) => ({ header: `Basic ${key}` }) },
  { label: 'Bearer with no key', auth: () => ({ header: 'Bearer' }) },
  { label: 'the valid key without a scheme', auth: (key) => ({ header: key }) },
];

export const authRequired: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'Each secured operation answers 401 (with an Error body) to a missing, unknown or malformed credential.',
  scenarios(model) {
    return model.operations
      .filter((operation) => operation.security.some((requirement) => Object.keys(requirement).length > 0))
      .flatMap((operation) =>
        VARIANTS.map<Scenario>((variant) => ({
          name: `${operation.operationId} with ${variant.label} → 401`,
          check: NAME,
          operationId: operation.operationId,
          phase: operation.method === 'GET' || operation.method === 'HEAD' ? 'read' : 'write',
          quickstart: operation.ownServer,
          async run(ctx) {
            const request = await validRequestFor(ctx, model, operation);
            const response = await ctx.send(operation, { ...request, auth: variant.auth(ctx.apiKey) });
            expectStatus(ctx, response, 401, `${operation.operationId} must refuse ${variant.label}`, response.status < 300 ? 'AuthNotEnforced' : 'UnexpectedStatus');
          },
        })).concat(validKey(model, operation)),
      );
  },
};

/** The valid key in a valid request is not refused as a credential (no 401); the response checks judge the rest. */
function validKey(model: ApiModel, operation: Operation): Scenario {
  return {
    name: `${operation.operationId} with the valid key → not 401`,
    check: NAME,
    operationId: operation.operationId,
    phase: operation.method === 'GET' || operation.method === 'HEAD' ? 'read' : 'write',
    quickstart: operation.ownServer,
    async run(ctx) {
      const response = await ctx.send(operation, await validRequestFor(ctx, model, operation));
      expectStatus(
        ctx,
        response,
        statusIn('not 401', (s) => s !== 401),
        `${operation.operationId} with the valid key and a valid request`,
        'ValidRequestRejected',
      );
    },
  };
}

/** A request that would succeed with the right credential: path ids of an existing item, a valid body. */
async function validRequestFor(ctx: ScenarioContext, model: ApiModel, operation: Operation) {
  const path: Record<string, string | number> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const collection = model.collections.find((c) => c.read === operation);
    let id: unknown = sampleFromSchema(model.flatten(parameter.schema));
    if (collection?.idProperty) {
      const listed = await ctx.send(collection.list, {});
      id = itemsOf(listed)[0]?.[collection.idProperty] ?? id;
    }
    path[parameter.name] = String(id);
  }
  const json = operation.requestBody?.schema ? sampleFromSchema(model.flatten(operation.requestBody.schema), { tag: 'auth' }) : undefined;
  return { path, json };
}
