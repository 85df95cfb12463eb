// Faults armed at run time (admin API, CLI, `store.faults`): which operations they hit, how often, and
// what they do. Random choices come from a PRNG seeded by the store's seed, so a run replays exactly.
import { checkingStopped } from '../../openapi/capped-issues.ts';
import { EntryList, RegistryInputError, type EntryRegistry } from '../registry-input.ts';
import type { Issue } from '../../openapi/issue.ts';
import { issuesFromAjv } from '../../openapi/issue.ts';
import type { SchemaCompiler } from '../../openapi/schema-compiler.ts';
import { RULE_SCHEMA } from '../rules/rule-schema.ts';
import { FAULT_SCHEMA, faultSchema, type FaultInput } from './fault-schema.ts';
import { createPrng } from './prng.ts';

export interface ArmedFault extends FaultInput {
  id: string;
  operation: string;
  /** How many requests it has shaped so far. */
  hits: number;
  /** Requests left before it disarms itself, when armed with `times`. */
  remaining?: number;
}

/** A fault that hit a request, with the delay drawn for it. */
export interface FaultHit {
  fault: ArmedFault;
  delayMs: number;
}

/** Adding a fault arms it; its input is checked against FAULT_SCHEMA. */
export interface FaultRegistry extends EntryRegistry<ArmedFault> {
  /** The first armed fault that hits this request of `operationId`, consuming one of its `times`. */
  pick(operationId: string): FaultHit | undefined;
  /** Restarts the random sequence from the seed. */
  reseed(): void;
}

export function createFaultRegistry(options: {
  seed: number;
  operationIds: string[];
  compiler: SchemaCompiler;
}): FaultRegistry {
  const validate = options.compiler.compile(faultSchema(options.operationIds));
  let random = createPrng(options.seed);

  const check = (input: unknown): FaultInput => {
    if (!validate(input))
      throw new RegistryInputError(
        'fault',
        [...ruleFieldsIn(input), ...issuesFromAjv('body', validate.errors)],
        checkingStopped(validate.errors),
      );
    const fault = input as FaultInput;
    if (fault.delayMaxMs !== undefined && fault.delayMaxMs < fault.delayMs!) {
      throw new RegistryInputError('fault', [
        { in: 'body', pointer: '/delayMaxMs', message: 'delayMaxMs must not be below delayMs' },
      ]);
    }
    return fault;
  };

  const armed = new EntryList<ArmedFault>('f', (fault) => ({ ...fault }));
  return {
    add: (input) =>
      armed.add((id) => ({ id, ...check(input), operation: (input as FaultInput).operation ?? '*', hits: 0 })),
    list: () => armed.list(),
    remove: (id) => armed.remove(id),
    clear: () => armed.clear(),
    get size() {
      return armed.size;
    },
    pick(operationId) {
      const fault = armed.take(
        (fault) =>
          (fault.operation === '*' || fault.operation === operationId) &&
          (fault.probability === undefined || fault.probability >= 1 || random() < fault.probability),
      );
      return fault && { fault: { ...fault }, delayMs: drawDelay(fault, random) };
    },
    reseed() {
      random = createPrng(options.seed);
    },
  };
}

/** What a rule says and a fault cannot (an example, a body, a match), read from the two schemas. */
const RULE_ONLY = Object.keys(RULE_SCHEMA.properties as object).filter(
  (name) => !Object.hasOwn(FAULT_SCHEMA.properties as object, name),
);

/** A rule's field given to a fault: said first, with where it belongs, before the fault's own issues. */
function ruleFieldsIn(input: unknown): Issue[] {
  if (typeof input !== 'object' || input === null) return [];
  return RULE_ONLY.filter((name) => Object.hasOwn(input, name)).map((name) => ({
    in: 'body',
    pointer: `/${name}`,
    message: `field '${name}' belongs to a rule, not a fault: add it with POST /__admin/rules (store.rules.add)`,
  }));
}

function drawDelay(fault: FaultInput, random: () => number): number {
  const min = fault.delayMs ?? 0;
  const max = fault.delayMaxMs ?? min;
  return max > min ? min + Math.floor(random() * (max - min + 1)) : min;
}
