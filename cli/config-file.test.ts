// The configuration file's loader: a table of files → the flag values each command gets, or the exact error
// (file, line, key). In process: the flags' tables and checks are the commands' own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { afterAll, describe, expect, it } from 'vitest';
import { usageRefusal } from '../test/support/usage-refusal.ts';
import { findConfigFile, interpolate, loadConfigSection, type ConfigSection } from './config-file.ts';
import { configSchema } from './config-schema.ts';
import { COVERAGE_FLAGS } from './coverage-flags.ts';
import { readFlags, type FlagTable } from './flag-table.ts';
import { parseProxyArgs } from './parse-proxy-args.ts';
import { parseVerifyArgs } from './parse-verify-args.ts';
import { PROXY_FLAGS } from './proxy-flags.ts';
import { REHEARSE_FLAGS } from './rehearse-flags.ts';
import { SERVE_FLAGS } from './serve-flags.ts';
import { VERIFY_FLAGS } from './verify-flags.ts';

const TABLES: Record<ConfigSection, FlagTable> = {
  serve: SERVE_FLAGS,
  verify: VERIFY_FLAGS,
  proxy: PROXY_FLAGS,
  rehearse: REHEARSE_FLAGS,
  coverage: COVERAGE_FLAGS,
};
const ENV = { PETSTORE_API_KEY: 'sk-from-env' };

/** Every folder the tests write, removed when the file ends. */
const ROOT = mkdtempSync(join(tmpdir(), 'petstore-kit-config-'));
afterAll(() => rmSync(ROOT, { recursive: true, force: true }));

/** A fresh folder holding `name` with `text`; returns the folder. */
function folderWith(text: string, name = 'petstore-kit.config.yaml'): string {
  const dir = mkdtempSync(join(ROOT, 'case-'));
  writeFileSync(join(dir, name), text);
  return dir;
}

function load(text: string, section: ConfigSection, name = 'petstore-kit.config.yaml') {
  const dir = folderWith(text, name);
  return loadConfigSection(join(dir, name), TABLES[section], section, ENV, dir);
}

/** The error's message, with the temporary folder written as <dir>. */
function errorOf(text: string, section: ConfigSection, name?: string): string {
  return usageRefusal(() => load(text, section, name));
}

describe('the configuration file', () => {
  it.each([
    ['serve: { port: 4100, seed: 7, log: true }', 'serve', { port: '4100', seed: '7', log: true }],
    [
      'verify:\n  apiKey: ${PETSTORE_API_KEY}\n  timeout: 2500',
      'verify',
      { 'api-key': 'sk-from-env', timeout: '2500' },
    ],
    ['verify:\n  apiKey: ${UNSET_KEY:-fallback}', 'verify', { 'api-key': 'fallback' }],
    ['verify:\n  checks: [authRequired, credentialFirst]', 'verify', { checks: 'authRequired,credentialFirst' }],
    [
      'proxy:\n  target: https://staging.example.com/v1\n  exitAfter: 30s',
      'proxy',
      { target: 'https://staging.example.com/v1', 'exit-after': '30s' },
    ],
    [
      'serve:\n  allowedHosts: app.test\n  adminOrigins: [http://localhost:5173]',
      'serve',
      { 'allowed-host': ['app.test'], 'admin-origin': ['http://localhost:5173'] },
    ],
    [
      'serve:\n  rules:\n    - { operation: listPets, example: empty }',
      'serve',
      { rule: ['{"operation":"listPets","example":"empty"}'] },
    ],
    ['serve:\n  brownouts: [09:00/09:15@50%, 0.1]', 'serve', { brownout: ['09:00/09:15@50%', '0.1'] }],
    ['rehearse:\n  brownouts: 50%', 'rehearse', { brownout: ['50%'] }],
    [
      'coverage:\n  baseUrl: http://127.0.0.1:4010/v1\n  minCoverage: 80\n  reporter: markdown',
      'coverage',
      { 'base-url': 'http://127.0.0.1:4010/v1', 'min-coverage': '80', reporter: 'markdown' },
    ],
    // Another command's section is not this one's business; an empty file or section gives nothing.
    ['verify: { timeout: 5 }\nserve: { port: 1 }', 'proxy', {}],
    ['', 'serve', {}],
    ['serve:', 'serve', {}],
  ] as const)('%j gives %s the values %j', (text, section, values) => {
    expect(load(text, section)).toEqual(values);
  });

  it('reads JSON too, with its $schema key', () => {
    const json = '{\n  "$schema": "./petstore-kit.config.schema.json",\n  "verify": { "timeout": 9000 }\n}';
    expect(load(json, 'verify', 'petstore-kit.config.json')).toEqual({ timeout: '9000' });
    expect(errorOf('{\n  "verify": {\n    "timeout": "abc"\n  }\n}', 'verify', 'petstore-kit.config.json')).toBe(
      'petstore-kit.config.json:3: verify.timeout: expected an integer from 1 to 3600000, got "abc"',
    );
  });

  it('resolves a path from the folder of the file', () => {
    const dir = folderWith('verify:\n  spec: spec.yaml');
    writeFileSync(join(dir, 'spec.yaml'), 'openapi: 3.0.3');
    expect(loadConfigSection(join(dir, 'petstore-kit.config.yaml'), VERIFY_FLAGS, 'verify', ENV, dir)).toEqual({
      spec: join(dir, 'spec.yaml'),
    });
  });

  it.each([
    [
      'verify:\n  baseUrl: http://127.0.0.1:4010/v1\n  timeout: abc',
      'verify',
      '3: verify.timeout: expected an integer from 1 to 3600000, got "abc"',
    ],
    ['verify:\n  timout: 5', 'verify', '2: verify.timout: unknown key; did you mean timeout?'],
    ['verify:\n  base-url: http://x.test/v1', 'verify', '2: verify.base-url: unknown key; did you mean baseUrl?'],
    ['verfy:\n  timeout: 5', 'verify', '1: verfy: unknown section; did you mean verify?'],
    ['serve:\n  port: 4010\n  colour: true', 'serve', '3: serve.colour: unknown key'],
    [
      'verify:\n  apiKey: ${NOT_SET_ANYWHERE}',
      'verify',
      '2: verify.apiKey: the environment variable NOT_SET_ANYWHERE is not set (${NOT_SET_ANYWHERE})',
    ],
    ['serve:\n  log: yes please', 'serve', '2: serve.log: expected true or false, got "yes please"'],
    ['serve:\n  port: [1, 2]', 'serve', '2: serve.port: expected a single value'],
    ['serve:\n  port: 70000', 'serve', '2: serve.port: expected an integer from 0 to 65535, got "70000"'],
    ['verify:\n  profile: strict', 'verify', '2: verify.profile: must be one of interface, petstore-kit, not "strict"'],
    [
      'proxy:\n  target: staging.example.com',
      'proxy',
      '2: proxy.target: "staging.example.com" is not an absolute URL; pass the whole URL, e.g. https://staging.example.com/v1',
    ],
    [
      'serve:\n  allowedHosts:\n    - app.test\n    - "*.example.test"',
      'serve',
      '4: serve.allowedHosts: "*.example.test" is a wildcard, which is not matched; pass .example.test for example.test and its subdomains',
    ],
    ['verify:\n  checks: [no_such_check]', 'verify', "2: verify.checks: unknown check 'no_such_check'. Known checks: "],
    ['verify: [1]', 'verify', '1: verify: expected keys such as baseUrl, quickstartUrl, apiKey'],
    ['- serve', 'serve', '1: expected sections serve, verify, proxy, rehearse'],
    ['serve:\n  port: 1\n  port: 2', 'serve', '3: serve.port: given twice'],
    [
      'serve:\n  brownouts:\n    - 10%\n    - 9 to 5',
      'serve',
      '4: serve.brownouts: "9 to 5" is not a brownout window; expected START/END (ISO 8601, e.g. 2030-11-01T09:00Z/2030-11-01T10:00Z), HH:MM/HH:MM (every day, UTC) or a share alone (50%), each with an optional @SHARE (@50% or @0.5)',
    ],
  ] as const)('%j: exit 2 naming file, line and key', (text, section, message) => {
    const error = errorOf(text, section);
    expect(error.startsWith(`petstore-kit.config.yaml:${message}`), error).toBe(true);
  });

  it('never echoes a key it refuses', () => {
    const error = errorOf('verify:\n  apiKey: "sk-secret\\u0001"', 'verify');
    expect(error).toBe(
      'petstore-kit.config.yaml:2: verify.apiKey: a key may hold only printable ASCII characters (it is sent in a header)',
    );
  });

  it('is found in the working directory only, and two of them are one too many', () => {
    const dir = folderWith('serve: {}');
    expect(findConfigFile(dir)).toBe(join(dir, 'petstore-kit.config.yaml'));
    mkdirSync(join(dir, 'sub'));
    expect(findConfigFile(join(dir, 'sub'))).toBeUndefined();
    writeFileSync(join(dir, 'petstore-kit.config.json'), '{}');
    expect(() => findConfigFile(dir)).toThrow(
      'petstore-kit.config.yaml and petstore-kit.config.json: two configuration files; keep one, or pass --config FILE',
    );
  });

  it('interpolates ${VAR} and ${VAR:-default} in one pass, linear in the text', () => {
    expect(interpolate('Bearer ${A}-${B:-b}', { A: 'a' })).toBe('Bearer a-b');
    expect(interpolate('no variables', {})).toBe('no variables');
    expect(() => interpolate('${A', {})).toThrow('"${" without its closing "}"');
    expect(() => interpolate('${1A}', {})).toThrow('"${1A}" does not name an environment variable');
    const long = '${'.repeat(50_000);
    expect(() => interpolate(long, {})).toThrow('without its closing');
  });
});

describe('flags and the file', () => {
  it('a flag wins over the file, the file over the default', () => {
    const dir = folderWith(
      'verify:\n  baseUrl: http://127.0.0.1:4010/v1\n  apiKey: ${PETSTORE_API_KEY}\n  timeout: 2500\n  profile: petstore-kit\n' +
        'proxy:\n  target: https://staging.example.com/v1\n  timeout: 3000\n',
    );
    const verify = parseVerifyArgs(['--profile', 'interface'], ENV, dir);
    expect(verify).toMatchObject({
      baseUrl: 'http://127.0.0.1:4010/v1',
      apiKey: 'sk-from-env',
      timeoutMs: 2500,
      profile: 'interface',
    });
    expect(parseVerifyArgs([], ENV, dir).profile).toBe('petstore-kit');
    const proxy = parseProxyArgs(['--timeout', '100'], ENV, dir);
    expect(proxy.options).toMatchObject({ target: 'https://staging.example.com/v1', timeoutMs: 100, port: 4020 });
    expect(readFlags(SERVE_FLAGS, [], { section: 'serve', env: ENV, cwd: dir })).toMatchObject({
      port: '4010',
      seed: '1',
    });
  });

  it("--config FILE is read instead of the working directory's; --help reads no file", () => {
    const dir = folderWith('verify:\n  timeout: nope');
    const other = folderWith('verify:\n  timeout: 1234', 'ci.yaml');
    const args = ['--base-url', 'http://127.0.0.1:4010/v1', '--config', join(other, 'ci.yaml')];
    expect(parseVerifyArgs(args, ENV, dir).timeoutMs).toBe(1234);
    expect(parseVerifyArgs(['--help'], ENV, dir).help).toBe(true);
    expect(() => parseVerifyArgs(['--base-url', 'http://127.0.0.1:4010/v1'], ENV, dir)).toThrow(
      'petstore-kit.config.yaml:2: verify.timeout: expected an integer',
    );
    expect(() => parseVerifyArgs(['--config', join(dir, 'missing.yaml')], ENV, dir)).toThrow(
      /^--config .*missing\.yaml: no such file/,
    );
  });

  it('the shipped schema knows every key of every table, and the example file keeps to it', async () => {
    const schema = configSchema() as { properties: Record<string, { properties?: Record<string, unknown> }> };
    for (const [section, table] of Object.entries(TABLES))
      expect(Object.keys(schema.properties[section].properties!)).toEqual(Object.keys(table));
    const { readFile } = await import('node:fs/promises');
    const example = parse(await readFile(new URL('../fixtures/petstore-kit.config.yaml', import.meta.url), 'utf8'));
    const validate = new Ajv({ strict: false }).compile(schema);
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ verify: { timout: 5 } })).toBe(false);
  });
});
