// Every field round-trips exactly, at its edges. A create whose one field takes an edge value the schema
// allows (a string that is empty, long, outside ASCII or full of JSON escapes; an int64 at 0, −1 or its
// extremes) may be refused: the seed's 400 covers "values invalid", and the schema states no bounds for
// them (a refusal is advice, or our choice for int64 beyond 2^53). But once accepted, the value is stored:
// the create's answer, getPet and the list filtered by the record's status all return it byte for byte.
// A server that truncates, normalises, re-encodes or rounds returns a value nobody sent.
import { parseJsonExact, stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { FindingTitle } from '../../findings.ts';
import type { Observed } from '../../http/send.ts';
import type { Collection } from '../../model/api-model.ts';
import { INT64 } from '../../model/kit-extensions.ts';
import type { FlatSchema } from '../../schema/flatten-schema.ts';
import { requestPropertyPointer } from './create-choices.ts';
import { clip, itemsOf, newItemBody, perCollection, quietFilterValue, runTag } from './scenario-helpers.ts';
import { isPastSunset } from './sunset.ts';

const INT64_MIN = '-9223372036854775808';
const INT64_MAX = '9223372036854775807';

/** One edge value of one field, as the JSON literal sent (so int64 extremes go out digit for digit). */
interface Edge {
  field: string;
  label: string;
  literal: (tag: string) => string;
  /** Beyond 2^53: a transport that rounds numbers (Prism's proxy) cannot carry it. */
  exactNumbers?: boolean;
}

export const fieldEdges = scenarioCheck({
  name: 'fieldEdges',
  description:
    'A create with a field at an edge its schema allows (empty, long, unicode, escapes, int64 extremes) keeps it ' +
    'byte for byte in the answer, getPet and the filtered list, if accepted.',
  scenarios: perCollection((collection, model) => {
    const create = collection.create;
    if (!create || !collection.idProperty) return [];
    const schema = model.flatten(create.requestBody?.schema);
    return Object.entries(schema.properties)
      .flatMap(([field, property]) => edgesOf(field, property))
      .map<CheckScenario>((edge) => ({
        name: `${create.operationId} with ${edge.field} ${edge.label} → kept exactly by every read, if accepted`,
        operationId: create.operationId,
        phase: 'write',
        exactNumbers: edge.exactNumbers,
        async run(ctx) {
          await roundTrip(ctx, collection, edge);
        },
      }));
  }),
});

function edgesOf(field: string, property: FlatSchema): Edge[] {
  if (property.enum?.length) return []; // every enum value: createThenRead
  const text = (value: (tag: string) => string) => (tag: string) => JSON.stringify(value(tag));
  if (property.type === 'string') {
    const shortest = property.minLength ?? 0;
    // No maxLength: a text of any length is valid, so long ones are tried, past the 255 and 4096 a column
    // or a buffer of a server might silently cut at.
    const lengths = property.maxLength !== undefined ? [property.maxLength] : [1000, 10_240, 65_536];
    return [
      { field, label: `of ${shortest} characters (its shortest)`, literal: text(() => 'x'.repeat(shortest)) },
      ...lengths
        .filter((length) => length > shortest)
        .map((length) => ({
          field,
          label: `of ${length} characters`,
          literal: text((tag) => `${tag}-`.padEnd(length, 'long')),
        })),
      // Whitespace is part of the text: a server that trims stores another name than the one sent.
      { field, label: 'with leading and trailing spaces', literal: text((tag) => `  ${tag} x  `) },
      // U+0000 is a character JSON carries (as \u0000): a C string ends at it, a PostgreSQL text column refuses it.
      { field, label: 'holding U+0000 (\\u0000)', literal: text((tag) => `a\u0000b ${tag}`) },
      // Astral plane (4 UTF-8 bytes, a surrogate pair in UTF-16), a ZWJ sequence, a combining accent (NFD),
      // right-to-left text: what utf8mb3 columns, normalisation and Latin-1 re-encoding each change.
      {
        field,
        label: 'in Unicode (emoji, ZWJ, combining accent, RTL)',
        literal: text((tag) => `Ünï 名前 🐕‍🦺 e\u0301 עברית ${tag}`),
      },
      {
        // A request variant the operation must read as the text it spells: JSON escapes instead of characters.
        field,
        label: 'spelt with JSON escapes (\\u00e9, a surrogate pair, \\/)',
        literal: (tag: string) => `"\\u00c9t\\u00e9 \\ud83d\\udc15 a\\/b ${tag}"`,
      },
      {
        field,
        label: 'with characters JSON escapes (quote, backslash, newline, tab, U+2028)',
        literal: text((tag) => `q"b\\n\nt\t\u2028</script> ${tag}`),
      },
    ].filter((edge) => edge.label.includes('shortest') || (property.maxLength ?? Infinity) > shortest);
  }
  if (property.type === 'integer') {
    const edges: Edge[] = [];
    const allows = (n: bigint) =>
      (property.minimum === undefined || n >= BigInt(property.minimum)) &&
      (property.maximum === undefined || n <= BigInt(property.maximum));
    type Spelling = [label: string, literal: string, value: bigint];
    const spellings: Spelling[] = [
      ['0', '0', 0n],
      ['-1', '-1', -1n],
      // The same integer in another JSON spelling (RFC 8259 §6 allows an exponent): read as 100, kept as 100.
      ['100 written with an exponent (1e2)', '1e2', 100n],
      ...(property.format === 'int64'
        ? ([
            [`${INT64_MIN} (the smallest int64)`, INT64_MIN, BigInt(INT64_MIN)],
            // Responses are parsed exactly, so 2^63 − 1 is judged as the target sent it (a double would round it).
            [`${INT64_MAX} (the largest int64)`, INT64_MAX, BigInt(INT64_MAX)],
          ] satisfies Spelling[])
        : []),
    ];
    for (const [label, literal, value] of spellings) {
      if (allows(value)) edges.push({ field, label, literal: () => literal, exactNumbers: literal.length > 15 });
    }
    return edges;
  }
  return [];
}

async function roundTrip(ctx: ScenarioContext, collection: Collection, edge: Edge): Promise<void> {
  const create = collection.create!;
  const id = collection.idProperty!;
  const literal = edge.literal(runTag());
  const body = JSON.stringify({
    ...newItemBody(ctx, collection, quietFilterValue(collection)),
    [edge.field]: 0,
  }).replace(`"${edge.field}":0`, `"${edge.field}":${literal}`);
  const response = await ctx.send(create, { body });
  if (response.status >= 500 || (response.status >= 300 && response.status < 400)) return; // statusCodeConformance
  if (response.status >= 400) {
    // Legal (the seed's 400 covers "values invalid"); only the int64 beyond 2^53 is a choice of ours.
    const choice = edge.exactNumbers
      ? ctx.model.choiceFor(`${requestPropertyPointer(create, edge.field)}/${INT64}`)
      : undefined;
    ctx.recommend({
      title: 'ValidRequestRejected',
      message: `${edge.field} ${edge.label} is valid for the schema but was refused (${response.status}).`,
      expected: '2xx',
      actual: `${response.status} ${clip(response.text)}`,
      choice,
    });
    return;
  }
  const created = keeps(
    ctx,
    exactBody(response),
    response.index,
    edge,
    literal,
    'CreatedDiffersFromRequest',
    'the create answers',
  );
  const key = created?.[id];
  if (key === undefined) return;
  const { read, readParameter } = collection;
  if (read && readParameter && !isPastSunset(read, ctx.now)) {
    const readBack = await ctx.send(read, { path: { [readParameter]: String(key) } });
    if (readBack.status === 200)
      keeps(
        ctx,
        exactBody(readBack),
        readBack.index,
        edge,
        literal,
        'ReadDiffersFromCreated',
        `${read.operationId} returns`,
      );
  }
  // The list filtered by the record's own status (a short page in most stores), else the largest page.
  const filter = collection.filters.find((f) => typeof created?.[f.property] === 'string');
  const query: Record<string, string | number> = collection.limit
    ? { [collection.limit.parameter.name]: collection.limit.maximum }
    : {};
  if (filter) query[filter.parameter.name] = String(created![filter.property]);
  const listed = await ctx.send(collection.list, { query });
  if (listed.status !== 200) return;
  const found = itemsOf({ ...listed, json: exactBody(listed) }).find((record) => String(record[id]) === String(key));
  // Absent: createThenList judges whether it had to be there.
  if (found)
    keeps(ctx, found, listed.index, edge, literal, 'ListedDiffersFromCreated', `${collection.list.operationId} lists`);
}

/** Judges the field in a record (parsed exactly); returns the record, or undefined when there is none. */
function keeps(
  ctx: ScenarioContext,
  record: unknown,
  exchange: number,
  edge: Edge,
  literal: string,
  title: FindingTitle,
  where: string,
): Record<string, unknown> | undefined {
  // Not a record: the schema check reports it.
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const value = (record as Record<string, unknown>)[edge.field];
  const got = value === undefined ? 'nothing' : stringifyJsonExact(value);
  // Compared as values: the literal sent and the answer, each written the one way the exact writer writes.
  const sent = stringifyJsonExact(parseJsonExact(literal));
  if (got !== sent) {
    const [expected, actual] = whereTheyDiffer(sent, got);
    ctx.fail({
      title,
      message: `${where} ${edge.field} otherwise than it was sent (${edge.label}).`,
      expected: `${edge.field}: ${expected}`,
      actual: `${edge.field}: ${actual}`,
      exchange,
    });
  }
  return record as Record<string, unknown>;
}

/** Both texts from a little before their first difference, clipped, with their lengths when those differ. */
function whereTheyDiffer(sent: string, got: string): [string, string] {
  let at = 0;
  while (at < sent.length && sent[at] === got[at]) at += 1;
  const from = Math.max(0, at - 20);
  // The length of the text a JSON string spells (in code points), else of the JSON itself.
  const length = (json: string) => {
    const value = json === 'nothing' ? json : parseJsonExact(json);
    return typeof value === 'string' ? [...value].length : json.length;
  };
  const lengths = (text: string) => (sent.length === got.length ? '' : ` (${length(text)} characters)`);
  const show = (text: string) => `${from ? '…' : ''}${clip(text.slice(from), 80)}${lengths(text)}`;
  return [show(sent), show(got)];
}

/** The body with every number exact (the client's own parse may round int64 values beyond 2^53). */
function exactBody(response: Observed): unknown {
  try {
    return parseJsonExact(response.text);
  } catch {
    return undefined;
  }
}
