// Small assertions shared by scenario checks, each recording a finding with expected vs actual.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { FindingTitle } from '../../findings.ts';
import type { Observed } from '../../http/send.ts';
import type { CheckScenario } from '../../engine/scenario-check.ts';
import type { Scenario, ScenarioContext } from '../../engine/scenario.ts';
import { notSent } from '../../engine/own-records.ts';
import type { ApiModel, Collection } from '../../model/api-model.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { templateParts } from '../../../src/openapi/fill-template.ts';
import { effectOf, type RequestEffect } from '../../../src/openapi/request-effect.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';

type Item = Record<string, unknown>;

/** A check's scenarios for each collection of the model, in the model's order (scenarioCheck's `scenarios`). */
export function perCollection(
  scenarios: (collection: Collection, model: ApiModel) => CheckScenario[],
): (model: ApiModel) => CheckScenario[] {
  return (model) => model.collections.flatMap((collection) => scenarios(collection, model));
}

/** Records a failure unless the status is the expected one (or satisfies the predicate). Returns whether it held. */
export function expectStatus(
  ctx: ScenarioContext,
  response: Observed & { index: number },
  expected: number | ((status: number) => boolean),
  what: string,
  title: FindingTitle = 'UnexpectedStatus',
): boolean {
  const ok = typeof expected === 'number' ? response.status === expected : expected(response.status);
  if (!ok) {
    ctx.fail({
      title,
      message: `${what}: got ${response.status}.`,
      expected: typeof expected === 'number' ? String(expected) : describeExpectation(expected),
      actual: `${response.status} ${clip(response.text)}`,
      exchange: response.index,
    });
  }
  return ok;
}

function describeExpectation(predicate: (status: number) => boolean): string {
  return (predicate as { description?: string }).description ?? 'another status';
}

/** A status predicate with a description for reports. */
export function statusIn(description: string, test: (status: number) => boolean): (status: number) => boolean {
  return Object.assign(test, { description });
}

/** The array body of a list response, or [] when it is not one (the schema check reports that). */
/** Whether an operation takes a JSON request body (the seed: "All requests and responses use JSON"). */
export function takesJson(operation: Operation): boolean {
  return operation.requestBody?.mediaTypes.includes('application/json') === true;
}

export function itemsOf(response: Observed): Item[] {
  return Array.isArray(response.json)
    ? (response.json.filter((x) => typeof x === 'object' && x !== null) as Item[])
    : [];
}

/**
 * How a not-observable `why` says a list page was full: always these words, so that the report can say
 * once, as a cause, that the target holds more records than a page shows (find-causes.ts reads FULL_PAGE).
 */
export function fullPage(items: number): string {
  return `full (${items} records, the largest page)`;
}

/** Whether a page of `items` is as long as the largest the collection's list gives: records past it cannot be seen. */
export function isFullPage(collection: Pick<Collection, 'limit'>, items: readonly unknown[]): boolean {
  return collection.limit !== undefined && items.length >= collection.limit.maximum;
}

/** Finds fullPage's words in a `why`; the group is the page's size. */
export const FULL_PAGE = /full \((\d+) records, the largest page\)/;

export function clip(text: string, length = 300): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}

/** A unique tag for names of records this run creates, so they can be found again. */
export function runTag(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
}

/** A valid create body for the collection's items. */
export function newItemBody(
  ctx: ScenarioContext,
  collection: Collection,
  overrides: Record<string, unknown> = {},
  optional = true,
): Record<string, unknown> {
  const schema = ctx.model.flatten(collection.create?.requestBody?.schema);
  return sampleFromSchema(schema, { overrides, optional, tag: runTag() }) as Record<string, unknown>;
}

/**
 * Overrides that put a record under the last value of the collection's first filter (`status: sold`): the
 * filtered page a scenario reads it back from is then seldom full, even on a store with many records.
 */
export function quietFilterValue(collection: Collection): Record<string, unknown> {
  const filter = collection.filters[0];
  return filter?.values.length ? { [filter.property]: filter.values.at(-1) } : {};
}

/** Creates one item and returns it, or ends the scenario as failed/skipped when that is impossible. */
export async function createItem(
  ctx: ScenarioContext,
  collection: Collection,
  body: Record<string, unknown>,
): Promise<Item | undefined> {
  if (!collection.create) return undefined;
  const created = await ctx.send(collection.create, { json: body });
  if (
    !expectStatus(
      ctx,
      created,
      (s) => s >= 200 && s < 300,
      `creating ${collection.item.type === 'object' ? 'an item' : 'a record'} with a valid body`,
      'CreateRejected',
    )
  )
    return undefined;
  return typeof created.json === 'object' && created.json !== null ? (created.json as Item) : undefined;
}

/**
 * An item that exists on the target: the first one listed, or (writes allowed) one created for the
 * purpose. Skips the scenario when the target has none and writes are not allowed.
 */
export async function existingItem(ctx: ScenarioContext, collection: Collection): Promise<Item | undefined> {
  const listed = await ctx.send(collection.list, {});
  const first = itemsOf(listed)[0];
  if (first) return first;
  if (listed.status !== 200) return undefined;
  if (!ctx.allowWrites)
    ctx.skip(
      `${collection.list.operationId} returned no items and writes are not allowed (--allow-writes would create one)`,
    );
  return createItem(ctx, collection, newItemBody(ctx, collection));
}

/**
 * Differences between two records over the given fields, as "field: a ≠ b" lines. Pass the fields the
 * schema defines when comparing two answers: fields it does not define are allowed and may differ.
 */
export function fieldDifferences(expected: Item, actual: Item, fields = Object.keys(expected)): string[] {
  return fields
    .filter((f) => shown(expected[f]) !== shown(actual[f]))
    .map((f) => `${f}: expected ${shown(expected[f])}, got ${shown(actual[f])}`);
}

/** A value of the target's as exact JSON (an int64 beyond 2^53 digit for digit); `(absent)` when absent. */
export function shown(value: unknown): string {
  return value === undefined ? '(absent)' : stringifyJsonExact(value);
}

/** The fields of `record` that the collection's item schema defines (the only ones two answers must agree on). */
export function definedFields(collection: Collection, record: Item): string[] {
  return Object.keys(record).filter((field) => field in collection.item.properties);
}

/**
 * How the record an answer holds differs from `expected` over the fields the collection's schema defines, as
 * fieldDifferences' lines; `no record` when the answer holds no object.
 */
export function recordDifferences(collection: Collection, expected: Item, answer: unknown): string[] {
  return typeof answer === 'object' && answer !== null && !Array.isArray(answer)
    ? fieldDifferences(expected, answer as Item, definedFields(collection, expected))
    : ['no record'];
}

/**
 * A request that would succeed with the right credential: path ids of an existing item (one this run creates
 * for a request that changes or destroys it: ownRecordFor), a valid body.
 */
export async function validRequestFor(ctx: ScenarioContext, model: ApiModel, operation: Operation) {
  const own = await ownRecordFor(ctx, model, operation);
  const path: Record<string, string | number> = { ...own };
  for (const parameter of operation.parameters.filter((p) => p.in === 'path' && !(p.name in own))) {
    const collection = model.collections.find((c) => c.read === operation);
    let id: unknown = sampleFromSchema(model.flatten(parameter.schema));
    if (collection?.idProperty) {
      const listed = await ctx.send(collection.list, {});
      id = itemsOf(listed)[0]?.[collection.idProperty] ?? id;
    }
    path[parameter.name] = String(id);
  }
  const json = operation.requestBody?.schema
    ? sampleFromSchema(model.flatten(operation.requestBody.schema), { tag: 'auth' })
    : undefined;
  return { path, json };
}

/** A scenario's phase from what its requests may do (src/openapi/request-effect.ts): only safe ones read. */
export function phaseOf(effect: RequestEffect, otherwise: 'write' | 'bulk' = 'write'): Scenario['phase'] {
  return effect === 'safe' ? 'read' : otherwise;
}

/**
 * The path value that names a record of this run's own, for a request that changes or destroys one: the
 * record is created for it now, since verify sends such a request to nothing else (engine/own-records.ts).
 * Empty for a request that only reads or creates. Skips the scenario, saying why, when the run cannot
 * create such a record (the document has no create for it, or the answer shows no id).
 */
export async function ownRecordFor(
  ctx: ScenarioContext,
  model: ApiModel,
  operation: Operation,
): Promise<Record<string, string>> {
  const effect = effectOf(operation);
  if (effect === 'safe' || effect === 'creates') return {};
  const refused = notSent(operation.method, operation.path, effect);
  const owner = ownerOf(model, operation);
  if (!owner) return ctx.skip(refused);
  const { collection, parameter } = owner;
  if (!collection.create || !collection.idProperty)
    return ctx.skip(
      `${refused}: the document gives no way to create one (a ${collection.list.path} create with an id)`,
    );
  const created = await createItem(ctx, collection, newItemBody(ctx, collection));
  const id = created?.[collection.idProperty];
  if (typeof id !== 'string' && typeof id !== 'number' && typeof id !== 'bigint')
    return ctx.skip(`${refused}: the record it created for it shows no ${collection.idProperty}`);
  return { [parameter]: String(id) };
}

/**
 * The collection whose record the operation's path names, and the parameter that names it: the longest list
 * path the operation's path continues with `/{parameter}` (`/pets/{petId}`, `/pets/{petId}/photos`).
 */
function ownerOf(model: ApiModel, operation: Operation): { collection: Collection; parameter: string } | undefined {
  let owner: { collection: Collection; parameter: string } | undefined;
  for (const collection of model.collections) {
    const { path, ownServer } = collection.list;
    if (ownServer !== operation.ownServer || !operation.path.startsWith(`${path}/`)) continue;
    const [slash, parameter, after] = templateParts(operation.path.slice(path.length));
    if (slash !== '/' || parameter === undefined || (after !== '' && !after.startsWith('/'))) continue;
    if (!owner || path.length > owner.collection.list.path.length) owner = { collection, parameter };
  }
  return owner;
}
