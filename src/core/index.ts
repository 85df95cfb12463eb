/**
 * petstore-kit core: a stateful Pet Store mock compiled from spec/petstore.openapi.yaml, free of
 * Node and MSW so it runs in servers, browsers and service workers alike.
 * @module
 */
export { createPetStore, DEV_API_KEY, type PetStore, type PetStoreOptions } from './create-pet-store.ts';
export { MAX_BODY_BYTES, type CoreRequest, type CoreResponse } from './core-request.ts';
export { ERRORS, type ErrorCode } from './errors.ts';
export { SnapshotError, type Snapshot, type SavedChanges } from './store/snapshot.ts';
export type { StoreChange } from './store/store-state.ts';
export type { Pet, NewPet, PetStatus, Message, ApiError } from './api-types.ts';
