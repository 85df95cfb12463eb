import { describe, expect, it } from 'vitest';
import { createAuthenticator, isBearerToken } from './authenticate.ts';

const authenticate = createAuthenticator(['key-one', 'key.two~']);

describe('createAuthenticator', () => {
  it.each(['Bearer key-one', 'Bearer key.two~', 'bearer key-one', 'BEARER  key-one', 'Bearer key-one  '])(
    'accepts %j',
    (header) => {
      expect(authenticate(header)).toBeUndefined();
    },
  );

  /** A refusal: 401, the challenge `challenge`, and the Error body. */
  function expectRefused(header: string | string[] | undefined, challenge: string) {
    const response = authenticate(header);
    expect(response?.status).toBe(401);
    expect(response?.headers['www-authenticate']).toBe(challenge);
    expect(JSON.parse(response!.body!)).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
  }

  it('refuses a missing header with 401 and a challenge naming no error', () => {
    expectRefused(undefined, 'Bearer realm="petstore"');
  });

  it.each<[string, string | string[]]>([
    ['unknown key', 'Bearer key-three'],
    ['prefix of a key', 'Bearer key-on'],
    ['key with a suffix', 'Bearer key-one1'],
    ['key twice', 'Bearer key-onekey-one'],
    ['one character', 'Bearer k'],
    ['wrong scheme', 'Basic key-one'],
    ['no key', 'Bearer'],
    ['key with a space', 'Bearer key one'],
    ['two headers', ['Bearer key-one', 'Bearer key-one']],
    ['empty header', ''],
  ])('refuses %s with 401 and an invalid_token challenge', (_, header) => {
    expectRefused(header, 'Bearer realm="petstore", error="invalid_token"');
  });

  it('never echoes the presented key', () => {
    expect(authenticate('Bearer some-secret-guess')?.body).not.toContain('some-secret-guess');
  });

  it.each(['key-one', 'k', 'A.b_c~d+e/f', 'abc==', 'Zm9v'])('takes %j as a key that can be sent', (key) => {
    expect(isBearerToken(key)).toBe(true);
    expect(createAuthenticator([key])(`Bearer ${key}`)).toBeUndefined();
  });

  it.each(['', 'key one', 'key,two', 'a=b', '=abc', 'ключ', 'key\n'])(
    'refuses %j as a key no header could carry',
    (key) => {
      expect(isBearerToken(key)).toBe(false);
    },
  );
});
