// Builds a valid instance of a (flattened) schema: the bodies the suite sends when the request itself
// must be right, so the only thing under test is the property the scenario is about.
import type { FlatSchema } from './flatten-schema.ts';

export interface SampleOptions {
  /** Include optional properties too (default true). */
  optional?: boolean;
  /** Values to use for named properties instead of generated ones. */
  overrides?: Record<string, unknown>;
  /** Makes generated strings unique to this run, so created records can be found again. */
  tag?: string;
}

/** A valid value for `schema`; objects get their required properties and, unless told otherwise, the optional ones. */
export function sampleFromSchema(schema: FlatSchema, options: SampleOptions = {}, name = 'value'): unknown {
  if (schema.enum?.length) return schema.enum[0];
  switch (schema.type) {
    case 'object': {
      const result: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        if (options.overrides && key in options.overrides) result[key] = options.overrides[key];
        else if (options.optional !== false || schema.required.includes(key))
          result[key] = sampleFromSchema(property, { tag: options.tag }, key);
      }
      return result;
    }
    case 'array':
      return schema.items ? [sampleFromSchema(schema.items, { tag: options.tag }, name)] : [];
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 1, 1));
    case 'boolean':
      return true;
    case 'string':
      if (schema.format === 'date-time') return new Date().toISOString();
      return `conformance ${name}${options.tag ? ` ${options.tag}` : ''}`;
    default:
      return null;
  }
}
