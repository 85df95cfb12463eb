// Small assertions shared by scenario checks, each recording a finding with expected vs actual.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import type { FindingTitle } from '../../findings.ts';
import type { Observed } from '../../http/send.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { ApiModel, Collection } from '../../model/api-model.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import { sampleFromSchema } from '../../schema/sample-from-schema.ts';

type Item = Record<string, unknown>;

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
export function itemsOf(response: Observed): Item[] {
  return Array.isArray(response.json)
    ? (response.json.filter((x) => typeof x === 'object' && x !== null) as Item[])
    : [];
}

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

/** A request that would succeed with the right credential: path ids of an existing item, a valid body. */
export async function validRequestFor(ctx: ScenarioContext, model: ApiModel, operation: Operation) {
  const path: Record<string, string | number> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
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
