// Which records a scenario created, and which records of a listed page a failure names. Read while the
// scenario runs, from whole bodies (a report keeps only 4,000 characters of each): they let the report
// tie the failures of many scenarios to the one record another scenario left behind (run/find-causes.ts).
import type { Operation } from '../../src/openapi/index-operations.ts';
import type { Observed } from '../http/send.ts';
import type { ApiModel, Collection } from '../model/api-model.ts';
import type { Finding } from '../types.ts';

type Item = Record<string, unknown>;

/** A record as the report names it: the collection's path and the id (`/pets/78`). */
function recordName(collection: Collection, id: unknown): string | undefined {
  return typeof id === 'string' || typeof id === 'number' || typeof id === 'bigint'
    ? `${collection.list.path}/${String(id)}`
    : undefined;
}

/** The record a 2xx answer to a collection's create operation made, if the answer shows its id. */
export function createdRecord(model: ApiModel, operation: Operation, response: Observed): string | undefined {
  if (response.status < 200 || response.status >= 300) return undefined;
  const collection = model.collections.find((c) => c.create === operation && c.idProperty);
  const body = response.json;
  if (!collection || typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  return recordName(collection, (body as Item)[collection.idProperty!]);
}

/**
 * The records of a listed page (a collection's list operation) that a finding names: by their place in
 * the body (a schema error's field `'29.categoryId'`, a pointer `/29/categoryId`) or by id ("id 78",
 * "ids 78, 79"). Only the message and the expectation are read: `actual` quotes the target's body.
 */
export function recordsNamed(
  model: ApiModel,
  operation: Operation,
  response: Observed,
  finding: Pick<Finding, 'message' | 'expected'>,
): string[] {
  const collection = model.collections.find((c) => c.list === operation && c.idProperty);
  if (!collection || !Array.isArray(response.json)) return [];
  const id = collection.idProperty!;
  const items = response.json as unknown[];
  const text = [finding.message, finding.expected ?? ''].join('\n');
  const named = new Set<string>();
  const add = (item: unknown) => {
    const name = typeof item === 'object' && item !== null ? recordName(collection, (item as Item)[id]) : undefined;
    if (name) named.add(name);
  };
  for (const match of text.matchAll(/'(\d+)[.']|(?<![\w/])\/(\d+)(?=\/|\b)/g)) add(items[Number(match[1] ?? match[2])]);
  const byId = new Map(
    items.flatMap((item) => (typeof item === 'object' && item !== null ? [[String((item as Item)[id]), item]] : [])),
  );
  for (const value of idsSaid(text, id)) if (byId.has(value)) add(byId.get(value));
  return [...named];
}

/** After the id property's name (`id 78`, `ids 78, 79 and 80`): the values, as a sticky pattern reads them. */
const VALUES = /[\w.-]+(?:(?:, | and )[\w.-]+)*/y;

/** The values said after the id property's name in `text`, trailing full stops dropped. */
function idsSaid(text: string, id: string): string[] {
  const values: string[] = [];
  for (let at = text.indexOf(id); at !== -1; at = text.indexOf(id, at + 1)) {
    if (at > 0 && /\w/.test(text[at - 1])) continue;
    let from = at + id.length;
    if (text[from] === 's') from++;
    if (text[from] !== ' ') continue;
    VALUES.lastIndex = from + 1;
    const said = VALUES.exec(text)?.[0];
    if (said) values.push(...said.split(/, | and /).map(withoutFullStops));
  }
  return values;
}

function withoutFullStops(value: string): string {
  let end = value.length;
  while (end > 0 && value[end - 1] === '.') end--;
  return value.slice(0, end);
}
