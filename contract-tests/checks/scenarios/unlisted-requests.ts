// Requests a client may legally send that the interface does not list: query parameters it does not declare
// (the pagination words the seed names as "not shown", `cursor`, `page`, `offset`, and any other name),
// HEAD on what answers GET, and OPTIONS on every path. Clients will send them. The false-alarm rule holds:
// such a request may be served or refused with any 4xx, never answered 5xx (the server failed on input it
// could have refused).
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { fillTemplate } from '../../../src/openapi/fill-template.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { clip, phaseOf, validRequestFor } from './scenario-helpers.ts';

/** Query parameters no operation declares: the seed's "not shown" pagination words, and an arbitrary name. */
const UNDECLARED_QUERIES = ['cursor=petstore-kit-cursor', 'page=2', 'offset=10', 'petstore_kit_unlisted=1'];

export const unlistedRequests = scenarioCheck({
  name: 'unlistedRequests',
  description:
    'Query parameters the interface does not declare (cursor, page, offset, any name), HEAD on what answers GET and OPTIONS on every path are served or refused with a 4xx, never answered 5xx.',
  scenarios(model) {
    const scenarios: CheckScenario[] = model.operations.flatMap((operation) =>
      UNDECLARED_QUERIES.map((query) =>
        scenarioOf(operation, `with the undeclared query parameter ${query.split('=')[0]}`, async (ctx) => {
          const request = await validRequestFor(ctx, model, operation);
          const declared = operation.parameters.some((p) => p.in === 'query' && p.name === query.split('=')[0]);
          if (declared) ctx.skip(`${query.split('=')[0]} is declared by ${operation.operationId}`);
          noServerError(ctx, operation, await ctx.send(operation, { ...request, query }), `?${query}`);
        }),
      ),
    );
    const paths = new Map<string, Operation>();
    for (const operation of model.operations)
      if (!paths.has(pathKey(operation))) paths.set(pathKey(operation), operation);
    for (const operation of model.operations.filter((op) => op.method === 'GET'))
      scenarios.push(bareMethod(model, operation, 'HEAD'));
    for (const operation of paths.values()) scenarios.push(bareMethod(model, operation, 'OPTIONS'));
    return scenarios;
  },
});

/** HEAD or OPTIONS on the operation's path (its path parameters filled with an existing record's). */
function bareMethod(model: ApiModel, operation: Operation, method: 'HEAD' | 'OPTIONS'): CheckScenario {
  const what = method === 'HEAD' ? 'HEAD (as GET, without a body)' : 'OPTIONS';
  return {
    ...scenarioOf(operation, `path with ${what}`, async (ctx) => {
      const { path } = await validRequestFor(ctx, model, operation);
      const filled = fillTemplate(operation.path, (name) => encodeURIComponent(String(path[name])));
      // OPTIONS as a browser sends it before a cross-origin request: without credentials (Fetch §4.8).
      const auth = method === 'OPTIONS' ? ('none' as const) : undefined;
      const response = await ctx.sendUndeclared({ method, path: filled, quickstart: operation.ownServer, auth });
      noServerError(ctx, operation, response, method);
    }),
    name: `${method} ${operation.path} → served or 4xx, never 5xx`,
    phase: 'read',
    unlistedMethod: true,
  };
}

function noServerError(
  ctx: ScenarioContext,
  operation: Operation,
  response: Observed & { index: number },
  what: string,
): void {
  if (response.status < 500) return;
  ctx.fail({
    title: 'ServerError',
    message: `${operation.operationId} answered ${response.status} to a request with ${what}, which a client may send though the interface does not list it: the server failed where it could have served or refused.`,
    expected: 'a 2xx, or a 4xx refusal',
    actual: `${response.status} ${clip(response.text)}`,
    exchange: response.index,
  });
}

function scenarioOf(operation: Operation, what: string, run: CheckScenario['run']): CheckScenario {
  return {
    name: `${operation.operationId} ${what} → served or 4xx, never 5xx`,
    operationId: operation.operationId,
    // A request that changes or destroys goes to a record of the run's own (validRequestFor).
    phase: phaseOf(effectOf(operation)),
    quickstart: operation.ownServer,
    run,
  };
}

function pathKey(operation: Operation): string {
  return `${operation.ownServer ? 'quickstart' : 'api'} ${operation.path}`;
}
