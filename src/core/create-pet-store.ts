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
import { createSchemaCompiler } from '../openapi/schema-compiler.ts';
import { compileRequestValidator } from './validation/compile-request-validator.ts';
import { validateResponse } from './validation/compile-response-validator.ts';
import { KitError } from '../shared/kit-error.ts';

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
  const { seed = 1, pets = 50, apiKeys = [DEV_API_KEY], now = () => new Date(), basePath = '/v1', quickstartPath = '/quickstart', adminPath = '/__admin' } = options;
  if (!Number.isSafeInteger(seed) || !Number.isSafeInteger(pets) || pets < 0) {
    throw new KitError('create the store', `seed and pets must be integers (pets ≥ 0), got seed=${seed}, pets=${pets}`, 'Pass whole numbers.');
  }
  if (apiKeys.length === 0) throw new KitError('create the store', 'no API key was given', 'Pass at least one key, or none to use DEV_API_KEY.');

  const compiler = createSchemaCompiler(document);
  const operations = indexOperations(document);
  const router = createRouter(operations, { basePath, quickstartPath });
  // Each template split once into literal parts and parameter names: every create builds a Location with it,
  // and a regular-expression replace per call was a tenth of the core's time on POST /pets.
  const templates = new Map<string, string[]>();
  const pathTo = (operationId: string, params: Record<string, string | number> = {}) => {
    let parts = templates.get(operationId);
    if (!parts) templates.set(operationId, (parts = router.pathOf(operationId).split(/\{([^}]+)\}/)));
    let path = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) path += encodeURIComponent(String(params[parts[i]!])) + parts[i + 1]!;
    return path;
  };
  const compiled = new Map<string, CompiledOperation>();
  for (const operation of operations) {
    const handler = handlerFor(operation.operationId);
    if (!handler) throw new KitError('create the store', `no handler for operation ${operation.operationId}`, 'Add one to src/core/operations.');
    compiled.set(operation.operationId, {
      operation,
      successStatus: successStatus(operation),
      handler,
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
  const reset = () => {
    resets += state.version + 1;
    state = new StoreState(initial(), onChange);
    onChange?.({ kind: 'reset' });
  };

  const handle = createPipeline({
    router,
    compiled,
    authenticate: createAuthenticator(apiKeys),
    adminPath,
    state: () => state,
    reset,
    now,
    pathTo,
    checkResponse: options.strict ? (operation, response) => validateResponse(operation, response, compiler) : undefined,
  });

  return {
    handle,
    fetch: fetchAdapter(handle),
    reset,
    snapshot: () => state.snapshot(),
    nextIds: () => ({ nextPetId: state.pets.nextId, nextMessageId: state.messages.nextId }),
    withdraw: (change) => state.withdraw(change),
    get version() {
      return resets + state.version;
    },
    basePath,
    quickstartPath,
    adminPath,
  };
}
