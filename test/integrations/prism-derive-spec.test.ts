// The Prism spec variant is derived from the contract at runtime: same operations, mounted where our
// mock serves them, nothing else changed. And Prism's sl-violations header is read faithfully.
import { describe, expect, it } from 'vitest';
import { derivePrismSpec } from '../../integrations/prism/derive-prism-spec.ts';
import { loadSpec } from '../../integrations/shared/spec-files.ts';
import { serverBasePath } from '../../src/openapi/server-base-path.ts';
import { parseViolationsHeader } from '../../integrations/prism/parse-violations.ts';
import { indexOperations } from '../../src/openapi/index-operations.ts';

describe('derivePrismSpec', () => {
  it('mounts every operation under its server base path (/v1) or /quickstart, and drops servers', async () => {
    const source = await loadSpec();
    const derived = derivePrismSpec(source);
    const mounted = indexOperations(derived).map((op) => `${op.method} ${op.path}`);
    const expected = indexOperations(source).map(
      (op) => `${op.method} ${op.ownServer ? '/quickstart' : serverBasePath(op.servers[0])}${op.path}`,
    );
    expect(mounted).toEqual(expected);
    expect(mounted).toContain('GET /v1/pets/{petId}');
    expect(mounted).toContain('POST /quickstart/messages');
    expect(derived.servers).toBeUndefined();
    expect(JSON.stringify(derived.paths)).not.toContain('"servers"');
    expect(derived.components).toEqual(source.components);
    expect(Object.values(derived.paths).map((item) => item.get ?? item.post)).toEqual(
      Object.values(source.paths).map((item) => {
        const { servers: _s, ...operation } = item.get ?? item.post ?? {};
        return operation;
      }),
    );
  });
});

describe('parseViolationsHeader', () => {
  it('reads each violation with its source and location', () => {
    const header = JSON.stringify([
      {
        location: ['response', 'body'],
        severity: 'Error',
        code: 'required',
        message: "must have required property 'name'",
      },
      { location: ['request'], severity: 'Warning', message: 'Selected route not found' },
    ]);
    expect(parseViolationsHeader('GET', '/v1/pets/1', header)).toEqual([
      {
        method: 'GET',
        path: '/v1/pets/1',
        message: "response.body must have required property 'name'",
        severity: 'Error',
        source: 'response',
        location: ['response', 'body'],
        code: 'required',
      },
      {
        method: 'GET',
        path: '/v1/pets/1',
        message: 'request Selected route not found',
        severity: 'Warning',
        source: 'request',
        location: ['request'],
      },
    ]);
    expect(parseViolationsHeader('GET', '/v1/pets', undefined)).toEqual([]);
  });

  it('reports a truncated or unreadable header as an error rather than dropping it', () => {
    for (const header of ['Too many violations! [{"location":["response"', '{not json']) {
      const [violation, ...rest] = parseViolationsHeader('GET', '/v1/pets', header);
      expect(rest).toEqual([]);
      expect(violation).toEqual(
        expect.objectContaining({ severity: 'Error', source: 'response', method: 'GET', path: '/v1/pets' }),
      );
    }
  });
});
