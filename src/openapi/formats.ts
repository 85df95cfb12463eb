// The string formats the schemas are judged by: ajv-formats' full set, except int32 and int64, which the
// `exactInteger` keyword judges on the exact value (exact-integer.ts). One object for both paths: Ajv at run
// time registers these, and the precompiled validators import it by name (`formats`), so they carry only
// ajv-formats' table of formats, never Ajv.
import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';

/** exactInteger checks the ranges; this keeps the format known to Ajv. */
const JUDGED_BY_EXACT_INTEGER: Format = { type: 'number', validate: () => true };

export const formats: Record<string, Format> = {
  ...fullFormats,
  int32: JUDGED_BY_EXACT_INTEGER,
  int64: JUDGED_BY_EXACT_INTEGER,
};
