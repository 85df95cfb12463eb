/**
 * petstore-kit core: a stateful Pet Store mock compiled from spec/petstore.openapi.yaml, free of
 * Node and MSW so it runs in servers, browsers and service workers alike.
 * @module
 */
export {
  createPetStore,
  DEV_API_KEY,
  type PetStore,
  type PetStoreOptions,
  type FaultControls,
} from './create-pet-store.ts';
export { MAX_DELAY_MS, FAULT_KINDS, FAULT_SCHEMA, type FaultInput, type FaultKind } from './faults/fault-schema.ts';
export type { ArmedFault } from './faults/fault-registry.ts';
export { RULE_SCHEMA, type RuleInput, type RuleMatch, type RuleValue } from './rules/rule-schema.ts';
export type { ActiveRule } from './rules/rule-registry.ts';
export type { RuleControls } from './rules/rule-controls.ts';
export { RULE_HEADER } from './rules/rule-answer.ts';
export {
  DEFAULT_JOURNAL_SIZE,
  type JournalEntry,
  type JournalFilter,
  type JournalMessage,
  type JournalSummary,
} from './journal/request-journal.ts';
export { BODY_CAP, BODIES_BUDGET, type JournalBody } from './journal/journal-bodies.ts';
export type { Har, HarOptions } from './journal/to-har.ts';
export type { HarEntry, HarRequest, HarResponse, HarNameValue, HarTimings } from '../shared/har.ts';
export type { StoreRequests } from './journal/store-requests.ts';
export { statesCoverage } from './coverage/store-coverage.ts';
export {
  SHOWN_STATES,
  SHOWN_STATE_NAMES,
  type ShownState,
  type StateSeen,
  type StatesCoverage,
} from '../shared/shown-states.ts';
export { UNDECLARED_STATUS_HEADER, PREFERENCE_IGNORED_HEADER, FAULT_HEADER } from './shaping/shape-answer.ts';
export {
  MAX_BODY_BYTES,
  type CoreRequest,
  type CoreResponse,
  type Shaping,
  type TransportFault,
} from './core-request.ts';
export { ERRORS, type ErrorCode } from './errors.ts';
export { SnapshotError, type Snapshot } from './store/snapshot.ts';
export { DataSetError, type YourPet } from './store/data-set.ts';
export { RecordingError } from './replay/check-recording.ts';
export type { ReplayOptions, ReplayOrder } from './replay/replay-handle.ts';
export type { AdminExtras } from './admin/admin-api.ts';
export type { Pet, NewPet, PetStatus, Message, ApiError } from './api-types.ts';
