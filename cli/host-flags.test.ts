import { describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../src/shared/dev-api-key.ts';
import { hostAllowList } from '../src/shared/host-names.ts';
import { allowedHost, hostListenError, listenHost, refuseDevelopmentKeyBeyondLoopback } from './host-flags.ts';
import { usageRefusal } from '../test/support/usage-refusal.ts';
import { UsageError } from './usage-error.ts';

const refusal = usageRefusal;

describe('--allowed-host', () => {
  it.each([
    ['App.Test', 'app.test'],
    ['.Example.Test', '.example.test'],
    ['example.test.', 'example.test'],
    ['192.168.1.20', '192.168.1.20'],
    ['::1', '[::1]'],
    ['[fe80::1]', '[fe80::1]'],
    ['bücher.test', 'xn--bcher-kva.test'],
  ])('%s is kept as the allowlist compares Host headers: %s', (text, entry) => {
    expect(allowedHost(text)).toBe(entry);
    // What it returns is honoured: a request for that name is answered by a server on loopback.
    const name = entry.startsWith('.') ? `api${entry}` : entry;
    expect(hostAllowList('127.0.0.1', [entry]).allows(name)).toBe(true);
  });

  it.each([
    ['*', /"\*" is a wildcard.*pass \.example\.test/],
    ['*.example.test', /wildcard/],
    ['app.*', /wildcard/],
    ['app.test:5173', /holds a port.*every port is answered/],
    ['[::1]:5173', /holds a port/],
    ['http://app.test', /is a URL; pass its host name alone/],
    ['', /expected a host name/],
    ['.', /expected a host name/],
    ['a..b', /expected a host name/],
    ['a/b', /expected a host name/],
    ['user@app.test', /expected a host name/],
    ['app test', /expected a host name/],
    ['.10.0.0.1', /expected a host name/],
  ])('%j is refused, naming the flag and the fix', (text, why) => {
    const message = refusal(() => allowedHost(text));
    expect(message).toMatch(/^--allowed-host: /);
    expect(message).toMatch(why);
  });
});

describe('--host', () => {
  it.each(['127.0.0.1', '0.0.0.0', 'localhost', '::', '::1', '192.168.1.20'])('takes %s', (host) => {
    expect(listenHost(host)).toBe(host);
  });

  it('takes an IPv6 address in brackets, and listens on it bare', () => {
    expect(listenHost('[::1]')).toBe('::1');
  });

  it.each([
    ['127.0.0.1:8080', /holds a port.*--port/],
    ['', /expected an address/],
    ['999.1.1.1', /expected an address/],
    ['http://0.0.0.0', /expected an address/],
    ['a b', /expected an address/],
  ])('%j is refused', (host, why) => {
    const message = refusal(() => listenHost(host));
    expect(message).toMatch(/^--host: /);
    expect(message).toMatch(why);
  });

  it('turns the listen errors --host causes into usage errors, and leaves the others', () => {
    const failed = (code: string) => Object.assign(new Error(code), { code });
    expect(hostListenError(failed('ENOTFOUND'), 'nowhere.invalid')).toBeInstanceOf(UsageError);
    expect((hostListenError(failed('EADDRNOTAVAIL'), '10.9.9.9') as Error).message).toMatch(
      /^--host 10\.9\.9\.9: not an address of this machine/,
    );
    const inUse = failed('EADDRINUSE');
    expect(hostListenError(inUse, '127.0.0.1')).toBe(inUse);
  });
});

describe('the development key beyond loopback', () => {
  it.each(['0.0.0.0', '::', '192.168.1.20', 'my-laptop.lan'])(
    'a server on %s that accepts the public key is refused, in one line naming the fix',
    (host) => {
      const message = refusal(() => refuseDevelopmentKeyBeyondLoopback(host, [DEV_API_KEY]));
      expect(message).toMatch(new RegExp(`^--host ${host.replace(/\./g, '\\.')} `));
      expect(message).toContain('--api-key KEY or PETSTORE_API_KEY');
      expect(message).not.toContain('\n');
      // Beside a key of one's own, the public one still opens the door: refused too.
      refusal(() => refuseDevelopmentKeyBeyondLoopback(host, ['own-key', DEV_API_KEY]));
    },
  );

  it('lets a key of your own listen anywhere, and the development key on loopback', () => {
    for (const host of ['0.0.0.0', '192.168.1.20']) refuseDevelopmentKeyBeyondLoopback(host, ['own-key']);
    for (const host of ['127.0.0.1', 'localhost', '::1', '127.0.0.2', 'app.localhost'])
      refuseDevelopmentKeyBeyondLoopback(host, [DEV_API_KEY]);
    // No key at all (the proxy's admin API then refuses everyone): nothing to refuse.
    refuseDevelopmentKeyBeyondLoopback('0.0.0.0', []);
  });
});
