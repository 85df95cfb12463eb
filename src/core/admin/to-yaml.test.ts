import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { document } from '../../openapi/document.gen.ts';
import { interfaceDocument } from '../../openapi/interface.gen.ts';
import { toYaml } from './to-yaml.ts';

describe('toYaml', () => {
  it.each([
    ['the full document', document],
    ['the interface', interfaceDocument],
  ])('writes %s as YAML that reads back to the same value', (_, value) => {
    expect(parse(toYaml(value))).toEqual(JSON.parse(JSON.stringify(value)));
  });

  it('keeps strings that YAML would read otherwise, and odd keys, as they are', () => {
    const value = {
      no: 'yes',
      '200': '2030-12-05',
      'a b': ['', 'multi\nline', 1.5, true, null, [], {}],
      nested: [{ x: [1] }],
    };
    expect(parse(toYaml(value))).toEqual(value);
  });
});
