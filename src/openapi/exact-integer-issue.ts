// The check behind the `exactInteger` keyword (exact-integer.ts), apart from Ajv: the precompiled
// validators call it, and a browser bundle must not carry Ajv's compiler for it.
import type { JsonSchema } from './openapi-document.ts';
import { hugeIntegerSign } from '../shared/exact-json.ts';

const RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

type IntegerIssue = { message: string; params: object } | undefined;

/** What is wrong with `data` as an integer of this schema (its format, minimum, maximum), or undefined. */
export function exactIntegerIssue(data: unknown, parent: JsonSchema): IntegerIssue {
  const range = RANGES[parent.format as string];
  // An integer of more digits than any format holds (exact-json.ts keeps it as text): beyond every bound.
  const huge = hugeIntegerSign(data);
  if (huge !== undefined) return range ? outOfRange(parent, range) : outOfBounds(parent, huge);
  if (typeof data === 'number' ? !Number.isInteger(data) : typeof data !== 'bigint')
    return { message: 'must be integer', params: { type: 'integer' } };
  const value = BigInt(data as number | bigint);
  if (range && (value < range[0] || value > range[1])) return outOfRange(parent, range);
  // Ajv's own minimum and maximum judge numbers only: a bigint's bounds are judged here.
  if (typeof data === 'bigint') {
    if (typeof parent.minimum === 'number' && value < BigInt(Math.ceil(parent.minimum))) return outOfBounds(parent, -1);
    if (typeof parent.maximum === 'number' && value > BigInt(Math.floor(parent.maximum))) return outOfBounds(parent, 1);
  }
  return undefined;
}

function outOfRange(parent: JsonSchema, [min, max]: [bigint, bigint]): IntegerIssue {
  return {
    message: `must be an ${parent.format as string} (from ${min} to ${max})`,
    params: { format: parent.format },
  };
}

/** The bound on the `side` of the value, if the schema has one. */
function outOfBounds(parent: JsonSchema, side: 1 | -1): IntegerIssue {
  if (side < 0 && typeof parent.minimum === 'number')
    return { message: `must be >= ${parent.minimum}`, params: { limit: parent.minimum } };
  if (side > 0 && typeof parent.maximum === 'number')
    return { message: `must be <= ${parent.maximum}`, params: { limit: parent.maximum } };
  return undefined;
}
