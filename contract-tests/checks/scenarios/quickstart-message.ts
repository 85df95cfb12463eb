// Operations that create from a body (a POST on a path that names no record) but no listed record (the
// quickstart's sendMessage; a PUT or PATCH changes a record, and is not a message): a valid
// request succeeds with any 2xx (the seed leaves the code open), the response echoes what was sent,
// its timestamps are ISO 8601 in UTC where the spec says so, and each call gets its own id.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { effectOf } from '../../../src/openapi/request-effect.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingDraft, ScenarioContext } from '../../engine/scenario.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';
import { declaredSchema } from '../../model/declared-response.ts';
import type { ApiModel } from '../../model/api-model.ts';
import { expectStatus, runTag, shown, statusIn } from './scenario-helpers.ts';

/** RFC 3339 / ISO 8601 date-time in UTC: `Z` or a zero offset. */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/i;
/**
 * How far createdAt may be from the time of the request: clock skew between two hosts kept by NTP, with room
 * to spare. A timestamp in local time labelled UTC is off by whole hours (or half hours) and fails.
 */
const SKEW_MS = 15 * 60 * 1000;

/** What this check judges (verify's scenarios, the proxy's rule): an operation that creates from a body, unlisted. */
export function createsUnlisted(model: ApiModel, operation: Operation): boolean {
  return (
    operation.requestBody !== undefined &&
    effectOf(operation) === 'creates' &&
    !model.collections.some((collection) => collection.create?.pointer === operation.pointer)
  );
}

/** One of this check's scenarios on one operation. */
function message(operation: Operation, name: string, run: CheckScenario['run']): CheckScenario {
  return {
    name,
    operationId: operation.operationId,
    phase: 'write',
    quickstart: operation.ownServer,
    run,
  };
}

export const quickstartMessage = scenarioCheck({
  name: 'quickstartMessage',
  description:
    'A valid message is accepted with a 2xx; the Message echoes the text, has a non-empty id and string status, createdAt in ISO 8601 UTC, and each message its own id.',
  scenarios(model) {
    return model.operations
      .filter((operation) => createsUnlisted(model, operation))
      .flatMap((operation) => [
        message(operation, 'with a valid body → 2xx and a well-formed response', async (ctx) => {
          await sendValid(ctx, model, operation);
        }),
        // The seed: 400 when "the Content-Type header not application/json". With a charset parameter it
        // is application/json all the same (RFC 9110 §8.3.1: a media type and its parameters).
        message(operation, 'with Content-Type application/json; charset=utf-8 → 2xx', async (ctx) => {
          await sendValid(ctx, model, operation, {
            label: 'sent with Content-Type application/json; charset=utf-8',
            contentType: 'application/json; charset=utf-8',
          });
        }),
        message(operation, 'with text in Unicode and JSON escapes → 2xx, echoed exactly', async (ctx) => {
          const text = (tag: string) => `Ünï 名前 🐕‍🦺 e\u0301 עברית "q" \\ \n ${tag}`;
          await sendValid(ctx, model, operation, { text });
        }),
        // Whitespace is part of the text: a server that trims answers a message nobody sent.
        message(operation, 'with text with leading and trailing spaces → 2xx, echoed exactly', async (ctx) => {
          await sendValid(ctx, model, operation, {
            text: (tag: string) => `  ${tag} x  `,
            label: 'with spaces around',
          });
        }),
        // Long texts: the seed bounds none, so a server may refuse one with a 4xx, but one it accepts is kept
        // whole (a column or a buffer that cuts at 255 or 4096 characters answers a message nobody sent).
        ...[10_240, 65_536].map((length) =>
          message(operation, `with text of ${length} characters → echoed exactly, if accepted`, async (ctx) => {
            const text = (tag: string) => `${tag}-`.padEnd(length, 'long');
            await sendValid(ctx, model, operation, { text, label: `of ${length} characters`, mayRefuse: true });
          }),
        ),
        message(operation, 'twice gives two distinct ids', async (ctx) => {
          const [a, b] = await Promise.all([sendValid(ctx, model, operation), sendValid(ctx, model, operation)]);
          if (a?.body.id !== undefined && a.body.id === b?.body.id)
            ctx.fail({
              title: 'DuplicateId',
              message: `Two messages share id ${stringifyJsonExact(a.body.id)}.`,
              expected: 'distinct ids',
              actual: `${stringifyJsonExact(a.body.id)} twice`,
            });
        }),
      ]);
  },
});

/** A 2xx answer to a message, its body an object. */
export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A variant of the valid request: another Content-Type, or every string field set to a text of its own. */
interface Variant {
  /** What makes it a variant, for messages. */
  label?: string;
  contentType?: string;
  text?: (tag: string) => string;
  /** A refusal with a 4xx is the server's right (a length it does not take); only a 2xx is judged. */
  mayRefuse?: boolean;
}

export async function sendValid(
  ctx: ScenarioContext,
  model: ApiModel,
  operation: Operation,
  variant: Variant = {},
): Promise<Answer | undefined> {
  const schema = model.flatten(operation.requestBody!.schema);
  const tag = runTag();
  const texts = variant.text
    ? Object.fromEntries(
        Object.entries(schema.properties)
          .filter(([, property]) => property.type === 'string' && !property.enum)
          .map(([field]) => [field, variant.text!(tag)]),
      )
    : {};
  const body = sampleFromSchema(schema, { tag, overrides: texts }) as Record<string, unknown>;
  const response = await ctx.send(operation, { json: body, contentType: variant.contentType });
  const what = `with a valid body${variant.label ? ` ${variant.label}` : ''}`;
  const served = statusIn('any 2xx', (s) => s >= 200 && s < 300);
  if (variant.mayRefuse && response.status >= 400 && response.status < 500) return undefined;
  if (!expectStatus(ctx, response, served, what, 'ValidRequestRejected')) return undefined;
  if (typeof response.json !== 'object' || response.json === null) return undefined; // the schema check reports it
  const result = response.json as Record<string, unknown>;
  // The time of the request: the wall clock now (a run may last long), or the run's own clock, which tests
  // set to another date along with the target's.
  for (const finding of messageEchoFindings(model, operation, response.status, body, result, [new Date(), ctx.now]))
    ctx.fail(finding);
  return { status: response.status, body: result };
}

/**
 * The verdict on a 2xx answer to a message sent (verify's scenarios and the exchange judge call it alike):
 * each field sent that the answer's schema defines is echoed (NotEchoed), an id is not empty (EmptyId), a
 * date-time the schema puts in UTC is in UTC (NotUtcTimestamp) and within SKEW_MS of one of `times`, the
 * times the request may be taken to have been sent at (TimestampFarFromNow: it is the creation time, and
 * local time labelled Z is off by hours).
 */
export function messageEchoFindings(
  model: ApiModel,
  operation: Operation,
  status: number,
  sent: Record<string, unknown>,
  result: Record<string, unknown>,
  times: Date[],
): FindingDraft[] {
  const findings: FindingDraft[] = [];
  const declared = model.flatten(declaredSchema(model, operation, status));
  for (const [field, value] of Object.entries(sent)) {
    if (field in declared.properties && shown(result[field]) !== shown(value))
      findings.push({
        title: 'NotEchoed',
        message: `The response's ${field} is not what was sent.`,
        expected: shown(value),
        actual: shown(result[field]),
      });
  }
  if ('id' in declared.properties && (result.id === '' || result.id === null))
    findings.push({
      title: 'EmptyId',
      message: 'The service assigned an empty id.',
      expected: 'a non-empty identifier',
      actual: stringifyJsonExact(result.id),
    });
  for (const [field, property] of Object.entries(declared.properties)) {
    const value = result[field];
    if (property.format !== 'date-time' || typeof value !== 'string') continue;
    if (/\bUTC\b/.test(property.description ?? '') && !UTC_DATE_TIME.test(value))
      findings.push({
        title: 'NotUtcTimestamp',
        message: `${field} is not an ISO 8601 timestamp in UTC.`,
        expected: 'e.g. 2025-01-31T12:00:00.000Z',
        actual: value,
      });
    else if (!times.some((time) => Math.abs(Date.parse(value) - time.getTime()) <= SKEW_MS))
      // The seed names it createdAt: the time the message was created, which is the time of the request.
      findings.push({
        title: 'TimestampFarFromNow',
        message: `${field} is more than ${SKEW_MS / 60_000} minutes away from the time of the request.`,
        expected: `${times[0].toISOString()} ± ${SKEW_MS / 60_000} min`,
        actual: value,
      });
  }
  return findings;
}
