// The executable's own conventions (issue 21, item 6): the version three ways, help with no command (exit 0),
// and each command's usage error pointing at that command's --help.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli-child.ts';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('petstore-kit', () => {
  it.each([['--version'], ['-v'], ['version']])('%s prints the version and exits 0', async (flag) => {
    const result = await runCli([flag]);
    expect(result).toEqual({ code: 0, output: `${version}\n` });
  });

  it.each([[[]], [['help']], [['--help']], [['-h']]])('%j prints the help and exits 0', async (args) => {
    const result = await runCli(args);
    expect(result.code).toBe(0);
    expect(result.output).toMatch(/^Usage: petstore-kit <command> \[options\]/);
    for (const command of ['serve', 'verify', 'dredd', 'proxy', 'version'])
      expect(result.output).toContain(`  ${command} `);
  });

  it.each(['serve', 'verify', 'dredd', 'proxy'])(
    'a usage error of %s names that command’s --help, exit 2',
    async (command) => {
      const result = await runCli([command, '--no-such-flag']);
      expect(result.code).toBe(2);
      expect(result.output).toContain(`petstore-kit ${command}: Unknown option '--no-such-flag'`);
      if (command !== 'dredd') expect(result.output).toContain(`Run petstore-kit ${command} --help for usage.`);
      else expect(result.output).toContain('Usage: petstore-kit dredd');
    },
  );

  // serve, verify and proxy have their tables beside their other tests (server-cli, verify-cli, proxy-cli).
  const BASE = ['--base-url', 'http://127.0.0.1:9/v1'];
  it.each([
    [['--base-url', '/v1'], '--base-url: "/v1" is not an absolute URL'],
    [['--base-url', 'file:///etc/passwd'], '--base-url: "file:///etc/passwd" is not an http(s) URL'],
    [[...BASE, '--quickstart-url', 'quickstart'], '--quickstart-url: "quickstart" is not an absolute URL'],
    [[...BASE, '--sunset-url', 'ftp://example.com/v1'], '--sunset-url: "ftp://example.com/v1" is not an http(s)'],
    [[...BASE, '--spec', 'no-such-spec.yaml'], '--spec no-such-spec.yaml: no such file'],
    [[...BASE, '--spec', 'docs'], '--spec docs: is a folder'],
    [[...BASE, 'stray'], "Unexpected argument 'stray'"],
  ])('dredd %j: one line naming the flag, exit 2', async (args, said) => {
    const result = await runCli(['dredd', ...args], { env: { PETSTORE_API_KEY: 'dredd-usage-key' } });
    expect(result.output).toContain(`petstore-kit dredd: ${said}`);
    expect(result.output).toContain('Usage: petstore-kit dredd');
    expect(result.code).toBe(2);
  });

  it('an unknown command lists the commands, exit 2', async () => {
    const result = await runCli(['nope']);
    expect(result.code).toBe(2);
    expect(result.output).toContain(
      'unknown command "nope". Commands: serve, verify, dredd, proxy, rehearse, coverage, version, help',
    );
  });
});
