// The spec states its body size limit as `x-max-body-bytes` on the 413 response (PayloadTooLarge).
// Every operation that declares that 413 must refuse a body one byte over the limit with 413 (and an
// Error body, which the response checks judge), and must not refuse one of exactly the limit as too large.
// Both bodies are valid requests. The one over the limit is padded inside a free-text field, so it stays
// that large through proxies that re-encode JSON (Prism's validating proxy does); a server without a
// limit would store that long text (hence a write scenario). The one at the limit is padded with
// trailing JSON whitespace, so a conformant server that accepts it stores only an ordinary record.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import type { Scenario } from '../../engine/scenario.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { expectStatus, runTag, statusIn } from './scenario-helpers.ts';

const NAME = 'payloadTooLarge';

export const payloadTooLarge: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: "A body one byte over the spec's x-max-body-bytes gets 413 (with an Error body) on every operation declaring 413; one of exactly the limit is not refused as too large.",
  scenarios(model) {
    return model.operations.flatMap((operation): Scenario[] => {
      const limit = bodyLimit(operation);
      if (limit === undefined || !operation.requestBody) return [];
      const common = { check: NAME, operationId: operation.operationId, phase: 'write' as const, quickstart: operation.ownServer };
      return [
        {
          ...common,
          name: `${operation.operationId} with a body of ${limit + 1} bytes (over the ${limit}-byte limit) → 413`,
          async run(ctx) {
            const response = await ctx.send(operation, { body: paddedBody(model, operation, limit + 1, 'text') });
            expectStatus(ctx, response, 413, `a ${limit + 1}-byte body is over the spec's limit of ${limit} bytes (x-max-body-bytes)`, response.status < 300 ? 'PayloadTooLargeAccepted' : 'UnexpectedStatus');
          },
        },
        {
          ...common,
          name: `${operation.operationId} with a body of exactly ${limit} bytes (the limit) → not 413`,
          async run(ctx) {
            const response = await ctx.send(operation, { body: paddedBody(model, operation, limit, 'whitespace') });
            expectStatus(ctx, response, statusIn(`not 413 (the limit is ${limit} bytes)`, (s) => s !== 413), `a body of exactly the spec's limit (${limit} bytes) was refused as too large`, 'BodyLimitBelowDeclared');
          },
        },
      ];
    });
  },
};

/** The operation's declared 413 response's `x-max-body-bytes`, if it states one. */
function bodyLimit(operation: Operation): number | undefined {
  const limit = operation.responses['413']?.extensions['x-max-body-bytes'];
  return typeof limit === 'number' && Number.isInteger(limit) && limit > 0 ? limit : undefined;
}

/**
 * A valid body of exactly `bytes` bytes (UTF-8): padded in its first free-text property (`text`; falls
 * back to whitespace when there is none) or with trailing spaces (`whitespace`).
 */
function paddedBody(model: ApiModel, operation: Operation, bytes: number, padding: 'text' | 'whitespace'): string {
  const schema = model.flatten(operation.requestBody!.schema);
  const body = sampleFromSchema(schema, { tag: runTag() }) as Record<string, unknown>;
  const size = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
  const field = Object.entries(schema.properties).find(([name, p]) => p.type === 'string' && !p.enum && !p.format && typeof body?.[name] === 'string')?.[0];
  if (padding === 'text' && field) return JSON.stringify({ ...body, [field]: `${body[field] as string}${'x'.repeat(Math.max(0, bytes - size(body)))}` });
  return JSON.stringify(body) + ' '.repeat(Math.max(0, bytes - size(body)));
}
