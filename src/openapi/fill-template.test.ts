import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fillTemplate, templateParts } from './fill-template.ts';

/** The pattern the scanner replaces, as the reference for what an expression is. */
const reference = (template: string, value: (name: string) => string) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));

describe('templateParts and fillTemplate (OpenAPI path and server templates)', () => {
  it('splits literal text and names', () => {
    expect(templateParts('/pets/{petId}')).toEqual(['/pets/', 'petId', '']);
    expect(templateParts('https://{host}:{port}/v1')).toEqual(['https://', 'host', ':', 'port', '/v1']);
    expect(templateParts('/pets')).toEqual(['/pets']);
    expect(templateParts('/a{}b{')).toEqual(['/a{}b{']);
  });

  it('fills exactly as the regular expression /\\{([^}]+)\\}/g did, for any text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[{}a-z/]{0,30}$/), (template) => {
        const value = (name: string) => `<${name}>`;
        expect(fillTemplate(template, value)).toBe(reference(template, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a MiB of unclosed braces in one pass', () => {
    const template = `${'{'.repeat(1 << 20)}x`;
    expect(fillTemplate(template, () => 'v')).toBe(template);
    expect(fillTemplate(`${'{}'.repeat(1 << 19)}{a}`, () => 'v')).toBe(`${'{}'.repeat(1 << 19)}v`);
  });
});
