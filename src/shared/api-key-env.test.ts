import { describe, expect, it } from 'vitest';
import { apiKeyFromEnv, DEPRECATED_API_KEY_ENVS } from './api-key-env.ts';

describe('apiKeyFromEnv', () => {
  it('reads PETSTORE_API_KEY first, silently', () => {
    const lines: string[] = [];
    expect(apiKeyFromEnv({ PETSTORE_API_KEY: 'new', API_KEY: 'old' }, (line) => lines.push(line))).toBe('new');
    expect(lines).toEqual([]);
  });

  for (const name of DEPRECATED_API_KEY_ENVS) {
    it(`still reads ${name}, with one deprecation line that does not show the key`, () => {
      const lines: string[] = [];
      expect(apiKeyFromEnv({ [name]: 'k-secret' }, (line) => lines.push(line))).toBe('k-secret');
      expect(lines).toEqual([`[petstore-kit] ${name} is deprecated: set PETSTORE_API_KEY instead (same value).`]);
    });
  }

  it('is undefined when nothing (or only empty values) is set', () => {
    expect(apiKeyFromEnv({ PETSTORE_API_KEY: '', API_KEY: '' }, () => expect.unreachable())).toBeUndefined();
  });
});
