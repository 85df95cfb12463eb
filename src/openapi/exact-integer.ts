// `type: integer` judged on the exact value: a JSON integer beyond 2^53 − 1 arrives as a bigint
// (src/shared/exact-json.ts), so the schema compiler turns `type: integer` into the `exactInteger` keyword,
// which accepts numbers and bigints alike and checks the int32/int64 range (OpenAPI 3.0.3 §4.4 data types)
// and the bounds on the exact value. A code-generating keyword: the same definition serves Ajv at run time
// (the judge) and the validators precompiled by `npm run generate` (the mock), whose generated code imports
// `exactIntegerIssue` (exact-integer-issue.ts, free of Ajv) and calls it by name.
import { _, stringify, type CodeKeywordDefinition, type KeywordCxt } from 'ajv';
import { exactIntegerIssue } from './exact-integer-issue.ts';
import type { JsonSchema } from './openapi-document.ts';

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
