import type { PetStatus } from './api-types.ts';
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
import {
  checkSavedChanges,
  parseSnapshot,
  SNAPSHOT_FORMAT,
  SnapshotError,
  type SavedChanges,
  type Snapshot,
} from './store/snapshot.ts';
import { StoreState, type StoreChange } from './store/store-state.ts';
import { compileRequestValidator } from './validation/compile-request-validator.ts';
import { precompiledCompiler as compiler } from './validation/precompiled-compiler.ts';
import { validateResponse } from './validation/compile-response-validator.ts';
import { KitError } from '../shared/kit-error.ts';
import { createFaultRegistry, FaultInputError, type ArmedFault } from './faults/fault-registry.ts';
import type { FaultInput } from './faults/fault-schema.ts';
import {
  DEFAULT_JOURNAL_SIZE,
  RequestJournal,
  type JournalEntry,
  type JournalFilter,
} from './journal/request-journal.ts';
import { journalled } from './journal/journalled.ts';
import { namedExamples } from './shaping/named-examples.ts';
import { createShaper } from './shaping/shape-answer.ts';
import type { AdminExtras } from './admin/admin-api.ts';

/** The documented development key, used when no key is configured. Never use it outside development. */
export const DEV_API_KEY = 'petstore-dev-key';

export interface PetStoreOptions {
  /** Seed of the generated pets: the same seed gives byte-identical data. Default 1. */
  seed?: number;
  /** How many pets to generate. Default 50. */
  pets?: number;
  /** Accepted API keys. Default `[DEV_API_KEY]`. */
  apiKeys?: string[];
  /** The clock, injectable to rehearse the sunset of getPet. Default `() => new Date()`. */
  now?: () => Date;
  /** Start from saved state instead of the seed (validated; a bad snapshot throws). */
  snapshot?: unknown;
  /** Start from the seeded pets plus these changes (validated once; a bad one throws a SnapshotError). */
  saved?: SavedChanges;
  /** Told of every change as it happens, synchronously (a Node adapter persists them). */
  onChange?: (change: StoreChange) => void;
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
  /** Back to the seeded pets (or the snapshot given at creation). */
  reset(): void;
  snapshot(): Snapshot;
  /** The next pet id and message number the store will hand out. */
  nextIds(): { nextPetId: number; nextMessageId: number };
  /** Withdraws a change that could not be persisted, with every later one of its kind (newest first). */
  withdraw(change: StoreChange): void;
  /** Arm and disarm faults (docs/frontend-states.md). */
  readonly faults: FaultControls;
  /** The request journal, newest first: the same as GET /__admin/requests. */
  requests(filter?: JournalFilter): JournalEntry[];
  clearRequests(): void;
  /** Grows with every change; adapters compare it to know when to persist. */
  readonly version: number;
  readonly basePath: string;
  readonly quickstartPath: string;
  readonly adminPath: string;
}

/**
 * Creates a stateful Pet Store mock. Everything is compiled from the spec once, here.
 * @example
 * const store = createPetStore({ seed: 7, pets: 100 });
 * const res = await store.fetch(new Request('http://localhost/v1/pets?limit=5', { headers: { authorization: `Bearer ${DEV_API_KEY}` } }));
 */
export function createPetStore(options: PetStoreOptions = {}): PetStore {
  const {
    seed = 1,
    pets = 50,
    apiKeys = [DEV_API_KEY],
    now = () => new Date(),
    basePath = '/v1',
    quickstartPath = '/quickstart',
    adminPath = '/__admin',
  } = options;
  const { journalSize = DEFAULT_JOURNAL_SIZE, onRequest } = options;
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(pets) || pets < 0) {
    throw new KitError(
      'create the store',
      `seed and pets must be integers (pets ≥ 0), got seed=${seed}, pets=${pets}`,
      'Pass whole numbers.',
    );
  }
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
  const { saved, onChange } = options;
  if (saved) {
    checkSavedChanges(saved, compiler);
    const below = saved.pets.find((pet) => pet.id <= pets);
    if (below) throw new SnapshotError(`pet ${below.id} has the id of a seeded pet (1..${pets})`);
  }
  const initial = (): Snapshot => {
    if (options.snapshot !== undefined) return parseSnapshot(structuredClone(options.snapshot), compiler);
    const seeded = seedPets({ seed, pets, statuses });
    if (!saved) return { format: SNAPSHOT_FORMAT, nextPetId: pets + 1, nextMessageId: 1, pets: seeded, messages: [] };
    // The inventory copies every pet it stores, so the saved arrays are shared, never changed.
    return {
      format: SNAPSHOT_FORMAT,
      nextPetId: Math.max(pets + 1, saved.nextPetId),
      nextMessageId: saved.nextMessageId,
      pets: seeded.concat(saved.pets),
      messages: saved.messages,
    };
  };
  let state = new StoreState(initial(), onChange);
  let resets = 0;
  const faults = createFaultRegistry({ seed, operationIds: [...compiled.keys()], compiler });
  const armStartupFaults = () => {
    for (const input of options.faults ?? []) armFault(input);
  };
  const armFault = (input: FaultInput) => {
    try {
      return faults.add(input);
    } catch (error) {
      if (!(error instanceof FaultInputError)) throw error;
      const why = `${JSON.stringify(input)} is invalid: ${error.message}`;
      throw new KitError('arm the fault', why, 'See docs/frontend-states.md for the fields.');
    }
  };
  armStartupFaults();
  const journal = new RequestJournal(
    journalSize,
    (method, path) => {
      const match = router.match(method, path);
      return match.kind === 'operation' ? match.operation.operationId : undefined;
    },
    apiKeys,
  );
  // Back to the seed: the data, the faults armed at start-up only, and the random sequence.
  const reset = () => {
    resets += state.version + 1;
    state = new StoreState(initial(), onChange);
    onChange?.({ kind: 'reset' });
    faults.clear();
    faults.reseed();
    armStartupFaults();
  };

  const pipeline = createPipeline({
    router,
    compiled,
    authenticate: createAuthenticator(apiKeys),
    adminPath,
    state: () => state,
    reset,
    now,
    pathTo,
    checkResponse: options.strict
      ? (operation, response) => validateResponse(operation, response, compiler)
      : undefined,
    shape: createShaper(faults),
    adminOrigins: new Set(options.adminOrigins ?? []),
    admin: {
      faults,
      journal,
      dashboard: options.adminExtras?.dashboard,
      documents: { 'openapi.json': document, ...options.adminExtras?.documents },
    },
  });
  const handle = journalled(pipeline, journal, adminPath, onRequest);

  return {
    handle,
    fetch: fetchAdapter(handle),
    reset,
    snapshot: () => state.snapshot(),
    nextIds: () => ({ nextPetId: state.pets.nextId, nextMessageId: state.messages.nextId }),
    withdraw: (change) => state.withdraw(change),
    faults: { add: armFault, list: faults.list, remove: faults.remove, clear: faults.clear },
    requests: (filter) => journal.list(filter),
    clearRequests: () => journal.clear(),
    get version() {
      return resets + state.version;
    },
    basePath,
    quickstartPath,
    adminPath,
  };
}
