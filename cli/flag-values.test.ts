import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpUrlFlag, readableFileFlag, writableFileFlag } from './flag-values.ts';
import { checkNamesFlag } from './judge-flags.ts';
import { usageRefusal } from '../test/support/usage-refusal.ts';

const refusal = usageRefusal;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'petstore-flag-values-'));
  await writeFile(join(dir, 'spec.yaml'), 'openapi: 3.0.3\n');
  await mkdir(join(dir, 'folder'));
  await mkdir(join(dir, 'locked'));
  await chmod(join(dir, 'locked'), 0o500);
});
afterAll(async () => {
  await chmod(join(dir, 'locked'), 0o700);
  await rm(dir, { recursive: true, force: true });
});
// root may write anywhere: the permission cases hold only for other users.
const root = process.getuid?.() === 0;

describe('URL flags', () => {
  it.each(['http://127.0.0.1:4010/v1', 'https://staging.example.com/v1', 'http://[::1]:4010/v1'])('take %s', (url) => {
    expect(httpUrlFlag('target', url, 'https://staging.example.com/v1')).toBe(url);
  });

  it.each([
    ['/v1', /"\/v1" is not an absolute URL; pass the whole URL, e.g. https:\/\/staging\.example\.com\/v1/],
    ['staging.example.com/v1', /not an absolute URL/],
    ['file:///etc/passwd', /is not an http\(s\) URL/],
    ['ftp://example.com/v1', /is not an http\(s\) URL/],
    ['javascript:alert(1)', /is not an http\(s\) URL/],
    ['', /not an absolute URL/],
  ])('refuse %j, naming the flag', (url, why) => {
    const message = refusal(() => httpUrlFlag('target', url, 'https://staging.example.com/v1'));
    expect(message).toMatch(/^--target: /);
    expect(message).toMatch(why);
  });
});

describe('file flags', () => {
  it('a file to read must be there and be a file', () => {
    expect(readableFileFlag('spec', join(dir, 'spec.yaml'))).toBe(join(dir, 'spec.yaml'));
    expect(refusal(() => readableFileFlag('spec', join(dir, 'missing.yaml')))).toMatch(
      /^--spec .*missing\.yaml: no such file; pass a readable file$/,
    );
    expect(refusal(() => readableFileFlag('overlay', join(dir, 'folder')))).toMatch(/^--overlay .*: is a folder/);
  });

  it('a file to write needs a folder that exists and may be written to', () => {
    expect(writableFileFlag('output', join(dir, 'report.xml'))).toBe(join(dir, 'report.xml'));
    expect(writableFileFlag('output', join(dir, 'spec.yaml'))).toBe(join(dir, 'spec.yaml')); // overwritten
    expect(refusal(() => writableFileFlag('record', join(dir, 'nope', 'session.har')))).toMatch(
      /^--record .*session\.har: its folder .*nope does not exist; pass a file path in a folder you can write to$/,
    );
    expect(refusal(() => writableFileFlag('output', join(dir, 'folder')))).toMatch(/^--output .*: is a folder/);
    if (!root)
      expect(refusal(() => writableFileFlag('state-file', join(dir, 'locked', 'state.json')))).toMatch(
        /^--state-file .*: its folder .*locked may not be written to/,
      );
  });
});

describe('check names', () => {
  it('takes the built-in checks, comma-separated, and refuses another name with the list', () => {
    expect(checkNamesFlag('checks', 'authRequired, limitBounds,')).toEqual(['authRequired', 'limitBounds']);
    expect(checkNamesFlag('checks', undefined)).toBeUndefined();
    const message = refusal(() => checkNamesFlag('exclude-checks', 'authRequired,noSuchCheck'));
    expect(message).toMatch(/^--exclude-checks: unknown check 'noSuchCheck'\. Known checks: authRequired, /);
  });
});
