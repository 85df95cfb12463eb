// The string formats the schemas are judged by, when Ajv compiles a document at run time (verify, a document of
// your own): ajv-formats' full set, with the interface's own formats over it (interface-formats.ts: date-time,
// and int32 and int64, which the `exactInteger` keyword judges on the exact value). The store's precompiled
// validators import the interface's formats alone, so they carry neither Ajv nor ajv-formats' table.
import type { Format } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { interfaceFormats } from './interface-formats.ts';

export const formats: Record<string, Format> = { ...fullFormats, ...interfaceFormats };
