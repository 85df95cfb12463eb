// The check behind the `exactInteger` keyword (exact-integer.ts), apart from Ajv: the precompiled
// validators call it, and a browser bundle must not carry Ajv's compiler for it.
import type { JsonSchema } from './openapi-document.ts';

const RANGES: Record<string, [bigint, bigint]> = {
  int32: [-(2n ** 31n), 2n ** 31n - 1n],
  int64: [-(2n ** 63n), 2n ** 63n - 1n],
};

/** What is wrong with `data` as an integer of this schema (its format, minimum, maximum), or undefined. */
export function exactIntegerIssue(data: unknown, parent: JsonSchema): { message: string; params: object } | undefined {
  if (typeof data === 'number' ? !Number.isInteger(data) : typeof data !== 'bigint')
    return { message: 'must be integer', params: { type: 'integer' } };
  const value = BigInt(data as number | bigint);
  const range = RANGES[parent.format as string];
  if (range && (value < range[0] || value > range[1]))
    return {
      message: `must be an ${parent.format as string} (from ${range[0]} to ${range[1]})`,
      params: { format: parent.format },
    };
  // Ajv's own minimum and maximum judge numbers only: a bigint's bounds are judged here.
  if (typeof data === 'bigint') {
    if (typeof parent.minimum === 'number' && value < BigInt(Math.ceil(parent.minimum)))
      return { message: `must be >= ${parent.minimum}`, params: { limit: parent.minimum } };
    if (typeof parent.maximum === 'number' && value > BigInt(Math.floor(parent.maximum)))
      return { message: `must be <= ${parent.maximum}`, params: { limit: parent.maximum } };
  }
  return undefined;
}
