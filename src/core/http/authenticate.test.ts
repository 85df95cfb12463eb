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

  it.each([
    ['missing', undefined, 'Bearer realm="petstore"'],
    ['unknown key', 'Bearer key-three', 'Bearer realm="petstore", error="invalid_token"'],
    ['prefix of a key', 'Bearer key-on', 'Bearer realm="petstore", error="invalid_token"'],
    ['key with a suffix', 'Bearer key-one1', 'Bearer realm="petstore", error="invalid_token"'],
    ['key twice', 'Bearer key-onekey-one', 'Bearer realm="petstore", error="invalid_token"'],
    ['one character', 'Bearer k', 'Bearer realm="petstore", error="invalid_token"'],
    ['wrong scheme', 'Basic key-one', 'Bearer realm="petstore", error="invalid_token"'],
    ['no key', 'Bearer', 'Bearer realm="petstore", error="invalid_token"'],
    ['key with a space', 'Bearer key one', 'Bearer realm="petstore", error="invalid_token"'],
    ['two headers', ['Bearer key-one', 'Bearer key-one'], 'Bearer realm="petstore", error="invalid_token"'],
    ['empty header', '', 'Bearer realm="petstore", error="invalid_token"'],
  ])('refuses %s with 401 and a challenge', (_, header, challenge) => {
    const response = authenticate(header as string | string[] | undefined);
    expect(response?.status).toBe(401);
    expect(response?.headers['www-authenticate']).toBe(challenge);
    expect(JSON.parse(response!.body!)).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
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
