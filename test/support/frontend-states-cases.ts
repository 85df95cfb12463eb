// The frontend-state features (Prefer, faults, journal, documents), proven once and run against both
// adapters: `petstore-kit serve` over loopback and the MSW handlers in-process. Only the URLs differ.
import { afterEach, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { DEV_API_KEY, type PetStore } from '../../src/core/index.ts';
import { document } from '../../src/openapi/document.gen.ts';
import { createSchemaCompiler } from '../../src/openapi/schema-compiler.ts';
import { expectError } from './error-body.ts';

export interface Target {
  /** The Pet Store base URL, e.g. `http://127.0.0.1:4010/v1`. */
  apiUrl: string;
  /** The admin API's URL, e.g. `http://127.0.0.1:4010/__admin`. */
  adminUrl: string;
  store: PetStore;
  /** `petstore-kit serve` also serves the dashboard and the interface document; the MSW handlers leave them out. */
  serves: 'server' | 'handlers';
}

const AUTH = { authorization: `Bearer ${DEV_API_KEY}` };
const validatePets = createSchemaCompiler(document).compile({ $ref: '#/components/schemas/Pets' });

export function frontendStateCases(target: () => Target): void {
  const api = (path: string, headers: Record<string, string> = {}, init: RequestInit = {}) =>
    fetch(target().apiUrl + path, { ...init, headers: { ...AUTH, ...headers } });
  const admin = (path: string, init: RequestInit = {}) =>
    fetch(target().adminUrl + path, {
      ...init,
      headers: { ...AUTH, 'content-type': 'application/json', ...(init.headers as object) },
    });
  const arm = async (fault: object) => {
    const response = await admin('/faults', { method: 'POST', body: JSON.stringify(fault) });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: string };
  };
  afterEach(() => {
    target().store.reset();
    target().store.clearRequests();
  });

  describe('Prefer (RFC 7240)', () => {
    it('changes nothing when absent or unknown: the same bytes and headers as before', async () => {
      const plain = await api('/pets?limit=3');
      const unknown = await api('/pets?limit=3', { prefer: 'respond-async, wait=5' });
      expect(await unknown.text()).toBe(await plain.text());
      expect([...unknown.headers].filter(([name]) => name !== 'date')).toEqual(
        [...plain.headers].filter(([name]) => name !== 'date'),
      );
      expect(plain.headers.get('preference-applied')).toBeNull();
    });

    it('forces a status the operation does not declare, with an Error body and a flag', async () => {
      const response = await api('/pets', { prefer: 'code=503' });
      expect(response.headers.get('petstore-kit-undeclared-status')).toBe('true');
      expect(response.headers.get('preference-applied')).toBe('code=503');
      await expectError(response, 503, 'FORCED_STATUS');
    });

    it('forces a declared status without the flag (404 of getPet)', async () => {
      const response = await api('/pets/1', { prefer: 'code=404' });
      expect(response.headers.get('petstore-kit-undeclared-status')).toBeNull();
      expect(response.headers.get('deprecation')).not.toBeNull();
      await expectError(response, 404, 'FORCED_STATUS');
    });

    it('never bypasses the key, but a 401 may be forced', async () => {
      await expectError(
        await fetch(`${target().apiUrl}/pets`, { headers: { prefer: 'code=200, example=empty' } }),
        401,
        'UNAUTHORIZED',
      );
      const forced = await api('/pets', { prefer: 'code=401' });
      expect(forced.headers.get('www-authenticate')).toMatch(/^Bearer /);
      await expectError(forced, 401);
    });

    it('answers the named examples of the OpenAPI document: empty and a full page of 100', async () => {
      const empty = await api('/pets', { prefer: 'example=empty' });
      expect(empty.status).toBe(200);
      expect(await empty.json()).toEqual([]);
      const full = await (await api('/pets', { prefer: 'example="full-page"' })).json();
      expect(full).toHaveLength(100);
      expect(validatePets(full)).toBe(true);
    });

    it('says why it ignored an unknown example or an unbounded delay, and answers as usual', async () => {
      const response = await api('/pets?limit=2', { prefer: 'example=nope, delay=999999' });
      expect(response.headers.get('petstore-kit-preference-ignored')).toBe(
        'example=nope (known: full-page, empty), delay=999999 (whole milliseconds up to 60000)',
      );
      expect(await response.json()).toHaveLength(2);
    });

    it('delays one answer by delay=MS', async () => {
      const started = performance.now();
      const response = await api('/pets?limit=1', { prefer: 'delay=250' });
      expect(response.status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    });
  });

  describe('faults', () => {
    it('answers a status for the next N requests of one operation, then disarms', async () => {
      const { id } = await arm({ operation: 'listPets', status: 503, times: 2 });
      expect((await (await admin('/faults')).json()).map((f: { id: string }) => f.id)).toEqual([id]);
      const first = await api('/pets');
      expect(first.headers.get('petstore-kit-fault')).toBe(id);
      await expectError(first, 503, 'INJECTED_FAULT');
      await expectError(await api('/pets'), 503, 'INJECTED_FAULT');
      expect((await api('/pets/1')).status).toBe(200);
      expect((await api('/pets')).status).toBe(200);
      expect(await (await admin('/faults')).json()).toEqual([]);
    });

    it('refuses an invalid fault with every issue, and unknown ids with 404', async () => {
      const bad = await admin('/faults', {
        method: 'POST',
        body: JSON.stringify({ operation: 'nope', status: 200, probability: 2 }),
      });
      const body = await expectError(bad, 400, 'VALIDATION_FAILED');
      expect(body.issues!.map((issue) => issue.pointer).sort()).toEqual(['/operation', '/probability', '/status']);
      await expectError(await admin('/faults', { method: 'POST', body: '{' }), 400, 'MALFORMED_JSON');
      await expectError(await admin('/faults/f999', { method: 'DELETE' }), 404, 'NOT_FOUND');
      await expectError(await admin('/faults/%E0%A4%A', { method: 'DELETE' }), 404, 'NOT_FOUND');
      await expectError(await fetch(`${target().adminUrl}/faults`), 401, 'UNAUTHORIZED');
    });

    it('disarms one fault or all', async () => {
      const { id } = await arm({ status: 500 });
      await arm({ operation: 'getPet', delayMs: 10 });
      expect((await admin(`/faults/${id}`, { method: 'DELETE' })).status).toBe(200);
      expect(await (await admin('/faults')).json()).toHaveLength(1);
      expect(await (await admin('/faults', { method: 'DELETE' })).json()).toEqual({ removed: 1 });
      expect((await api('/pets')).status).toBe(200);
    });

    it('drops the connection', async () => {
      await arm({ operation: 'listPets', fault: 'drop-connection', times: 1 });
      await expect(api('/pets')).rejects.toThrow(TypeError);
      expect((await api('/pets')).status).toBe(200);
    });

    it('cuts the body short after headers that promise all of it', async () => {
      await arm({ operation: 'listPets', fault: 'truncated-body', times: 1 });
      const response = await api('/pets?limit=50');
      expect(response.status).toBe(200);
      await expect(response.text()).rejects.toThrow();
    });

    it('sends a body that is not JSON', async () => {
      await arm({ operation: 'listPets', fault: 'malformed-body' });
      const response = await api('/pets');
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(() => JSON.parse(text)).toThrow();
    });

    it('never answers, until the client gives up', async () => {
      await arm({ operation: 'listPets', fault: 'never-respond' });
      await expect(api('/pets', {}, { signal: AbortSignal.timeout(300) })).rejects.toThrow(/abort|timeout/i);
    });

    it('draws delays from a range', async () => {
      await arm({ operation: 'getPet', delayMs: 100, delayMaxMs: 200, times: 1 });
      const started = performance.now();
      expect((await api('/pets/1')).status).toBe(200);
      expect(performance.now() - started).toBeGreaterThanOrEqual(95);
    });

    it('hits with a probability that replays from the seed after reset', async () => {
      const pattern = async () => {
        target().store.faults.add({ operation: 'listPets', status: 500, probability: 0.5 });
        const statuses: number[] = [];
        for (let i = 0; i < 24; i++) statuses.push((await api('/pets?limit=1')).status);
        target().store.reset();
        return statuses;
      };
      const first = await pattern();
      expect(first).toContain(500);
      expect(first).toContain(200);
      expect(await pattern()).toEqual(first);
    });
  });

  describe('request journal', () => {
    it('records every answered request, newest first, with operation, status, issues and shaping', async () => {
      await api('/pets?limit=2');
      await api('/pets?limit=0');
      await api('/pets', { prefer: 'code=500' });
      await fetch(`${target().apiUrl}/pets`);
      await admin('/state');
      const entries = await (await admin('/requests')).json();
      expect(entries.map((e: { status: number }) => e.status)).toEqual([401, 500, 400, 200]);
      expect(entries[3]).toMatchObject({
        method: 'GET',
        path: expect.stringMatching(/\/pets$/),
        query: 'limit=2',
        operation: 'listPets',
      });
      expect(entries[2].issues[0]).toMatchObject({ in: 'query', pointer: 'limit' });
      expect(entries[1]).toMatchObject({ error: 'FORCED_STATUS', shapedBy: ['prefer code=500'] });
      expect(entries[0].durationMs).toBeGreaterThanOrEqual(0);
      expect(target().store.requests({ limit: 1 })).toEqual([entries[0]]);
    });

    it('filters by operation and status, and clears', async () => {
      await api('/pets');
      await api('/pets/1');
      await api('/pets/999999');
      const notFound = await (await admin('/requests?operation=getPet&status=4xx')).json();
      expect(notFound.map((e: { status: number; operation: string }) => [e.operation, e.status])).toEqual([
        ['getPet', 404],
      ]);
      await expectError(await admin('/requests?limit=-1'), 400, 'VALIDATION_FAILED');
      await admin('/requests', { method: 'DELETE' });
      expect(await (await admin('/requests')).json()).toEqual([]);
    });

    it('never records the key, even when sent in the query or path', async () => {
      await api(`/pets?token=${DEV_API_KEY}`);
      await api(`/pets/${DEV_API_KEY}`);
      const text = await (await admin('/requests')).text();
      expect(text).not.toContain(DEV_API_KEY);
      expect(text).toContain('[redacted]');
    });
  });

  describe('documents and dashboard', () => {
    it('serves the OpenAPI document without a key, as JSON and YAML', async () => {
      const full = await (await fetch(`${target().adminUrl}/openapi.json`)).json();
      expect(full.paths['/pets'].get.responses['200'].content['application/json'].examples.empty.value).toEqual([]);
      const yaml = await fetch(`${target().adminUrl}/openapi.yaml`);
      expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
      expect(parseYaml(await yaml.text())).toEqual(full);
      const post = await fetch(`${target().adminUrl}/openapi.yaml`, { method: 'POST' });
      expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
    });

    it('serves the dashboard and the interface document from a server; the handlers say where they are', async () => {
      const page = await fetch(`${target().adminUrl}/`);
      // With a key: the handlers answer 404 (not there), not 401.
      const interfaceYaml = await fetch(`${target().adminUrl}/interface.openapi.yaml`, { headers: AUTH });
      const interfaceJson = await fetch(`${target().adminUrl}/interface.openapi.json`, { headers: AUTH });
      if (target().serves === 'handlers') {
        expect((await expectError(page, 404, 'NOT_FOUND')).message).toMatch(/served by `petstore-kit serve`/);
        await expectError(interfaceYaml, 404, 'NOT_FOUND');
        await expectError(interfaceJson, 404, 'NOT_FOUND');
        return;
      }
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'.*form-action 'none'/);
      expect(await page.text()).toContain('<html');
      expect(await interfaceYaml.text()).toMatch(/^openapi: "3\.0\.3"/);
      expect(JSON.stringify(await interfaceJson.json())).not.toContain('x-petstore-kit');
    });

    it('lets a browser send Prefer cross-origin (preflight)', async () => {
      const preflight = await fetch(`${target().apiUrl}/pets`, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://page.test',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization,prefer',
        },
      });
      expect(preflight.headers.get('access-control-allow-headers')).toMatch(/prefer/i);
      const answer = await api('/pets', { origin: 'http://page.test', prefer: 'code=503' });
      expect(answer.headers.get('access-control-expose-headers')).toMatch(/Preference-Applied/);
    });
  });
}
