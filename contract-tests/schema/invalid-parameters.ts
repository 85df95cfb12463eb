// Derives invalid values for a query or path parameter from its schema: wrong type, outside the
// bounds, outside the enumeration.
import type { FlatSchema } from './flatten-schema.ts';

export interface InvalidParameterValue {
  label: string;
  value: string;
  /** A value of the right type outside the enum (a filter may read it as matching nothing). */
  enumRelated?: boolean;
}

export function invalidParameterValues(schema: FlatSchema): InvalidParameterValue[] {
  const values: InvalidParameterValue[] = [];
  if (schema.type === 'integer' || schema.type === 'number') {
    values.push({ label: 'not a number', value: 'abc' }, { label: 'empty', value: '' });
    if (schema.type === 'integer') values.push({ label: 'a fraction', value: '1.5' });
    if (schema.format === 'int64') values.push({ label: 'beyond int64 (2^63)', value: '9223372036854775808' });
    if (schema.minimum !== undefined) values.push({ label: 'below its minimum', value: String(schema.minimum - 1) });
    if (schema.maximum !== undefined) values.push({ label: 'above its maximum', value: String(schema.maximum + 1) });
    if (schema.minimum !== undefined && schema.minimum > 0 && schema.minimum - 1 !== -1)
      values.push({ label: 'negative', value: '-1' });
  }
  if (schema.enum?.length) {
    const first = String(schema.enum[0]);
    const otherCase = first.toUpperCase() === first ? first.toLowerCase() : first.toUpperCase();
    values.push({ label: 'outside its enum', value: 'not-in-enum', enumRelated: true });
    if (!schema.enum.includes(otherCase))
      values.push({ label: 'in another letter case', value: otherCase, enumRelated: true });
  }
  return values;
}
