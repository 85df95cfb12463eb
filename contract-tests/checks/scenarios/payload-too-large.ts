// A body size limit stated as `x-max-body-bytes` on a 413 response (our overlay's PayloadTooLarge: the
// seed says "size limits: not shown"). Every operation that declares that 413 should refuse a body one
// byte over the limit with 413 (and an Error body, which the response checks judge), and not refuse one
// of exactly the limit as too large. Where the limit is the overlay's choice, a departure recommends
// (no limit, a lower one, another status) and fails only when choices bind; a 5xx always fails.
// Both bodies are valid requests. The one over the limit is padded inside a free-text field, so it stays
// that large through proxies that re-encode JSON (Prism's validating proxy does); a server without a
// limit would store that long text (hence a write scenario). The one at the limit is padded with
// trailing JSON whitespace, so a conformant server that accepts it stores only an ordinary record.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { MAX_BODY_BYTES } from '../../model/kit-extensions.ts';
import { clip, ownRecordFor, runTag } from './scenario-helpers.ts';

export const payloadTooLarge = scenarioCheck({
  name: 'payloadTooLarge',
  description:
    'A body one byte over x-max-body-bytes gets 413 on every operation declaring it, one of exactly the limit is not refused as too large (petstore-kit: 1 MiB); never a 5xx.',
  scenarios(model) {
    return model.operations.flatMap((operation): CheckScenario[] => {
      const limit = bodyLimit(operation);
      if (limit === undefined || !operation.requestBody) return [];
      const common = {
        operationId: operation.operationId,
        phase: 'write' as const,
        quickstart: operation.ownServer,
      };
      return [
        {
          ...common,
          name: `${operation.operationId} with a body of ${limit + 1} bytes (over the ${limit}-byte limit) → 413`,
          async run(ctx) {
            const path = await ownRecordFor(ctx, model, operation);
            const response = await ctx.send(operation, { path, body: paddedBody(model, operation, limit + 1, 'text') });
            if (failedOn5xx(ctx, response)) return;
            const choice = model.choiceFor(`${operation.pointer}/responses/413`);
            const title = response.status < 300 ? 'PayloadTooLargeAccepted' : 'UnexpectedStatus';
            if (response.status !== 413)
              ctx.fail({
                title,
                message: `a ${limit + 1}-byte body is over the limit of ${limit} bytes (x-max-body-bytes): got ${response.status}.`,
                expected: '413',
                actual: `${response.status} ${clip(response.text)}`,
                choice,
              });
          },
        },
        {
          ...common,
          name: `${operation.operationId} with a body of exactly ${limit} bytes (the limit) → not 413`,
          async run(ctx) {
            const path = await ownRecordFor(ctx, model, operation);
            const response = await ctx.send(operation, {
              path,
              body: paddedBody(model, operation, limit, 'whitespace'),
            });
            if (failedOn5xx(ctx, response) || response.status !== 413) return;
            const choice = model.choiceFor(`${operation.pointer}/responses/413`);
            ctx.fail({
              title: 'BodyLimitBelowDeclared',
              message: `a body of exactly the limit (${limit} bytes) was refused as too large: got 413.`,
              expected: `not 413 (the limit is ${limit} bytes)`,
              actual: `413 ${clip(response.text)}`,
              choice,
            });
          },
        },
      ];
    });
  },
});

/** Nothing a client sends may make the server fail: a 5xx is a failure whatever the limit. */
function failedOn5xx(ctx: ScenarioContext, response: Observed & { index: number }): boolean {
  if (response.status < 500) return false;
  ctx.fail({
    title: 'ServerError',
    message: `A valid request with a large body made the server fail: got ${response.status}.`,
    expected: '413 or a 2xx',
    actual: `${response.status} ${clip(response.text)}`,
  });
  return true;
}

/** The operation's declared 413 response's `x-max-body-bytes`, if it states one. */
function bodyLimit(operation: Operation): number | undefined {
  const limit = operation.responses['413']?.extensions[MAX_BODY_BYTES];
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
  const field = Object.entries(schema.properties).find(
    ([name, p]) => p.type === 'string' && !p.enum && !p.format && typeof body?.[name] === 'string',
  )?.[0];
  if (padding === 'text' && field)
    return JSON.stringify({
      ...body,
      [field]: `${body[field] as string}${'x'.repeat(Math.max(0, bytes - size(body)))}`,
    });
  return JSON.stringify(body) + ' '.repeat(Math.max(0, bytes - size(body)));
}
