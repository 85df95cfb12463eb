// Operations that accept a body but create no listed record (the quickstart's sendMessage): a valid
// request succeeds with any 2xx (the seed leaves the code open), the response echoes what was sent,
// its timestamps are ISO 8601 in UTC where the spec says so, and each call gets its own id.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ScenarioCheckDefinition } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { declaredSchema } from '../../model/declared-response.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { expectStatus, runTag, shown, statusIn } from './scenario-helpers.ts';

const NAME = 'quickstartMessage';
/** RFC 3339 / ISO 8601 date-time in UTC: `Z` or a zero offset. */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/i;
const DAY_MS = 24 * 60 * 60 * 1000;

export const quickstartMessage: ScenarioCheckDefinition = {
  kind: 'scenario',
  name: NAME,
  description: 'A valid message is accepted with a 2xx; the Message echoes the text, has a non-empty id and string status, createdAt in ISO 8601 UTC, and each message its own id.',
  scenarios(model) {
    const creates = new Set(model.collections.map((c) => c.create));
    return model.operations
      .filter((operation) => operation.requestBody && !creates.has(operation))
      .flatMap((operation) => [
        {
          name: `${operation.operationId} with a valid body → 2xx and a well-formed response`,
          check: NAME,
          operationId: operation.operationId,
          phase: 'write' as const,
          quickstart: operation.ownServer,
          async run(ctx) {
            await sendValid(ctx, model, operation);
          },
        },
        {
          name: `${operation.operationId} twice gives two distinct ids`,
          check: NAME,
          operationId: operation.operationId,
          phase: 'write' as const,
          quickstart: operation.ownServer,
          async run(ctx) {
            const [a, b] = await Promise.all([sendValid(ctx, model, operation), sendValid(ctx, model, operation)]);
            if (a?.id !== undefined && a.id === b?.id) ctx.fail({ title: 'DuplicateId', message: `Two messages share id ${stringifyJsonExact(a.id)}.`, expected: 'distinct ids', actual: `${stringifyJsonExact(a.id)} twice` });
          },
        },
      ]);
  },
};

async function sendValid(ctx: ScenarioContext, model: ApiModel, operation: Operation): Promise<Record<string, unknown> | undefined> {
  const body = sampleFromSchema(model.flatten(operation.requestBody!.schema), { tag: runTag() }) as Record<string, unknown>;
  const response = await ctx.send(operation, { json: body });
  if (!expectStatus(ctx, response, statusIn('any 2xx', (s) => s >= 200 && s < 300), `${operation.operationId} with a valid body`, 'ValidRequestRejected')) return undefined;
  if (typeof response.json !== 'object' || response.json === null) return undefined; // the schema check reports it
  const result = response.json as Record<string, unknown>;
  const schema = model.flatten(declaredSchema(model, operation, response.status));
  for (const [field, value] of Object.entries(body)) {
    if (field in schema.properties && shown(result[field]) !== shown(value)) {
      ctx.fail({ title: 'NotEchoed', message: `The response's ${field} is not what was sent.`, expected: shown(value), actual: shown(result[field]) });
    }
  }
  if ('id' in schema.properties && (result.id === '' || result.id === null)) ctx.fail({ title: 'EmptyId', message: 'The service assigned an empty id.', expected: 'a non-empty identifier', actual: stringifyJsonExact(result.id) });
  for (const [field, property] of Object.entries(schema.properties)) {
    const value = result[field];
    if (property.format !== 'date-time' || typeof value !== 'string') continue;
    const utc = /\bUTC\b/.test(property.description ?? '');
    if (utc && !UTC_DATE_TIME.test(value)) {
      ctx.fail({ title: 'NotUtcTimestamp', message: `${field} is not an ISO 8601 timestamp in UTC.`, expected: 'e.g. 2025-01-31T12:00:00.000Z', actual: value });
    } else if (Math.abs(Date.parse(value) - ctx.now.getTime()) > DAY_MS) {
      ctx.recommend({ title: 'TimestampFarFromNow', message: `${field} is more than a day away from the time of the request.`, expected: ctx.now.toISOString(), actual: value });
    }
  }
  return result;
}

