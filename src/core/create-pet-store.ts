import type { Pet, PetStatus } from './api-types.ts';
import type { CoreRequest, CoreResponse } from './core-request.ts';
import { createAuthenticator } from './http/authenticate.ts';
import { deprecationPolicy } from './http/deprecation.ts';
import { fetchAdapter } from './http/fetch-adapter.ts';
import { handlerFor } from './operations/index.ts';
import { successStatus } from './operations/operation-context.ts';
import { createPipeline, type CompiledOperation } from './pipeline.ts';
import { createRouter } from './router/create-router.ts';
import { document } from '../openapi/document.gen.ts';
import { indexOperations } from '../openapi/index-operations.ts';
import { templateParts } from '../openapi/fill-template.ts';
import { seedPets } from './store/seed-pets.ts';
import { resolvePets, type YourPet, type YourPets } from './store/data-set.ts';
import { parseSnapshot, type Snapshot } from './store/snapshot.ts';
import { checkSavedLog } from './store/saved-log.ts';
import { DRAW_AGAIN, type DataLoaded } from './store/apply-event.ts';
import type { EventStore } from './store/event-store.ts';
import { LiveState } from './store/live-state.ts';
import { startOf, type StartState } from './store/store-state.ts';
import { compileRequestValidator } from './validation/compile-request-validator.ts';
import { precompiledCompiler as compiler } from './validation/precompiled-compiler.ts';
import { validateResponse } from './validation/compile-response-validator.ts';
import { KitError } from '../shared/kit-error.ts';
import { DEV_API_KEY } from '../shared/dev-api-key.ts';
import { createFaultRegistry, type ArmedFault } from './faults/fault-registry.ts';
import { addGivenInCode } from './registry-input.ts';
import type { FaultInput } from './faults/fault-schema.ts';
import { createRuleRegistry } from './rules/rule-registry.ts';
import { ruleControls, type RuleControls } from './rules/rule-controls.ts';
import { ruleTargets, type RuleInput } from './rules/rule-schema.ts';
import { DEFAULT_JOURNAL_SIZE, RequestJournal, type JournalEntry } from './journal/request-journal.ts';
import { journalAnswer, journalled } from './journal/journalled.ts';
import { storeRequests, type StoreRequests } from './journal/store-requests.ts';
import { namedExamples } from './shaping/named-examples.ts';
import { createShaper } from './shaping/shape-answer.ts';
import { createReplayer } from './replay/replay-handle.ts';
import { brownoutSchedule } from './brownout/brownout-schedule.ts';
import { createBrownouts } from './brownout/brownouts.ts';
import type { AdminExtras } from './admin/admin-api.ts';
import { ADMIN_PATH, QUICKSTART_PATH } from '../shared/mount-paths.ts';

export { DEV_API_KEY };

export interface PetStoreOptions {
  /** Seed of the generated pets (the same seed gives byte-identical data) and of the faults' draws. Default 1. */
  seed?: number;
  /**
   * The pets to start from: a number generates that many (default 50); an array is your own data, each entry
   * the interface's NewPet, with an `id` if you choose one (ids of entries without one follow the highest id
   * given). Checked against the interface: a bad entry throws a DataSetError naming the entry and the field.
   */
  pets?: number | readonly YourPet[];
  /** Accepted API keys. Default `[DEV_API_KEY]`. */
  apiKeys?: string[];
  /** The clock, injectable to rehearse the sunset of getPet. Default `() => new Date()`. */
  now?: () => Date;
  /**
   * Start from a state saved by `store.snapshot()` or `GET /__admin/state` (validated; a bad one throws),
   * instead of `pets`.
   */
  snapshot?: unknown;
  /** Where the Pet Store is mounted. Default `/v1`, as the spec's servers. */
  basePath?: string;
  /** Where the quickstart is mounted. Default `/quickstart` (our choice: the spec gives only a placeholder host). */
  quickstartPath?: string;
  /** Reserved prefix of the admin API. Default `/__admin`. */
  adminPath?: string;
  /** Check every response against the spec and report departures in `X-Petstore-Violations`. Default false. */
  strict?: boolean;
  /** Faults armed from the start (the CLI's --fail-rate, --delay, --fault); `reset()` re-arms exactly these. */
  faults?: FaultInput[];
  /** Rules added from the start (the CLI's --rule); `reset()` adds exactly these again. */
  rules?: RuleInput[];
  /** How many answered requests the journal keeps. Default 1000; 0 keeps none. */
  journalSize?: number;
  /** Called after each journalled request with its entry (the CLI's `--log`). */
  onRequest?: (entry: JournalEntry) => void;
  /** The dashboard page and more documents for the admin API: `petstore-kit serve` passes them (src/node). */
  adminExtras?: AdminExtras;
  /**
   * Origins (e.g. `http://localhost:5173`) whose pages may call the admin API across origins (CORS). Default
   * none: the Pet Store API answers every origin, the admin API only its own and these.
   */
  adminOrigins?: string[];
  /**
   * A HAR recording (parsed JSON, e.g. from `petstore-kit proxy --record`), or `{ har, order }` (ReplayOptions):
   * a request matching a recorded one by method, path, query and body, once it has passed authentication,
   * limits and validation as every request does, gets a recorded answer: by default the latest one that was not
   * forced (Prefer, a rule, a fault) nor a 5xx; with `order: 'recorded'` each in turn, as recorded. Everything
   * else the stateful mock answers. Checked whole here: a RecordingError names each bad entry and field.
   */
  replay?: unknown;
  /**
   * Brownouts before a removal date (docs/rehearse.md#brownouts): windows in which a share of the calls to a
   * deprecated operation with a removal date get the removal's answer ahead of time, marked `brownout` in the
   * journal. One text per window, as `petstore-kit serve --brownout` takes it: `START/END` (ISO 8601 instants,
   * e.g. `2030-11-01T09:00Z/2030-11-01T10:00Z`), `HH:MM/HH:MM` every day in UTC, or a share alone (all the
   * time), each window with an optional `@SHARE` (`50%` or `0.5`; default all calls), e.g. `'09:00/09:15@50%'`.
   * Which calls fail is drawn from `seed`: the same calls in every run. A bad text throws a KitError.
   */
  brownouts?: string | readonly string[];
  /**
   * The seed the brownouts are drawn from, when it is not `seed`: under `petstore-kit rehearse --brownout`, the
   * rehearsal's `--seed`, so that the store's data stays that of its own `seed` (docs/rehearse.md#brownouts).
   * Default `seed`.
   */
  brownoutSeed?: number;
  /**
   * The name of this replica, when several serve one shared store (`petstore-kit serve --store`,
   * docs/shared-mock.md, which checks it and sends it on every answer): every journal entry gives it as
   * `replica` (HAR: `_replica`). Default none: one mock names nothing.
   */
  replica?: string;
}

/** Faults armed at run time: the same as the admin API's /__admin/faults. */
export interface FaultControls {
  /** Arms a fault; throws a KitError naming every problem when the input is invalid. */
  add(input: FaultInput): ArmedFault;
  list(): ArmedFault[];
  remove(id: string): boolean;
  clear(): void;
}

export interface PetStore {
  /** Answers one request. Synchronous: the state is in memory. */
  handle(request: CoreRequest): CoreResponse;
  /** The Web-standard seam (MSW, service workers, `fetch`-style tests). */
  fetch(request: Request): Promise<Response>;
  /**
   * Back to the start: the pets (and messages) the store was created with, or the pets last given to `seed`;
   * the faults and rules given at creation; the faults' random draws from their start; the brownouts' count of
   * each call from one, so a run after a reset browns out the same calls.
   */
  reset(): void;
  /** The state now: `{ format, nextPetId, nextMessageId, pets, messages }`, as GET /__admin/state shows it. */
  snapshot(): Snapshot;
  /**
   * Replaces the data set and goes back to it: a number generates that many pets (from the store's seed), an
   * array is your own pets, checked as the `pets` option is. Messages go; faults and the request journal stay.
   * `reset()` comes back to these pets from now on.
   */
  seed(pets: number | readonly YourPet[]): void;
  /** Arm and disarm faults (docs/frontend-states.md). */
  readonly faults: FaultControls;
  /** Add and remove rules: any answer, for a while, to the requests that match (docs/frontend-states.md). */
  readonly rules: RuleControls;
  /**
   * The request journal, newest first, with each request's and answer's headers and bodies (the key redacted):
   * `requests(filter)` lists (GET /__admin/requests), `requests.get(id)` opens one, `requests.har()` exports HAR
   * 1.2 (GET /__admin/requests.har), `requests.clear()` empties it (docs/frontend-states.md).
   */
  readonly requests: StoreRequests;
  /** The same as `requests.clear()`. */
  clearRequests(): void;
  readonly basePath: string;
  readonly quickstartPath: string;
  readonly adminPath: string;
}

/**
 * Creates a stateful Pet Store mock. Everything is compiled from the spec once, here.
 * @example
 * const store = createPetStore({ seed: 7, pets: 100 });
 * const mine = createPetStore({ pets: [{ id: 42, name: 'Rex', categoryId: 1, status: 'sold' }, { name: 'Tom', categoryId: 2 }] });
 * const res = await store.fetch(new Request('http://localhost/v1/pets?limit=5', { headers: { authorization: `Bearer ${DEV_API_KEY}` } }));
 */
export function createPetStore(options: PetStoreOptions = {}): PetStore {
  return composePetStore(options).store;
}

/** What only a persisting adapter gives the store (src/core/persistence.ts); MSW and browsers never do. */
export interface PersistenceHooks {
  /** Where the events are kept: its log is replayed at creation and at every reset, and every event appended. */
  events?: EventStore;
}

/** The store, and its state: the one now (a reset or a new data set replaces it) and its live path. */
export interface ComposedStore {
  store: PetStore;
  live: LiveState;
  /** The store's answer, not journalled: for an adapter that journals the answer it gives in the end. */
  unjournalled: (request: CoreRequest) => CoreResponse;
  /** Journals an answer as `handle` does its own (and hands it to `onRequest`): journalled.ts. */
  journalAnswer: (request: CoreRequest, response: CoreResponse, startedAt: number) => void;
}

/** Builds the store; `createPetStore` and `createPersistentPetStore` are its two faces. */
export function composePetStore(options: PetStoreOptions = {}, hooks: PersistenceHooks = {}): ComposedStore {
  const {
    seed = 1,
    pets = 50,
    apiKeys = [DEV_API_KEY],
    now = () => new Date(),
    basePath = '/v1',
    quickstartPath = QUICKSTART_PATH,
    adminPath = ADMIN_PATH,
  } = options;
  const { journalSize = DEFAULT_JOURNAL_SIZE, onRequest } = options;
  const { replica } = options;
  if (!Number.isSafeInteger(seed))
    throw new KitError('create the store', `seed must be an integer, got ${seed}`, 'Pass a whole number.');
  checkPetCount(pets);
  if (options.snapshot !== undefined && Array.isArray(pets))
    throw new KitError('create the store', 'both `pets` and `snapshot` were given', 'Pass one of them.');
  if (!Number.isSafeInteger(journalSize) || journalSize < 0) {
    const why = `journalSize must be a whole number ≥ 0, got ${journalSize}`;
    throw new KitError('create the store', why, 'Pass e.g. 1000, or 0 to keep none.');
  }
  if (apiKeys.length === 0)
    throw new KitError(
      'create the store',
      'no API key was given',
      'Pass at least one key, or none to use DEV_API_KEY.',
    );

  const { brownoutSeed = seed } = options;
  if (!Number.isSafeInteger(brownoutSeed))
    throw new KitError(
      'create the store',
      `brownoutSeed must be an integer, got ${brownoutSeed}`,
      'Pass a whole number.',
    );
  const brownouts = createBrownouts(brownoutSchedule(options.brownouts), brownoutSeed);

  const operations = indexOperations(document);
  const router = createRouter(operations, { basePath, quickstartPath });
  // Each template split once into literal parts and parameter names: every create builds a Location with it,
  // and a regular-expression replace per call was a tenth of the core's time on POST /pets.
  const templates = new Map<string, string[]>();
  const pathTo = (operationId: string, params: Record<string, string | number> = {}) => {
    let parts = templates.get(operationId);
    if (!parts) templates.set(operationId, (parts = templateParts(router.pathOf(operationId))));
    let path = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const value = params[parts[i]!];
      path += (typeof value === 'number' ? value : encodeURIComponent(String(value))) + parts[i + 1]!;
    }
    return path;
  };
  const compiled = new Map<string, CompiledOperation>();
  for (const operation of operations) {
    const handler = handlerFor(operation.operationId);
    if (!handler)
      throw new KitError(
        'create the store',
        `no handler for operation ${operation.operationId}`,
        'Add one to src/core/operations.',
      );
    const success = successStatus(operation);
    compiled.set(operation.operationId, {
      operation,
      successStatus: success,
      examples: namedExamples(document, operation, success),
      handler,
      // Precompiled validators, looked up here: a schema missing from validators.gen.ts fails at creation.
      validateRequest: compileRequestValidator(operation, compiler, document),
      deprecation: deprecationPolicy(operation, (id) => pathTo(id)),
    });
  }

  const statuses = (document.components?.schemas?.PetStatus?.enum ?? []) as PetStatus[];
  /** A data set's pets. Generated ones are drawn again at each reset: a million would be kept twice. */
  const dataSet = (pets: number | YourPets): (() => readonly Pet[]) => {
    if (typeof pets === 'number') return () => seedPets({ seed, pets, statuses });
    const yours = resolvePets(pets);
    return () => yours;
  };
  let start: () => StartState;
  if (options.snapshot !== undefined) {
    const snapshot = parseSnapshot(structuredClone(options.snapshot), compiler);
    start = () => snapshot;
  } else {
    const draw = dataSet(pets);
    start = () => startOf(draw());
  }
  // Checked once; replayed at every reset (the inventory copies every pet, so the log is shared, never changed).
  const saved = hooks.events?.load();
  if (saved) checkSavedLog(saved, compiler);
  const live = new LiveState({ start, saved }, hooks.events);
  const faults = createFaultRegistry({ seed, operationIds: [...compiled.keys()], compiler });
  const armStartupFaults = () => {
    for (const input of options.faults ?? []) armFault(input);
  };
  const armFault = (input: FaultInput) => addGivenInCode(faults, input, 'arm the fault');
  armStartupFaults();
  const targets = ruleTargets(operations, document);
  const rules = createRuleRegistry({ targets, operations: compiled, compiler });
  const ruleSet = ruleControls(rules, options.rules);
  const journal = new RequestJournal(
    journalSize,
    (method, path) => {
      const match = router.match(method, path);
      return match.kind === 'operation' ? match.operation.operationId : undefined;
    },
    apiKeys,
    replica,
  );
  // Back to the start: the data, the faults and rules given at start-up only, and the random sequence.
  const reset = () => {
    live.commit({ type: 'reset' });
    faults.clear();
    faults.reseed();
    armStartupFaults();
    ruleSet.reset();
    replayer?.rewind();
    brownouts?.rewind();
  };
  // A new data set, and the state back to it; the log saved before it no longer applies.
  const loadData = (pets: number | YourPets) => {
    checkPetCount(pets);
    const draw = dataSet(pets);
    const event: DataLoaded = { type: 'data-loaded', pets: draw() };
    live.commit(typeof pets === 'number' ? { ...event, [DRAW_AGAIN]: draw } : event);
  };

  const replayer = createReplayer(options.replay);
  const pipeline = createPipeline({
    router,
    compiled,
    authenticate: createAuthenticator(apiKeys),
    adminPath,
    state: () => live.state,
    reset,
    now,
    pathTo,
    checkResponse: options.strict
      ? (operation, response) => validateResponse(operation, response, compiler)
      : undefined,
    shape: createShaper(faults, rules),
    adminOrigins: new Set(options.adminOrigins ?? []),
    replay: replayer?.answer,
    brownouts,
    admin: {
      faults,
      rules,
      seed: loadData,
      journal,
      // The dashboard and more routes, as the adapter gives them; its documents beside the core's own.
      ...options.adminExtras,
      documents: { 'openapi.json': document, ...options.adminExtras?.documents },
    },
  });
  const note = journalAnswer(journal, adminPath, onRequest);
  const handle = journalled(pipeline, note);

  const store: PetStore = {
    handle,
    fetch: fetchAdapter(handle),
    reset,
    snapshot: () => live.state.snapshot(),
    seed: loadData,
    faults: { add: armFault, list: faults.list, remove: faults.remove, clear: faults.clear },
    rules: ruleSet.controls,
    requests: storeRequests(journal),
    clearRequests: () => journal.clear(),
    basePath,
    quickstartPath,
    adminPath,
  };
  return { store, live, unjournalled: pipeline, journalAnswer: note ?? (() => undefined) };
}

/** `pets` as a count: a whole number from 0 (an array is checked entry by entry, in data-set.ts). */
function checkPetCount(pets: unknown): void {
  if (Array.isArray(pets) || (Number.isSafeInteger(pets) && (pets as number) >= 0)) return;
  throw new KitError(
    'create the store',
    `pets must be a whole number ≥ 0 or an array of pets, got ${JSON.stringify(pets) ?? String(pets)}`,
    'Pass e.g. 50, or [{ name: "Rex", categoryId: 1 }].',
  );
}
