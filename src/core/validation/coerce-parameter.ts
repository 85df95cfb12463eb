// Query and path values arrive as text; the schema's `type` says how to read them before Ajv
// checks bounds, enums and formats. Strict on purpose: `1.0`, ` 5`, `0x10` and `1e2` are not integers.
import type { JsonSchema } from '../../openapi/openapi-document.ts';

export type Coerced = { ok: true; value: unknown } | { ok: false; message: string };

const INTEGER = /^-?\d+$/;
// Each part has one way to match, so a long run of digits is read once (no backtracking between `\d+` and `\d*`).
const NUMBER = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/;

export function coerceParameter(schema: JsonSchema, values: string[]): Coerced {
  if (schema.type === 'array') {
    const items = (schema.items ?? {}) as JsonSchema;
    const coerced = values.flatMap((v) => v.split(',')).map((v) => coerceParameter(items, [v]));
    const failed = coerced.find((c) => !c.ok);
    return failed ?? { ok: true, value: coerced.map((c) => (c as { value: unknown }).value) };
  }
  const [text] = values;
  switch (schema.type) {
    case 'integer': {
      if (!INTEGER.test(text)) return { ok: false, message: 'must be an integer' };
      // Exact, as in bodies: beyond 2^53 − 1 a bigint; the schema's format (int32, int64) then bounds it.
      const value = Number(text);
      return { ok: true, value: Number.isSafeInteger(value) ? value : BigInt(text) };
    }
    case 'number':
      return NUMBER.test(text) ? { ok: true, value: Number(text) } : { ok: false, message: 'must be a number' };
    case 'boolean':
      return text === 'true' || text === 'false'
        ? { ok: true, value: text === 'true' }
        : { ok: false, message: 'must be true or false' };
    default:
      return { ok: true, value: text };
  }
}
