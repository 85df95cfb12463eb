import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { kitLogBaseUrls, logCreator } from './kit-log-base-urls.ts';

const log = (name: unknown, urls: unknown[]) => ({
  log: { version: '1.2', creator: { name, version: '0.1.0' }, entries: urls.map((url) => ({ request: { url } })) },
});

describe('kitLogBaseUrls: where the traffic of a log the kit wrote went', () => {
  it("reads the first entry's origin from serve's journal and from the proxy's recording", () => {
    for (const name of ['petstore-kit', 'petstore-kit proxy'])
      expect(kitLogBaseUrls(log(name, ['http://127.0.0.1:4020/v1/pets?limit=1', 'http://x/v1']), '/v1')).toEqual({
        baseUrl: 'http://127.0.0.1:4020/v1',
        quickstartUrl: 'http://127.0.0.1:4020/quickstart',
      });
  });

  it('reads the recorded session in fixtures/', async () => {
    const har: unknown = JSON.parse(await readFile(new URL('../../fixtures/session.har', import.meta.url), 'utf8'));
    expect(kitLogBaseUrls(har, '/v1')?.baseUrl).toBe('http://127.0.0.1:4010/v1');
    expect(logCreator(har)).toBe('petstore-kit 0.1.0');
  });

  it.each([
    ['another tool wrote it', log('Playwright', ['http://127.0.0.1:4010/v1/pets'])],
    ['it has no entry', log('petstore-kit', [])],
    ['its first URL does not parse', log('petstore-kit', ['/v1/pets'])],
    ['its first URL has no origin', log('petstore-kit', ['data:text/plain,x'])],
    ['it names no creator', { log: { entries: [{ request: { url: 'http://h/v1' } }] } }],
    ['it is no log', [1, 2]],
  ])('is undefined when %s', (_why, value) => {
    expect(kitLogBaseUrls(value, '/v1')).toBeUndefined();
  });

  it('names the creator without a version when it gives none, and nothing when it names none', () => {
    expect(logCreator({ log: { creator: { name: 'Firefox' } } })).toBe('Firefox');
    expect(logCreator({ log: {} })).toBeUndefined();
  });
});
