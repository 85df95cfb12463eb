// What a 2xx answer to a write shows of what was sent, judged as verify judges its own writes:
// - createThenRead: a created record carries the fields that were sent, on the fields both the request and
//   the record schemas define: create-then-read.ts's own verdict (createdDiffers). The rest of createThenRead
//   (reading it back, listing it) needs more exchanges.
// - quickstartMessage, for a write that creates no listed record (sendMessage): the answer echoes each field
//   sent that its schema defines (NotEchoed), an id is not empty (EmptyId), and a date-time the schema puts
//   in UTC is in UTC (NotUtcTimestamp) and within 15 minutes of the request (TimestampFarFromNow: it is the
//   creation time, and local time labelled Z is off by hours): quickstart-message.ts's own verdict
//   (messageEchoFindings), which verify's scenario calls on the body it sent and this rule on the client's.
// Only a body that keeps the interface is compared: one that breaks it is the refusal rule's.
import { createdDiffers } from '../../checks/scenarios/create-then-read.ts';
import { createsUnlisted, messageEchoFindings } from '../../checks/scenarios/quickstart-message.ts';
import type { ExchangeRule, RuleInput } from './rule-context.ts';

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
    const differs = createdDiffers(sent, created, response.text, fields);
    if (differs) ctx.fail({ ...differs, exchange: response.index });
  },
};

export const messageEchoRule: ExchangeRule = {
  check: 'quickstartMessage',
  judge(input, ctx) {
    const { model, operation, response, now } = input;
    if (!createsUnlisted(model, operation)) return;
    const result = servedObject(input);
    if (!result) return;
    // The request's own time is the one clock an exchange has.
    for (const finding of messageEchoFindings(model, operation, response.status, input.faults.validBody!, result, [
      now,
    ]))
      ctx.fail({ ...finding, exchange: response.index });
  },
};
