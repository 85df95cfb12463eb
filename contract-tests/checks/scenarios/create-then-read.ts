// Stateful: a created record gets an identifier, echoes what was sent, and reads back the same (the seed:
// "Animal added; the service assigns id"). Where the overlay chose what an omitted field becomes (the
// request schema's `default`), what happens to fields the schema does not define, and how int64 values
// beyond 2^53 are kept, create-choices.ts judges those choices.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { FindingDraft, ScenarioContext } from '../../engine/scenario.ts';
import type { Collection } from '../../model/api-model.ts';
import { flattenSchema } from '../../schema/flatten-schema.ts';
import { clientIdScenario } from './client-id-ignored.ts';
import { choiceScenarios, requestPropertyPointer } from './create-choices.ts';
import {
  createItem,
  expectStatus,
  fieldDifferences,
  newItemBody,
  perCollection,
  recordDifferences,
} from './scenario-helpers.ts';
import { isPastSunset } from './sunset.ts';
import { withoutTrailingSlashes } from '../../../src/shared/trailing-slashes.ts';

export const createThenRead = scenarioCheck({
  name: 'createThenRead',
  description:
    'A created record gets an id, echoes the fields sent, and is returned by the read operation with the same fields; two records get distinct ids.',
  scenarios: perCollection((collection, model) => {
    const { create, read, idProperty, readParameter } = collection;
    if (!create || !idProperty) return [];
    const schema = model.flatten(create.requestBody?.schema);
    const enumFields = Object.entries(schema.properties).filter(([, p]) => p.enum?.length);
    const variants: { label: string; overrides: Record<string, unknown>; optional: boolean; contentType?: string }[] = [
      ...enumFields.flatMap(([field, property]) =>
        property.enum!.map((value) => ({
          label: `${field} ${String(value)}`,
          overrides: { [field]: value },
          optional: true,
        })),
      ),
      {
        label: 'only the required fields (Content-Type with charset)',
        overrides: {},
        optional: false,
        contentType: 'application/json; charset=utf-8',
      },
    ];
    const scenarios: CheckScenario[] = variants.map((variant) => ({
      name: `${create.operationId} with ${variant.label}, then ${read?.operationId ?? 'read'} returns it`,
      operationId: create.operationId,
      phase: 'write',
      async run(ctx) {
        const body = newItemBody(ctx, collection, variant.overrides, variant.optional);
        const response = await ctx.send(create, { json: body, contentType: variant.contentType });
        if (
          !expectStatus(
            ctx,
            response,
            (s) => s >= 200 && s < 300,
            `${create.operationId} with a valid body`,
            'CreateRejected',
          )
        )
          return;
        const created = (typeof response.json === 'object' && response.json) as Record<string, unknown> | false;
        if (!created) return; // the schema check reports the body
        const id = created[idProperty];
        if (typeof id !== 'number' && typeof id !== 'string' && typeof id !== 'bigint')
          return ctx.fail({
            title: 'NoIdAssigned',
            message: `The created record has no usable ${idProperty}.`,
            expected: `${idProperty} assigned by the service`,
            actual: response.text,
          });
        const differs = createdDiffers(body, created, response.text);
        if (differs) ctx.fail(differs);
        if (!variant.optional) judgeDefaults(ctx, collection, body, created);
        const location = response.headers.location;
        if (location !== undefined && !withoutTrailingSlashes(location).endsWith(`/${String(id)}`)) {
          // RFC 9110 §10.2.2: Location names the created resource. The seed mentions no Location at all.
          const choice = ctx.model.choiceFor(
            `${create.responses[String(response.status)]?.pointer ?? `${create.pointer}/responses/${response.status}`}/headers/Location`,
          );
          ctx.recommend({
            title: 'LocationMismatch',
            message: `Location does not point to the created record (${idProperty} ${String(id)}).`,
            expected: `…/${String(id)}`,
            actual: location,
            choice,
          });
        }
        if (!read || !readParameter || isPastSunset(read, ctx.now)) return;
        const readBack = await ctx.send(read, { path: { [readParameter]: String(id) } });
        if (
          !expectStatus(
            ctx,
            readBack,
            200,
            `${read.operationId} of the just-created ${idProperty} ${String(id)}`,
            'CreatedNotReadable',
          )
        )
          return;
        const differences = recordDifferences(collection, created, readBack.json);
        if (differences.length)
          ctx.fail({
            title: 'ReadDiffersFromCreated',
            message: `${read.operationId} returns the record otherwise than it was created: ${differences.join('; ')}.`,
            expected: response.text,
            actual: readBack.text,
          });
      },
    }));
    scenarios.push({
      name: `${create.operationId} twice gives two distinct ${idProperty}s`,
      operationId: create.operationId,
      phase: 'write',
      async run(ctx) {
        const [a, b] = await Promise.all([
          createItem(ctx, collection, newItemBody(ctx, collection)),
          createItem(ctx, collection, newItemBody(ctx, collection)),
        ]);
        if (a && b && a[idProperty] === b[idProperty]) {
          ctx.fail({
            title: 'DuplicateId',
            message: `Two created records share ${idProperty} ${stringifyJsonExact(a[idProperty])}.`,
            expected: 'distinct ids',
            actual: `${stringifyJsonExact(a[idProperty])} twice`,
          });
        }
      },
    });
    scenarios.push(...choiceScenarios(model, collection));
    const clientId = clientIdScenario(collection);
    if (clientId) scenarios.push(clientId);
    return scenarios;
  }),
});

/**
 * Fields left out of the request get the request schema's `default` (OpenAPI 3.0.3 §4.7.24: "what would
 * be assumed by the consumer of the input as the value of the schema if one is not provided"). A default
 * of the interface binds; one our overlay wrote (NewPet.status → available) is our choice: the seed says
 * status "may be supplied on creation", not what an omitted one means.
 */
function judgeDefaults(
  ctx: ScenarioContext,
  collection: Collection,
  sent: Record<string, unknown>,
  created: Record<string, unknown>,
): void {
  const { model } = ctx;
  const create = collection.create!;
  const interfaceCreate = model.base.operationAt(create.pointer) ?? create;
  const inForce = model.flatten(create.requestBody?.schema).properties;
  const ofInterface = flattenSchema(model.base.document, interfaceCreate.requestBody?.schema).properties;
  for (const [name, property] of Object.entries(inForce)) {
    if (name in sent || property.default === undefined) continue;
    const wanted = stringifyJsonExact(property.default);
    const got = created[name] === undefined ? undefined : stringifyJsonExact(created[name]);
    if (got === wanted) continue;
    const finding = {
      title: 'DefaultNotApplied' as const,
      message: `${name} was left out, so it should take its default ${wanted}: got ${got ?? 'no value'}.`,
      expected: `${name}: ${wanted}`,
      actual: `${name}: ${got ?? '(absent)'}`,
    };
    if (ofInterface[name]?.default !== undefined) {
      ctx.fail(finding);
      continue;
    }
    const choice =
      model.choiceFor(requestPropertyPointer(create, name)) ?? model.choiceFor(`${create.pointer}/requestBody`);
    ctx.recommend({ ...finding, choice });
  }
}

/**
 * The verdict on a created record against the body sent, on `fields` (every field sent by default), compared
 * as exact JSON values (`\u00e9` and `é` are one value): CreatedDiffersFromRequest. verify's scenario and the
 * exchange judge's echo rule call it.
 */
export function createdDiffers(
  sent: Record<string, unknown>,
  created: Record<string, unknown>,
  createdText: string,
  fields = Object.keys(sent),
): FindingDraft | undefined {
  const differences = fieldDifferences(sent, created, fields);
  if (!differences.length) return undefined;
  return {
    title: 'CreatedDiffersFromRequest',
    message: `The created record does not carry what was sent: ${differences.join('; ')}.`,
    expected: stringifyJsonExact(Object.fromEntries(fields.map((field) => [field, sent[field]]))),
    actual: createdText,
  };
}
