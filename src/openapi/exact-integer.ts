// `type: integer` judged on the exact value: a JSON integer beyond 2^53 − 1 arrives as a bigint
// (src/shared/exact-json.ts), so the schema compiler turns `type: integer` into the `exactInteger` keyword,
// which accepts numbers and bigints alike and checks the int32/int64 range (OpenAPI 3.0.3 §4.4 data types)
// and the bounds on the exact value. A code-generating keyword: the same definition serves Ajv at run time
// (the judge) and the validators precompiled by `npm run generate` (the mock), whose generated code calls
// `exactIntegerIssue` by name.
import { _, stringify, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
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

/** The keyword: calls `exactIntegerIssue(data, {format, minimum, maximum})` and reports what it returns. */
export const exactIntegerKeyword: CodeKeywordDefinition = {
  keyword: 'exactInteger',
  schemaType: 'boolean',
  error: {
    message: ({ params }) => _`${params.issue}.message`,
    params: ({ params }) => _`${params.issue}.params`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, parentSchema } = cxt;
    const { format, minimum, maximum } = parentSchema as JsonSchema;
    const judged = { format, minimum, maximum };
    const check = gen.scopeValue('func', { ref: exactIntegerIssue, code: _`exactIntegerIssue` });
    const bounds = gen.scopeValue('obj', { ref: judged, code: stringify(judged) });
    const issue = gen.const('issue', _`${check}(${data}, ${bounds})`);
    cxt.setParams({ issue });
    cxt.fail(issue);
  },
};
