// What a 2xx answer to a write shows of what was sent, judged as verify judges its own writes:
// - createThenRead: a created record carries the fields that were sent (compared as exact JSON values, so
//   `\u00e9` and `é` are one value), on the fields both the request and the record schemas define;
//   CreatedDiffersFromRequest. The rest of createThenRead (reading it back, listing it) needs more exchanges.
// - quickstartMessage, for a write that creates no listed record (sendMessage): the answer echoes each field
//   sent that its schema defines (NotEchoed), an id is not empty (EmptyId), and a date-time the schema puts
//   in UTC is in UTC (NotUtcTimestamp) and within 15 minutes of the request (TimestampFarFromNow: it is the
//   creation time, and local time labelled Z is off by hours). verify's quickstart-message.ts keeps these
//   rules inside the scenario that sends its own body; they are restated here for a body the client chose.
// Only a body that keeps the interface is compared: one that breaks it is the refusal rule's.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { fieldDifferences, shown } from '../../../contract-tests/checks/scenarios/scenario-helpers.ts';
import { createsUnlisted } from '../../../contract-tests/checks/scenarios/quickstart-message.ts';
import { declaredSchema } from '../../../contract-tests/model/declared-response.ts';
import type { ExchangeRule, RuleInput } from './rule-context.ts';

/** quickstart-message.ts's UTC_DATE_TIME: RFC 3339 / ISO 8601 date-time in UTC, `Z` or a zero offset. */
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)$/i;
/** quickstart-message.ts's SKEW_MS: clock skew between two hosts kept by NTP, with room to spare. */
const SKEW_MS = 15 * 60 * 1000;

function servedObject(input: RuleInput): Record<string, unknown> | undefined {
  const { response, faults } = input;
  if (response.status < 200 || response.status >= 300 || !faults.validBody) return undefined;
  const body = response.json;
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : undefined;
}

export const createEchoRule: ExchangeRule = {
  check: 'createThenRead',
  judge(input, ctx) {
    const { model, operation, faults, response } = input;
    const collection = model.collections.find((c) => c.create?.pointer === operation.pointer);
    const created = collection && servedObject(input);
    if (!collection || !created) return;
    const requestFields = model.flatten(operation.requestBody?.schema).properties;
    const sent = faults.validBody!;
    const fields = Object.keys(sent).filter(
      (field) => field !== collection.idProperty && field in requestFields && field in collection.item.properties,
    );
    const differences = fieldDifferences(sent, created, fields);
    if (differences.length)
      ctx.fail({
        title: 'CreatedDiffersFromRequest',
        message: `The created record does not carry what was sent: ${differences.join('; ')}.`,
        expected: stringifyJsonExact(Object.fromEntries(fields.map((field) => [field, sent[field]]))),
        actual: response.text,
        exchange: response.index,
      });
  },
};

export const messageEchoRule: ExchangeRule = {
  check: 'quickstartMessage',
  judge(input, ctx) {
    const { model, operation, response, now } = input;
    if (!createsUnlisted(model, operation)) return;
    const result = servedObject(input);
    if (!result) return;
    const declared = model.flatten(declaredSchema(model, operation, response.status));
    for (const [field, value] of Object.entries(input.faults.validBody!)) {
      if (field in declared.properties && shown(result[field]) !== shown(value))
        ctx.fail({
          title: 'NotEchoed',
          message: `The response's ${field} is not what was sent.`,
          expected: shown(value),
          actual: shown(result[field]),
          exchange: response.index,
        });
    }
    if ('id' in declared.properties && (result.id === '' || result.id === null))
      ctx.fail({
        title: 'EmptyId',
        message: 'The service assigned an empty id.',
        expected: 'a non-empty identifier',
        actual: stringifyJsonExact(result.id),
        exchange: response.index,
      });
    for (const [field, property] of Object.entries(declared.properties)) {
      const value = result[field];
      if (property.format !== 'date-time' || typeof value !== 'string') continue;
      if (/\bUTC\b/.test(property.description ?? '') && !UTC_DATE_TIME.test(value))
        ctx.fail({
          title: 'NotUtcTimestamp',
          message: `${field} is not an ISO 8601 timestamp in UTC.`,
          expected: 'e.g. 2025-01-31T12:00:00.000Z',
          actual: value,
          exchange: response.index,
        });
      else if (!(Math.abs(Date.parse(value) - now.getTime()) <= SKEW_MS))
        ctx.fail({
          title: 'TimestampFarFromNow',
          message: `${field} is more than ${SKEW_MS / 60_000} minutes away from the time of the request.`,
          expected: `${now.toISOString()} ± ${SKEW_MS / 60_000} min`,
          actual: value,
          exchange: response.index,
        });
    }
  },
};
