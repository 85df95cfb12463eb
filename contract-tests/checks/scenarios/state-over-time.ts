// Stateful over time: what the run created is still there, as it was created, once the rest of the run has
// happened. Every other stateful check reads a record right after its create; a store that forgets old
// records after N creates, starts again after N requests, or serves a list from a stale cache passes those.
// This one runs last (bulk phase): it looks at the lists, creates --state-depth records with lists between
// them (a cache's chance to keep an old page), then reads again the run's first record and its own first
// one, and the lists. The seed: the service assigns each pet a "unique identifier", and a created pet is one
// of "all pets" (listPets); nothing in it lets a record lapse.
import { stringifyJsonExact } from '../../../src/shared/exact-json.ts';
import { scenarioCheck, type CheckScenario } from '../../engine/scenario-check.ts';
import type { ScenarioContext } from '../../engine/scenario.ts';
import type { Observed } from '../../http/send.ts';
import type { Operation } from '../../../src/openapi/index-operations.ts';
import type { ApiModel, Collection } from '../../model/api-model.ts';
import { declaredSchema } from '../../model/declared-response.ts';
import { judgeListed } from './create-then-list.ts';
import { createsUnlisted, sendValid } from './quickstart-message.ts';
import { createItem, expectStatus, isFullPage, itemsOf, newItemBody, recordDifferences } from './scenario-helpers.ts';
import { isPastSunset } from './sunset.ts';

/** Lists are read again after every this many creates: pages a cache may keep while the data moves on. */
const LIST_EVERY = 5;
/**
 * Between the answer to the first message and the sending of the last, so that a creation time kept to the
 * second (the coarsest a date-time is written) must differ: a frozen createdAt is told from two in one second.
 */
const APART_MS = 1100;
/** The run's earlier records read again: its first and more spread over the run. */
const REVISITED = 5;

type Item = Record<string, unknown>;

export const stateOverTime = scenarioCheck({
  name: 'stateOverTime',
  description:
    "After many later creates and lists, the run's records read back and are listed as created, new records get new ids, a list that changed is not answered 304 Not Modified, and a message sent later carries a later createdAt.",
  scenarios(model) {
    const messages: CheckScenario[] = model.operations
      .filter((operation) => createsUnlisted(model, operation))
      .map((operation) => ({
        name: `${operation.operationId} at the end of the run: a later createdAt than the run's first message`,
        operationId: operation.operationId,
        phase: 'bulk' as const,
        quickstart: operation.ownServer,
        run: (ctx) => laterMessage(ctx, model, operation),
      }));
    const records: CheckScenario[] = model.collections.flatMap((collection) => {
      const { create, idProperty } = collection;
      if (!create || !idProperty) return [];
      return [
        {
          name: `${create.operationId} many times, then the run's records are read again, unchanged and listed`,
          operationId: create.operationId,
          phase: 'bulk' as const,
          run: (ctx) => revisit(ctx, collection),
        },
      ];
    });
    // The messages last: the records' scenario is part of the wait between the first message and the last.
    return [...records, ...messages];
  },
});

async function revisit(ctx: ScenarioContext, collection: Collection): Promise<void> {
  const id = collection.idProperty!;
  const page = collection.limit ? { [collection.limit.parameter.name]: collection.limit.maximum } : {};
  const filter = collection.filters[0];
  const values = filter?.values ?? [];
  // The quietest value (create-then-list's too): its filtered page is seldom full, even on a busy store.
  const quiet = filter && values.length ? { ...page, [filter.parameter.name]: values.at(-1)! } : undefined;

  // The first look: the pages as they stand, and what a cache or a validator may keep of them.
  const before = await ctx.send(collection.list, { query: page });
  if (!expectStatus(ctx, before, 200, `${collection.list.operationId} before the creates`)) return;
  const beforeQuiet = quiet ? await ctx.send(collection.list, { query: quiet }) : undefined;
  const earlier = ctx.created(collection.create!).map((answer) => answer.body);
  // Every id the target has shown: a create must hand out none of them again ("unique identifier").
  const seen = new Map<string, string>();
  for (const item of itemsOf(before)) if (item[id] !== undefined) seen.set(key(item[id]), 'a record listed before');
  earlier.forEach((record, n) => {
    if (record[id] !== undefined) seen.set(key(record[id]), `the run's record ${n + 1} (of ${earlier.length} before)`);
  });

  const created: Item[] = [];
  for (let n = 0; n < ctx.stateDepth; n++) {
    const overrides = filter && values.length ? { [filter.property]: values[n % values.length] } : {};
    const sent = newItemBody(ctx, collection, overrides);
    const record = await createItem(ctx, collection, sent);
    if (!record) return; // createItem reported why
    const value = record[id];
    const had = value === undefined ? undefined : seen.get(key(value));
    if (had) {
      ctx.fail({
        title: 'DuplicateId',
        message: `After ${n} later creates, the service assigned ${id} ${shownId(value)} again: ${had} has it.`,
        expected: `an ${id} no record has`,
        actual: `${id} ${shownId(value)}, already given`,
      });
      return;
    }
    if (value !== undefined) seen.set(key(value), `record ${n + 1} of the ${ctx.stateDepth} created here`);
    // As listed, a record carries what was sent (create-then-list's expectation).
    created.push({ ...record, ...sent });
    if ((n + 1) % LIST_EVERY === 0) {
      await ctx.send(collection.list, { query: page });
      if (quiet) await ctx.send(collection.list, { query: quiet });
    }
  }

  const later = `after ${created.length} later creates and lists`;
  // The run's first record and a few more spread over the run: two records alike (a deterministic body
  // sent twice) cannot tell a store that started over from one that did not, five different ones can.
  const sampled = spread(earlier, REVISITED).map((n) => ({
    record: earlier[n],
    what: `the run's ${n === 0 ? 'first record' : `record ${n + 1} of ${earlier.length}`} (${id} ${shownId(earlier[n][id])})`,
  }));
  const revisited = [
    ...sampled,
    ...(created.length > 1 ? [{ record: created[0], what: 'the first record created here' }] : []),
  ];
  const lost: { what: string; response: Observed & { index: number } }[] = [];
  for (const { record, what } of revisited) {
    const response = await readAgain(ctx, collection, record, `${what}, ${later}`);
    if (response) lost.push({ what, response });
  }
  if (lost.length) {
    // One cause (the store let them go), said once with the count.
    const [{ response }] = lost;
    ctx.fail({
      title: 'RecordLost',
      message: `${lost.length} of the ${revisited.length} records read again ${later} ${lost.length === 1 ? 'is' : 'are'} gone: ${lost.map(({ what, response: r }) => `${what} answered ${r.status}`).join('; ')}.`,
      expected: '200 and the record',
      actual: `${response.status} ${response.text.slice(0, 200)}`,
      exchange: response.index,
    });
  }

  const records = [...sampled.map(({ record }) => record), ...created];
  // On a full page, records created late are seldom shown (most stores list oldest first): the reads above
  // and the filtered page below say whether they are kept, so a full unfiltered page is passed over.
  const after = await ctx.send(collection.list, { query: page });
  if (after.status === 200 && !isFullPage(collection, itemsOf(after)))
    judgeListed(ctx, collection, records, after, `the list ${later}`);
  if (quiet) {
    const name = filter!.parameter.name;
    const filtered = await ctx.send(collection.list, { query: quiet });
    const ofValue = records.filter((record) => record[filter!.property] === quiet[name]);
    if (filtered.status === 200)
      judgeListed(ctx, collection, ofValue, filtered, `the list filtered by ${name}=${quiet[name]} ${later}`);
    await notModifiedAfterChange(ctx, collection, { query: quiet, before: beforeQuiet!, after: filtered });
  }
  await notModifiedAfterChange(ctx, collection, { query: page, before, after });
}

/**
 * Reads `record` by its id once more: with the fields it was created with (ReadDiffersFromCreated), or gone:
 * then the answer is returned, for one RecordLost finding over every record read again.
 */
async function readAgain(
  ctx: ScenarioContext,
  collection: Collection,
  record: Item,
  what: string,
): Promise<(Observed & { index: number }) | undefined> {
  const { read, readParameter, idProperty } = collection;
  // Past the read's removal date, the lists alone say whether the record is still there.
  if (!read || !readParameter || isPastSunset(read, ctx.now)) return undefined;
  const value = record[idProperty!];
  const response = await ctx.send(read, { path: { [readParameter]: String(value) } });
  if (response.status !== 200) return response;
  const differences = recordDifferences(collection, record, response.json);
  if (differences.length)
    ctx.fail({
      title: 'ReadDiffersFromCreated',
      message: `${read.operationId} of ${what} returns it otherwise than it was created: ${differences.join('; ')}.`,
      expected: stringifyJsonExact(record),
      actual: response.text,
    });
  return undefined;
}

/**
 * RFC 9110 §13.1.2: If-None-Match is false (a 304, §15.4.5) only when the current representation has a tag
 * asked for, and a strong tag changes with the representation data (§8.8.1). Asked only of a page seen to change (it lists a record its
 * first look did not), with the tag of that first look: a 304 then tells a client to keep a list that no
 * longer holds. A page that did not change (records created past a full page) may well be answered 304.
 */
async function notModifiedAfterChange(
  ctx: ScenarioContext,
  collection: Collection,
  { query, before, after }: { query: Record<string, string | number>; before: Observed; after: Observed },
): Promise<void> {
  const etag = before.headers.etag;
  const id = collection.idProperty!;
  const was = new Set(itemsOf(before).map((item) => key(item[id])));
  const changed = after.status === 200 && itemsOf(after).some((item) => !was.has(key(item[id])));
  if (!etag || before.status !== 200 || !changed) return;
  const response = await ctx.send(collection.list, { query, headers: { 'if-none-match': etag } });
  if (response.status === 304)
    ctx.fail({
      title: 'NotModifiedAfterChange',
      message: `${collection.list.operationId} answered 304 Not Modified to If-None-Match: ${etag}, the tag of a page that has changed since (it lists records it did not): RFC 9110 §13.1.2, §15.4.5.`,
      expected: '200 with the list as it is now (and a new ETag)',
      actual: `304, ETag ${response.headers.etag ?? '(none)'}`,
    });
}

/**
 * The seed: createdAt is when the message was created, so a message created later carries a later one (a
 * timestamp frozen at start, or kept with a cached answer, is still within TimestampFarFromNow's 15 minutes
 * on a fresh server). The run's first message is compared with one sent at its end, at least APART_MS after,
 * so that even a createdAt kept to the second must have moved; the rest of the run is most of that wait.
 */
async function laterMessage(ctx: ScenarioContext, model: ApiModel, operation: Operation): Promise<void> {
  const earlier = ctx.created(operation)[0];
  const first = earlier ? { status: earlier.status, body: earlier.body } : await sendValid(ctx, model, operation);
  if (!first) return;
  const since = earlier?.answeredAt ?? performance.now();
  const wait = APART_MS - (performance.now() - since);
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  const second = await sendValid(ctx, model, operation);
  if (!second) return;
  const declared = model.flatten(declaredSchema(model, operation, second.status)).properties;
  for (const [field, property] of Object.entries(declared)) {
    const [was, is] = [String(first.body[field]), String(second.body[field])];
    const [a, b] = [Date.parse(was), Date.parse(is)];
    // A value that is not a date-time is judged by the schema check and quickstartMessage.
    if (property.format !== 'date-time' || Number.isNaN(a) || Number.isNaN(b) || b > a) continue;
    ctx.fail({
      title: 'TimestampNotAdvancing',
      message: `The run's first message and one sent ${Math.round(performance.now() - since)} ms later carry ${field} ${was} and ${is}: the later one is not later.`,
      expected: `a ${field} after ${was}`,
      actual: is,
    });
  }
}

/** Up to `count` indices of `list`, its first and last among them, evenly apart. */
function spread(list: readonly unknown[], count: number): number[] {
  if (list.length <= count) return list.map((_, n) => n);
  return Array.from({ length: count }, (_, k) => Math.round((k * (list.length - 1)) / (count - 1)));
}

/** An id as exact JSON: `78` and `"78"` are two ids. */
function key(value: unknown): string {
  return stringifyJsonExact(value);
}

function shownId(value: unknown): string {
  return typeof value === 'string' ? value : stringifyJsonExact(value);
}
