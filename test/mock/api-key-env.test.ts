// One name for the API key across the commands (PETSTORE_API_KEY); the old names still work, each with
// one deprecation line that names the variable, never its value.
import { afterEach, describe, expect, it } from 'vitest';
import { runCli, startCli, type CliChild } from '../support/cli-child.ts';

const SECRET = 'alias-secret-key';
const deprecation = (name: string) =>
  `[petstore-kit] ${name} is deprecated: set PETSTORE_API_KEY instead (same value).`;
const count = (text: string, line: string) => text.split(line).length - 1;
const children: CliChild[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) await child.stop('SIGKILL');
});

describe('the API-key environment variable', () => {
  it('serve: PETSTORE_API_KEYS still configures the keys, with one deprecation line', async () => {
    const cli = await startCli([], { env: { PETSTORE_API_KEY: undefined, PETSTORE_API_KEYS: SECRET } });
    children.push(cli);
    const response = await fetch(`${cli.origin}/v1/pets?limit=1`, { headers: { authorization: `Bearer ${SECRET}` } });
    expect(response.status).toBe(200);
    expect(count(cli.output(), deprecation('PETSTORE_API_KEYS'))).toBe(1);
    expect(cli.output()).not.toContain(SECRET);
  });

  it('verify: PETSTORE_API_KEY is read silently, API_KEY with one deprecation line', async () => {
    const cli = await startCli([], { env: { PETSTORE_API_KEY: SECRET } });
    children.push(cli);
    const args = ['verify', '--base-url', `${cli.origin}/v1`, '--checks', 'authRequired', '--reporter', 'json'];
    const current = await runCli(args, { env: { PETSTORE_API_KEY: SECRET } });
    expect(current.code, current.output).toBe(0);
    expect(current.output).not.toContain('deprecated');
    const old = await runCli(args, { env: { PETSTORE_API_KEY: undefined, API_KEY: SECRET } });
    expect(old.code, old.output).toBe(0);
    expect(count(old.output, deprecation('API_KEY'))).toBe(1);
    expect(old.output).not.toContain(SECRET);
  });

  it('dredd: PETSTORE_KIT_API_KEY still counts as the key, with one deprecation line', async () => {
    const { code, output } = await runCli(['dredd', '--base-url', 'not-a-url'], {
      env: { PETSTORE_API_KEY: undefined, PETSTORE_KIT_API_KEY: SECRET },
    });
    expect(code).toBe(2);
    expect(output).toContain('--base-url: "not-a-url" is not an absolute URL');
    expect(output).not.toContain('--api-key is required');
    expect(count(output, deprecation('PETSTORE_KIT_API_KEY'))).toBe(1);
  });
});
