// `npm run bench:consistency`: the shared team mock's guarantees under load (issue 33, docs/shared-mock.md), on
// the pair `bench:shared` measures (lib/shared-pair.ts: a private PostgreSQL, two `serve --store` replicas, a
// round robin). `--clients K` (8) clients loop through the round robin, each: create a pet (POST /v1/pets), read
// it back by id on the next request (GET /v1/pets/{id}: deprecated, served until 2030), then list
// (GET /v1/pets?limit=100), until `--operations N` (100,000) requests are sent. Meanwhile: at half of them one
// reset through replica A, followed by a list through each replica directly; at every other tenth a rule added
// through one replica and read on the other's next answer (then removed the same way). The counting and its
// definitions (before/after the reset, excused reads, old pets) are in lib/consistency-ledger.ts. Prints a
// Markdown table; exits 1 when any count that must be 0 is not.
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { DEV_API_KEY } from '../src/core/index.ts';
import { REPLICA_HEADER } from '../src/node/shared-store/replica-name.ts';
import { runMain, type ServerChild } from './lib/children.ts';
import { ConsistencyLedger, type Create, type ListedPet } from './lib/consistency-ledger.ts';
import { describeMachine } from './lib/machine.ts';
import { startSharedPair } from './lib/shared-pair.ts';

const { values: flags } = parseArgs({
  options: {
    operations: { type: 'string', default: '100000' },
    clients: { type: 'string', default: '8' },
  },
});
const positive = (flag: string, value: string | undefined): number => {
  const n = Number(value);
  if (Number.isInteger(n) && n > 0) return n;
  process.stderr.write(`[bench:consistency] --${flag}: expected a positive integer, got '${value}'\n`);
  process.exit(2);
};
const OPERATIONS = positive('operations', flags.operations);
const CLIENTS = positive('clients', flags.clients);
/** The interface's maximum page (the seed: limit 1 to 100). */
const LIMIT = 100;
const PROBE_HEADER = 'x-consistency-probe';
const headers = { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' };
const log = (line: string) => process.stdout.write(`${line}\n`);
const now = () => performance.now();

interface Answer {
  status: number;
  body: unknown;
  replica: string | null;
  sentAt: number;
  answeredAt: number;
}

async function call(origin: string, method: string, path: string, body?: unknown, extra = {}): Promise<Answer> {
  const sentAt = now();
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { ...headers, ...extra },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as unknown) : undefined,
    replica: response.headers.get(REPLICA_HEADER),
    sentAt,
    answeredAt: now(),
  };
}

const ledger = new ConsistencyLedger();
/** Claims the next operation: false once N are sent. */
const claim = (): boolean => {
  if (ledger.operations >= OPERATIONS) return false;
  ledger.operations++;
  return true;
};

/** One client: create, read back by id, list; again until the operations are spent. */
async function client(origin: string, index: number): Promise<void> {
  for (let i = 0; claim(); i++) {
    const name = `ryw-${index}-${i}`;
    const step = async (what: string, run: () => Promise<Answer>): Promise<Answer | undefined> => {
      try {
        return await run();
      } catch (error) {
        ledger.recordUnexpected(`${what}: ${(error as Error).message}`);
        return undefined;
      }
    };
    const created = await step('POST /v1/pets', () => call(origin, 'POST', '/v1/pets', { name, categoryId: 1 }));
    if (!created) continue;
    if (created.status !== 201) {
      ledger.recordUnexpected(`POST /v1/pets ${created.status}`);
      continue;
    }
    const pet = created.body as ListedPet;
    const create: Create = { id: pet.id, name, sentAt: created.sentAt, ackedAt: created.answeredAt };
    ledger.recordCreate(create);

    if (!claim()) break;
    const read = await step('GET /v1/pets/{id}', () => call(origin, 'GET', `/v1/pets/${pet.id}`));
    if (read && (read.status === 200 || read.status === 404)) {
      const found = read.status === 200 ? (read.body as ListedPet) : undefined;
      ledger.checkRead(create, found, read.sentAt, read.answeredAt, read.replica === created.replica);
    } else if (read) ledger.recordUnexpected(`GET /v1/pets/{id} ${read.status}`);

    if (!claim()) break;
    const list = await step('GET /v1/pets', () => call(origin, 'GET', `/v1/pets?limit=${LIMIT}`));
    if (list?.status === 200) ledger.checkList(create, list.body as ListedPet[], LIMIT, list.sentAt, list.answeredAt);
    else if (list) ledger.recordUnexpected(`GET /v1/pets ${list.status}`);
  }
}

interface ResetReport {
  atOperation: number;
  answeredAtOperation: number;
  ms: number;
  pets: number;
  /** Old pets in the list through each replica directly after the reset's answer. */
  oldInDirectLists: number[];
}

/** One reset through replica A while the clients run; then a list through each replica directly. */
async function resetDuringTraffic(replicas: ServerChild[]): Promise<ResetReport> {
  const atOperation = ledger.operations;
  ledger.resetSent(now());
  const reset = await call(replicas[0]!.url, 'POST', '/__admin/reset');
  if (reset.status >= 300) throw new Error(`the reset was answered ${reset.status}: ${JSON.stringify(reset.body)}`);
  ledger.resetAcked(reset.answeredAt);
  const answeredAtOperation = ledger.operations;
  const oldInDirectLists: number[] = [];
  for (const replica of replicas) {
    const list = await call(replica.url, 'GET', `/v1/pets?limit=${LIMIT}`);
    if (list.status !== 200) throw new Error(`the list after the reset was answered ${list.status}`);
    oldInDirectLists.push(ledger.countOld(list.body as ListedPet[], list.sentAt));
  }
  return {
    atOperation,
    answeredAtOperation,
    ms: reset.answeredAt - reset.sentAt,
    pets: (reset.body as { pets: number }).pets,
    oldInDirectLists,
  };
}

interface ProbeReport {
  /** The rule shaped the other replica's next answer; its removal, the first replica's next one. */
  seen: boolean;
  removalSeen: boolean;
  /** From the rule's 201 (replica A) to the shaped answer (replica B): one request's round trip. */
  ms: number;
}

/** A rule added through one replica, for requests that carry this probe's header only (the clients' never do). */
async function probeRule(writer: ServerChild, reader: ServerChild, probe: string): Promise<ProbeReport> {
  const rule = { operation: 'listPets', match: { headers: { [PROBE_HEADER]: probe } }, status: 500 };
  const added = await call(writer.url, 'POST', '/__admin/rules', rule);
  if (added.status !== 201) throw new Error(`the rule was answered ${added.status}: ${JSON.stringify(added.body)}`);
  const shaped = await call(reader.url, 'GET', '/v1/pets?limit=1', undefined, { [PROBE_HEADER]: probe });
  const seen = shaped.status === 500 && (shaped.body as { code?: string }).code === 'RULE_STATUS';
  const removed = await call(reader.url, 'DELETE', '/__admin/rules');
  if (removed.status >= 300) throw new Error(`removing the rules was answered ${removed.status}`);
  const after = await call(writer.url, 'GET', '/v1/pets?limit=1', undefined, { [PROBE_HEADER]: probe });
  return { seen, removalSeen: after.status === 200, ms: shaped.answeredAt - added.answeredAt };
}

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

async function main(): Promise<void> {
  const machine = describeMachine();
  const loadAtStart = loadavg();
  log(`consistency run: ${OPERATIONS} operations, ${CLIENTS} clients; ${machine.cpu}, ${machine.cores} cores`);
  const pair = await startSharedPair();
  try {
    const [a, b] = pair.replicas;
    const started = now();
    const progress = setInterval(() => {
      const s = (now() - started) / 1000;
      log(`  ${ledger.operations} operations in ${s.toFixed(0)} s (${(ledger.operations / s).toFixed(0)}/s)`);
    }, 15_000);
    let reset: ResetReport | undefined;
    const probes: ProbeReport[] = [];
    // The controller: a rule probe at every tenth of the operations, the reset at the half.
    const control = async () => {
      for (let tenth = 1; tenth <= 9; tenth++) {
        await until(() => ledger.operations >= (OPERATIONS * tenth) / 10);
        if (tenth === 5) reset = await resetDuringTraffic([a, b]);
        else
          probes.push(await probeRule(...((tenth % 2 ? [a, b] : [b, a]) as [ServerChild, ServerChild]), `p${tenth}`));
      }
    };
    await Promise.all([control(), ...Array.from({ length: CLIENTS }, (_, i) => client(pair.balancer.url, i))]);
    clearInterval(progress);
    const wallS = (now() - started) / 1000;

    // Where each straddling create fell: its pet is still there (same id and name) only if it came after the reset.
    const straddlers = ledger.creates.filter((create) => ledger.epochOf(create) === 'straddling');
    const survivors = new Set<Create>();
    for (const create of straddlers) {
      const read = await call(a.url, 'GET', `/v1/pets/${create.id}`);
      if (read.status === 200 && (read.body as ListedPet).name === create.name) survivors.add(create);
    }
    const counts = ledger.counts((create) => survivors.has(create));
    const acknowledgedSinceReset =
      ledger.creates.filter((create) => ledger.epochOf(create) === 'after').length + survivors.size;
    const stored = Number(
      await pair.pg.sql("SELECT count(*) FROM petstore_kit_events WHERE record LIKE 'p%'", 'petstore'),
    );
    const loadAtEnd = loadavg();

    const failing = {
      ...counts,
      storedNotAcknowledged: Math.abs(stored - acknowledgedSinceReset),
      rulesNotSeen: probes.filter((probe) => !probe.seen || !probe.removalSeen).length,
      resetMissing: reset ? 0 : 1,
    };
    const n = (value: number) => value.toLocaleString('en-US');
    const load = (avg: number[]) => avg.map((x) => x.toFixed(2)).join(' / ');
    const delays = probes.map((probe) => probe.ms).sort((x, y) => x - y);
    const unexpected = [...ledger.unexpected].map(([what, count]) => `${what} ×${count}`).join('; ');
    const creates = ledger.creates.length;
    log(
      [
        '',
        `Measured ${machine.date} on ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}; ${CLIENTS} clients ` +
          `through the round robin; load average (1 / 5 / 15 min) ${load(loadAtStart)} at the start, ` +
          `${load(loadAtEnd)} at the end.`,
        '',
        '| measure | figure | must be |',
        '|---|---|---|',
        `| operations (requests through the round robin) | ${n(ledger.operations)} in ${wallS.toFixed(1)} s, ` +
          `${n(Math.round(ledger.operations / wallS))}/s | |`,
        `| creates acknowledged (201) | ${n(creates)} | |`,
        `| reads by id of the pet just created: by the other replica / the same | ` +
          `${n(ledger.readsById.otherReplica)} / ${n(ledger.readsById.sameReplica)} | |`,
        `| read-your-writes misses (the next request did not find the pet) | ${n(counts.readMisses)} | 0 |`,
        `| lists that had to hold the client's new pet / where it could lie beyond the page | ` +
          `${n(ledger.lists.checked)} / ${n(ledger.lists.beyondPage)} | |`,
        `| lists missing the client's new pet | ${n(counts.listMisses)} | 0 |`,
        `| lists not in ascending id order | ${n(counts.listsOutOfOrder)} | 0 |`,
        `| reads the reset may have emptied (not judged) | ${n(ledger.excusedByReset)} | |`,
        `| duplicate ids (within the pets before the reset, and within those after it) | ${n(counts.duplicateIds)} | 0 |`,
        `| pets stored since the reset (database) / acknowledged since the reset | ${n(stored)} / ` +
          `${n(acknowledgedSinceReset)} | equal |`,
        reset
          ? `| reset through replica A | sent at operation ${n(reset.atOperation)}, answered in ` +
            `${reset.ms.toFixed(0)} ms (at operation ${n(reset.answeredAtOperation)}), ${reset.pets} pets; ` +
            `${straddlers.length} creates straddling it, ${survivors.size} of them kept | |`
          : '| reset through replica A | not made | made |',
        `| old pets listed right after the reset, through A / B directly | ` +
          `${reset?.oldInDirectLists.join(' / ') ?? '–'} | 0 / 0 |`,
        `| old pets in any answer to a request sent after the reset's answer | ${n(counts.oldPetsSeen)} | 0 |`,
        `| rules (added through one replica) shaping the other's next answer; removals seen likewise | ` +
          `${probes.filter((probe) => probe.seen).length} of ${probes.length}; ` +
          `${probes.filter((probe) => probe.removalSeen).length} of ${probes.length} | all |`,
        `| from a rule's 201 to the other replica's shaped answer | median ${(delays[delays.length >> 1] ?? 0).toFixed(1)} ms, ` +
          `max ${(delays[delays.length - 1] ?? 0).toFixed(1)} ms | the next request |`,
        `| other non-2xx answers and errors | ${n(counts.unexpected)}${unexpected ? ` (${unexpected})` : ''} | 0 |`,
      ].join('\n'),
    );
    if (ledger.samples.length) log(`\nmisses: ${ledger.samples.join('; ')}`);
    const broken = Object.entries(failing).filter(([, count]) => count !== 0);
    log(broken.length ? `\nFAILED: ${broken.map(([what, count]) => `${what} ${count}`).join(', ')}` : '\nall counts 0');
    process.exitCode = broken.length ? 1 : 0;
  } finally {
    await pair.stop();
  }
}

runMain(main);
