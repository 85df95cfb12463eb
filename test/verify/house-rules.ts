// A house rule as checks of your own (docs/custom-checks.md shows this file as it is): every answer carries
// X-Request-Id, so that a support ticket can name the request, and an X-Request-Id the client sends comes
// back unchanged. test/verify/custom-checks.test.ts runs both against our mock (which sends none) and
// against targets that do.
import type { ResponseCheckDefinition, ScenarioCheckDefinition } from 'petstore-kit/conformance';

/**
 * A response check: run on every answer of every scenario. Missing, the header is a recommendation by
 * default; `requestIdHeader('error')` makes it a failure.
 */
export function requestIdHeader(severity: 'error' | 'warning' = 'warning'): ResponseCheckDefinition<string> {
  return {
    kind: 'response',
    name: 'requestIdHeader',
    description: 'Every answer carries an X-Request-Id header (house rule).',
    check: ({ operation, response }) =>
      response.headers['x-request-id']
        ? []
        : [
            {
              title: 'MissingRequestId',
              severity,
              message: `The ${response.status} answer of ${operation.operationId} carries no X-Request-Id header.`,
              expected: 'an X-Request-Id header',
              actual: 'none',
            },
          ],
  };
}

/**
 * A scenario check: scenarios of its own, derived from the document, each sending what it needs. An id the
 * client sends comes back as it was sent: none at all is a recommendation, another one a failure.
 */
export const requestIdEchoed: ScenarioCheckDefinition<string> = {
  kind: 'scenario',
  name: 'requestIdEchoed',
  description: 'An X-Request-Id the client sends comes back unchanged (house rule).',
  scenarios(model) {
    const listPets = model.operations.find((operation) => operation.operationId === 'listPets');
    if (!listPets) return [];
    return [
      {
        name: 'listPets with an X-Request-Id → the answer carries the same one',
        check: 'requestIdEchoed',
        operationId: 'listPets',
        phase: 'read',
        async run(ctx) {
          const sent = `house-rule-${Date.now().toString(36)}`;
          const response = await ctx.send(listPets, { query: { limit: 1 }, headers: { 'x-request-id': sent } });
          if (response.status !== 200) ctx.skip(`listPets answered ${response.status}, not 200`);
          const echoed = response.headers['x-request-id'];
          if (echoed === undefined)
            ctx.recommend({
              title: 'RequestIdNotEchoed',
              message: 'listPets did not send back the X-Request-Id it was sent.',
              expected: sent,
              actual: 'no X-Request-Id',
            });
          else if (echoed !== sent)
            ctx.fail({
              title: 'RequestIdChanged',
              message: 'listPets answered with another X-Request-Id than the one it was sent.',
              expected: sent,
              actual: echoed,
            });
        },
      },
    ];
  },
};
