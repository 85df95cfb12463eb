import type { ErrorObject } from 'ajv';

/** One thing wrong with a request or response, with where it was found. */
export interface Issue {
  in: 'path' | 'query' | 'header' | 'body';
  /** JSON Pointer (RFC 6901) into the body, or the parameter or header name. */
  pointer: string;
  message: string;
}

export type Result<T> = { ok: true; value: T } | { ok: false; issues: Issue[] };

/** Ajv errors → issues, one per error, each naming the field in plain words. `prefix` is a parameter's name. */
export function issuesFromAjv(location: Issue['in'], errors: ErrorObject[] | null | undefined, prefix = ''): Issue[] {
  return (errors ?? []).map((error) => {
    // A missing or an unknown property is named, so the message says which one (not only "additional properties").
    const named =
      error.keyword === 'required'
        ? `/${(error.params as { missingProperty: string }).missingProperty}`
        : error.keyword === 'additionalProperties'
          ? `/${(error.params as { additionalProperty: string }).additionalProperty}`
          : '';
    const pointer = `${prefix}${error.instancePath}${named}`;
    const field = describe(location, pointer);
    const message =
      error.keyword === 'required'
        ? `${field} is required`
        : error.keyword === 'additionalProperties'
          ? `${field} is not allowed`
          : error.keyword === 'enum'
            ? `${field} must be one of: ${(error.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`
            : `${field} ${error.message ?? 'is invalid'}`;
    return { in: location, pointer, message };
  });
}

function describe(location: Issue['in'], pointer: string): string {
  if (location !== 'body') return `${location} parameter '${pointer}'`;
  return pointer ? `body field '${pointer.slice(1).replace(/\//g, '.')}'` : 'body';
}
