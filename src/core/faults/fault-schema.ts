// What a fault may say, as a JSON Schema: the admin API, the CLI and `store.faults.add` all validate
// through it, so the rules are written once. FaultInput is its TypeScript shape.
import type { JsonSchema } from '../../openapi/openapi-document.ts';

/** Longest delay a fault or `Prefer: delay` may ask for, in milliseconds (documented in docs/frontend-states.md). */
export const MAX_DELAY_MS = 60_000;

/** The faults a request may be answered with (what each does: TransportFault in core-request.ts, and docs). */
export const FAULT_KINDS = ['drop-connection', 'truncated-body', 'malformed-body', 'never-respond'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultInput {
  /** An operationId (e.g. `listPets`), or `*` for every operation. Default `*`. */
  operation?: string;
  /** Answer this 4xx/5xx with an Error body instead of the operation's answer. */
  status?: number;
  /** Wait this long first; with `delayMaxMs`, a duration drawn between the two. */
  delayMs?: number;
  delayMaxMs?: number;
  fault?: FaultKind;
  /** Apply to the next N matching requests only, then disarm. Default: until removed. */
  times?: number;
  /** Apply to each matching request with this probability (0–1). Default 1. */
  probability?: number;
}

export const FAULT_SCHEMA: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  anyOf: [{ required: ['status'] }, { required: ['delayMs'] }, { required: ['fault'] }],
  properties: {
    operation: { type: 'string', minLength: 1, maxLength: 100 },
    status: { type: 'integer', minimum: 400, maximum: 599 },
    delayMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS },
    delayMaxMs: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS },
    fault: { type: 'string', enum: [...FAULT_KINDS] },
    times: { type: 'integer', minimum: 1, maximum: 1_000_000 },
    probability: { type: 'number', minimum: 0, maximum: 1 },
  },
};

/** FAULT_SCHEMA as the store checks it: `operation` one of the spec's operationIds or `*`, delayMaxMs only with delayMs. */
export function faultSchema(operationIds: string[]): JsonSchema {
  return {
    ...FAULT_SCHEMA,
    dependencies: { delayMaxMs: ['delayMs'] },
    properties: {
      ...(FAULT_SCHEMA.properties as object),
      operation: { type: 'string', enum: ['*', ...operationIds] },
    },
  };
}
