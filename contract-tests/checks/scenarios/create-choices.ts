// Two valid creates on which the seed is silent, each judged against the interface first and our choice
// second. A field the request schema does not define: the schema does not forbid it (OpenAPI objects are
// open), so the server may refuse it or accept it; never a 5xx; our choice is to accept and ignore it.
// An int64 beyond 2^53 − 1 (categoryId 9007199254740993): valid for the interface, so if it is accepted
// it must be kept exactly (a rounded value is a value nobody sent); refusing it is legal, since JSON
// (RFC 8259 §6) and I-JSON (RFC 7493 §2.2) warn that such numbers are not exact in every receiver; our
// choice is to keep it digit for digit. Exactness is read from the bytes, whatever JSON parser reads them.
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { CheckScenario } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import type { ApiModel, Collection } from '../../model/api-model.ts';
import { INT64, UNKNOWN_FIELDS, pointerToken } from '../../model/kit-extensions.ts';
import { clip, newItemBody } from './scenario-helpers.ts';
import { isPastSunset } from './sunset.ts';

/** 2^53 + 1: the smallest positive integer a double cannot hold, a valid int64. */
const BEYOND_DOUBLE = '9007199254740993';
const UNKNOWN_FIELD = 'petstoreKitUndefinedField';

/** JSON Pointer of a property of the operation's request body schema (through its `$ref`, if any). */
export function requestPropertyPointer(operation: Operation, name: string): string {
  const schema = operation.requestBody?.schema;
  const at =
    typeof schema?.$ref === 'string'
      ? schema.$ref.slice(1)
      : `${operation.pointer}/requestBody/content/application~1json/schema`;
  return `${at}/properties/${pointerToken(name)}`;
}

export function choiceScenarios(model: ApiModel, collection: Collection): CheckScenario[] {
  const create = collection.create!;
  const schema = model.flatten(create.requestBody?.schema);
  const common = { operationId: create.operationId, phase: 'write' as const };
  const scenarios: CheckScenario[] = [
    {
      ...common,
      name: `${create.operationId} with a field the schema does not define → no 5xx (petstore-kit: accepted, not stored)`,
      async run(ctx) {
        const body = { ...newItemBody(ctx, collection), [UNKNOWN_FIELD]: 'conformance' };
        const response = await ctx.send(create, { json: body });
        if (failed(ctx, response)) return;
        const at =
          typeof create.requestBody?.schema?.$ref === 'string'
            ? `${create.requestBody.schema.$ref.slice(1)}/${UNKNOWN_FIELDS}`
            : `${create.pointer}/requestBody`;
        const choice = model.choiceFor(at);
        const actual = `${response.status} ${clip(response.text)}`;
        if (response.status >= 400)
          ctx.recommend({
            title: 'ValidRequestRejected',
            message: `A field the schema does not define was refused (${response.status}); petstore-kit accepts and ignores it.`,
            expected: '2xx',
            actual,
            choice,
          });
        else if (typeof response.json === 'object' && response.json !== null && UNKNOWN_FIELD in response.json) {
          ctx.recommend({
            title: 'UnknownFieldStored',
            message: `The field ${UNKNOWN_FIELD}, which the schema does not define, was stored; petstore-kit ignores such fields.`,
            expected: `no ${UNKNOWN_FIELD}`,
            actual,
            choice,
          });
        }
      },
    },
  ];
  const int64 = Object.entries(schema.properties).find(([, p]) => p.type === 'integer' && p.format === 'int64')?.[0];
  if (int64) {
    scenarios.push({
      ...common,
      exactNumbers: true,
      name: `${create.operationId} with ${int64} ${BEYOND_DOUBLE} (an int64 beyond 2^53) → kept exactly if accepted (petstore-kit: accepted)`,
      async run(ctx) {
        const sample = JSON.stringify({ ...newItemBody(ctx, collection), [int64]: 0 });
        const response = await ctx.send(create, {
          body: sample.replace(`"${int64}":0`, `"${int64}":${BEYOND_DOUBLE}`),
        });
        if (failed(ctx, response)) return;
        if (response.status >= 400) {
          const message = `${int64} ${BEYOND_DOUBLE} is a valid int64 but was refused (${response.status}). Legal (RFC 7493 §2.2), but petstore-kit keeps it exactly.`;
          ctx.recommend({
            title: 'ValidRequestRejected',
            message,
            expected: '2xx',
            actual: `${response.status} ${clip(response.text)}`,
            choice: model.choiceFor(`${requestPropertyPointer(create, int64)}/${INT64}`),
          });
          return;
        }
        if (
          !keptExactly(
            ctx,
            response,
            int64,
            'CreatedDiffersFromRequest',
            `The created record does not carry the ${int64} that was sent`,
          )
        )
          return;
        const id = (response.json as Record<string, unknown> | undefined)?.[collection.idProperty ?? 'id'];
        if (!collection.read || !collection.readParameter || id === undefined || isPastSunset(collection.read, ctx.now))
          return;
        const readBack = await ctx.send(collection.read, { path: { [collection.readParameter]: String(id) } });
        if (readBack.status === 200)
          keptExactly(
            ctx,
            readBack,
            int64,
            'ReadDiffersFromCreated',
            `${collection.read.operationId} does not return the ${int64} that was sent`,
          );
      },
    });
  }
  return scenarios;
}

/** A 5xx fails (nothing a client sends may make the server fail); so does a non-HTTP-error, non-success status. */
function failed(ctx: ScenarioContext, response: Observed & { index: number }): boolean {
  if (response.status < 500 && (response.status < 300 || response.status >= 400)) return false;
  ctx.fail({
    title: response.status >= 500 ? 'ServerError' : 'UnexpectedStatus',
    message: `A valid create got ${response.status}.`,
    expected: '2xx (or a 4xx refusal)',
    actual: `${response.status} ${clip(response.text)}`,
  });
  return true;
}

/** The field's digits in the body are exactly those sent (a server that rounds stores a number nobody sent). */
function keptExactly(
  ctx: ScenarioContext,
  response: Observed,
  field: string,
  title: 'CreatedDiffersFromRequest' | 'ReadDiffersFromCreated',
  what: string,
): boolean {
  const digits = new RegExp(`"${field}"\\s*:\\s*(-?[0-9][0-9.eE+-]*|"[^"]*")`).exec(response.text)?.[1];
  if (digits === BEYOND_DOUBLE) return true;
  ctx.fail({
    title,
    message: `${what}: ${field} ${BEYOND_DOUBLE} came back as ${digits ?? 'nothing'}.`,
    expected: `${field}: ${BEYOND_DOUBLE}`,
    actual: clip(response.text),
  });
  return false;
}
