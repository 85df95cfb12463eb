// Derives the invalid request bodies for an operation from its request schema: every required field
// missing, every field of a wrong type or outside its enum, plus bodies that are not JSON objects at all.
import type { FlatSchema } from './flatten-schema.ts';
import { sampleFromSchema } from './sample-from-schema.ts';

/**
 * What is wrong with a body, in the words a 400's `x-conditions` uses for the faults the seed names
 * (contract-tests/model/kit-extensions.ts). A body may show more than one (a JSON array has no fields).
 */
export type BodyFault =
  'body-missing' | 'invalid-json' | 'required-field-missing' | 'invalid-value' | 'content-type-not-json';

export interface InvalidBody {
  label: string;
  /** Raw body text (undefined: no body at all). */
  body?: string;
  contentType?: string;
  faults: BodyFault[];
}

/** One past the largest int64 (2^63): no int64 field may take it. */
const BEYOND_INT64 = '9223372036854775808';

export function invalidBodies(schema: FlatSchema, mediaTypes: string[]): InvalidBody[] {
  const valid = sampleFromSchema(schema, { tag: 'invalid' }) as Record<string, unknown>;
  const json = (value: unknown) => JSON.stringify(value);
  // An absent or empty body is missing, and is not JSON either; a JSON value that is no object has no fields.
  const missing: BodyFault[] = ['body-missing', 'invalid-json'];
  const notAnObject: BodyFault[] = ['required-field-missing', 'invalid-value'];
  const bodies: InvalidBody[] = [
    { label: 'no body', body: undefined, contentType: 'application/json', faults: missing },
    { label: 'an empty body', body: '', faults: missing },
    { label: 'malformed JSON (truncated)', body: json(valid).slice(0, -3), faults: ['invalid-json'] },
    { label: 'malformed JSON (single quotes)', body: json(valid).replace(/"/g, "'"), faults: ['invalid-json'] },
    { label: 'a JSON array', body: json([valid]), faults: notAnObject },
    { label: 'a JSON string', body: json('text'), faults: notAnObject },
    { label: 'a JSON number', body: '42', faults: notAnObject },
    { label: 'JSON null', body: 'null', faults: notAnObject },
  ];
  if (schema.type !== 'object') return bodies;
  if (schema.required.length) bodies.push({ label: 'an empty object', body: '{}', faults: ['required-field-missing'] });
  for (const field of schema.required) {
    const { [field]: _omitted, ...rest } = valid;
    bodies.push({ label: `required field '${field}' missing`, body: json(rest), faults: ['required-field-missing'] });
  }
  for (const [field, property] of Object.entries(schema.properties)) {
    for (const [label, value] of wrongValues(property)) {
      const body =
        typeof value === 'string' && value.startsWith('raw:')
          ? json({ ...valid, [field]: 0 }).replace(`"${field}":0`, `"${field}":${value.slice(4)}`)
          : json({ ...valid, [field]: value });
      bodies.push({ label: `field '${field}' ${label}`, body, faults: ['invalid-value'] });
    }
  }
  // The seed: requests use JSON. A body labelled otherwise (valid JSON inside) must be refused.
  const otherMediaType: BodyFault[] = ['content-type-not-json'];
  if (!mediaTypes.includes('text/plain'))
    bodies.push({
      label: 'Content-Type text/plain',
      body: json(valid),
      contentType: 'text/plain',
      faults: otherMediaType,
    });
  if (!mediaTypes.includes('application/x-www-form-urlencoded')) {
    const form = new URLSearchParams(Object.entries(valid).map(([k, v]) => [k, String(v)])).toString();
    bodies.push({
      label: 'Content-Type application/x-www-form-urlencoded',
      body: form,
      contentType: 'application/x-www-form-urlencoded',
      faults: otherMediaType,
    });
  }
  return bodies;
}

/** Values of a wrong type, or outside the enum, for one property. `raw:` values are spliced in unquoted. */
function wrongValues(property: FlatSchema): [string, unknown][] {
  const values: [string, unknown][] = [['is null', null]];
  if (property.enum)
    values.push(
      ['outside its enum', 'not-in-enum'],
      [
        'in another letter case',
        String(property.enum[0]).toUpperCase() === property.enum[0]
          ? String(property.enum[0]).toLowerCase()
          : String(property.enum[0]).toUpperCase(),
      ],
    );
  switch (property.type) {
    case 'string':
      values.push(['a number instead of a string', 42], ['an object instead of a string', { value: 'x' }]);
      break;
    case 'integer':
      values.push(
        ['a string instead of an integer', '7'],
        ['a fraction instead of an integer', 1.5],
        ['a boolean instead of an integer', true],
      );
      if (property.format === 'int64') values.push(['beyond int64 (2^63)', `raw:${BEYOND_INT64}`]);
      // Not an integer, though the nearest double is one: a server that rounds it to 1 stores a number nobody sent.
      values.push(['not exactly an integer (1.0000000000000000001)', 'raw:1.0000000000000000001']);
      if (property.minimum !== undefined) values.push(['below its minimum', property.minimum - 1]);
      if (property.maximum !== undefined) values.push(['above its maximum', property.maximum + 1]);
      break;
    case 'number':
      values.push(['a string instead of a number', '7']);
      break;
    case 'boolean':
      values.push(['a string instead of a boolean', 'true']);
      break;
    case 'array':
      values.push(['an object instead of an array', {}]);
      break;
    case 'object':
      values.push(['an array instead of an object', []]);
      break;
  }
  return values.filter(([, value]) => !property.enum?.includes(value));
}
