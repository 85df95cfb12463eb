// docs/cli.md, written from the texts the CLI itself prints for `--help` and `--version` (issue 21): the page
// shows every command and every flag exactly as the command line does, so the two cannot drift. generate.ts
// writes it with the other generated files; test/project/spec-contract.test.ts fails when it is stale, and
// test/mock/docs-commands.test.ts runs each command shown and compares what it really prints.
import { readFile } from 'node:fs/promises';

/** The `docs/cli.md` page. `root` is the repository's folder, with a trailing slash. */
export async function cliPage(root: string): Promise<string> {
  // Imported here, not at the top of generate.ts: these modules load the generated files generate.ts writes.
  const { SERVE_HELP } = await import('../cli/serve.ts');
  const { VERIFY_HELP } = await import('../cli/verify-help.ts');
  const { PROXY_HELP } = await import('../cli/proxy-help.ts');
  const { REHEARSE_HELP } = await import('../cli/rehearse-help.ts');
  const { COVERAGE_HELP } = await import('../cli/coverage-help.ts');
  const { dreddCommand } = await import('../cli/dredd.ts');
  const manifest = JSON.parse(await readFile(`${root}package.json`, 'utf8')) as { version: string };
  const mainHelp = constantOf(await readFile(`${root}cli/command-line.ts`, 'utf8'), 'HELP');
  // cli/dredd.ts keeps its usage text private: run the command's own --help path and keep what it prints.
  const dreddHelp = await printed(() => dreddCommand(['--help']));

  const command = (title: string, intro: string[], line: string, output: string) => [
    `## ${title}`,
    '',
    ...intro,
    '',
    '```sh',
    line,
    '```',
    '',
    '```text output',
    output.replace(/\n$/, ''),
    '```',
    '',
  ];
  return [
    "<!-- Generated from the CLI's help texts by `npm run generate` (scripts/generate-cli-docs.ts). Do not edit. -->",
    '# The `petstore-kit` command line',
    '',
    'Every command and every flag, exactly as `--help` prints them. This page is generated from the same',
    'texts, `npm test` fails when it is out of date (`test/project/spec-contract.test.ts`), and',
    '`test/mock/docs-commands.test.ts` runs each command below and compares what it prints.',
    '',
    'In a project that installed the kit, run it as `npx petstore-kit`. In a clone of the kit, run',
    '`node bin/petstore-kit.mjs`, or `npm run serve -- FLAGS`, `npm run verify -- FLAGS`, `npm run dredd -- FLAGS`.',
    '',
    'Common to every command:',
    '',
    '- **The API key** comes from `--api-key` or the environment variable `PETSTORE_API_KEY`. The older names',
    '  `PETSTORE_API_KEYS`, `PETSTORE_KIT_API_KEY` and `API_KEY` still work, with one line saying they are',
    '  deprecated. A key you configure is never printed.',
    "- **A mistake in the flags** is reported on stderr, with exit code 2 and a pointer to the command's help.",
    '- **A configuration file**, `petstore-kit.config.yaml` in the working directory or `--config FILE`, holds the',
    '  options of `serve`, `verify`, `proxy`, `rehearse` and `coverage` (each flag its key, flags winning over the file):',
    '  [config.md](config.md).',
    '',
    '| command | what it does |',
    '|---|---|',
    '| [`petstore-kit help`](#petstore-kit-help) | lists the commands |',
    '| [`petstore-kit version`](#petstore-kit-version) | prints the version |',
    '| [`petstore-kit serve`](#petstore-kit-serve) | the stateful mock ([state file](state-file.md), [frontend states](frontend-states.md)) |',
    '| [`petstore-kit verify`](#petstore-kit-verify) | the conformance judge ([verify](verify.md), [checks](checks.md)) |',
    "| [`petstore-kit dredd`](#petstore-kit-dredd) | Dredd with the kit's hooks ([judges](judges.md)) |",
    "| [`petstore-kit proxy`](#petstore-kit-proxy) | your app's traffic to a deployment, every exchange judged ([proxy](proxy.md)) |",
    '| [`petstore-kit rehearse`](#petstore-kit-rehearse) | your tests today and past the removal date ([rehearse](rehearse.md)) |',
    "| [`petstore-kit coverage`](#petstore-kit-coverage) | which parts of the interface a HAR log's traffic reached ([coverage](coverage.md)) |",
    '',
    ...command('`petstore-kit help`', ['Also `petstore-kit`, `--help` and `-h`.'], 'petstore-kit --help', mainHelp),
    ...command(
      '`petstore-kit version`',
      ['Also `petstore-kit version` and `-v`: the version of the installed package.'],
      'petstore-kit --version',
      `${manifest.version}\n`,
    ),
    ...command(
      '`petstore-kit serve`',
      [
        'It prints its URLs and key, then serves until `Ctrl-C`, `SIGTERM` or `SIGHUP` (or the end of the npx that',
        'started it), which stop it cleanly and flush the state file. Its banner is shown in the',
        '[README](../README.md).',
      ],
      'petstore-kit serve --help',
      SERVE_HELP,
    ),
    ...command(
      '`petstore-kit verify`',
      ['What each verdict means, the reporters and the limits it keeps: [verify.md](verify.md).'],
      'petstore-kit verify --help',
      VERIFY_HELP,
    ),
    ...command(
      '`petstore-kit dredd`',
      ['Needs Dredd, an optional peer: `npm install --save-dev dredd@^14.1.0`. See [judges.md](judges.md).'],
      'petstore-kit dredd --help',
      dreddHelp,
    ),
    ...command(
      '`petstore-kit proxy`',
      [
        'It prints its URLs, then forwards and judges until `Ctrl-C`, `SIGTERM` or `--exit-after`, and then writes',
        'its report. What it judges, its header, its recording and a CI recipe: [proxy.md](proxy.md).',
      ],
      'petstore-kit proxy --help',
      PROXY_HELP,
    ),
    ...command(
      '`petstore-kit rehearse`',
      ['The verdicts, the environment your command gets and a CI recipe: [rehearse.md](rehearse.md).'],
      'petstore-kit rehearse --help',
      REHEARSE_HELP,
    ),
    ...command(
      '`petstore-kit coverage`',
      ['The cells of the interface, the logs it reads and where the base URLs come from: [coverage.md](coverage.md).'],
      'petstore-kit coverage --help',
      COVERAGE_HELP,
    ),
  ].join('\n');
}

/** The text of `const NAME = \`…\`;` in a module that does not export it; a template with `${}` is refused. */
function constantOf(source: string, name: string): string {
  const match = new RegExp(`const ${name} = \`([^\`]*)\`;`).exec(source);
  if (!match || match[1].includes('${'))
    throw new Error(
      `cli/command-line.ts: expected a plain template literal \`const ${name} = \`…\`;\`; export it instead`,
    );
  return match[1];
}

/** What `run` writes with console.log, as the process would print it. */
async function printed(run: () => Promise<unknown>): Promise<string> {
  const log = console.log;
  let text = '';
  console.log = (...parts: unknown[]) => void (text += `${parts.join(' ')}\n`);
  try {
    await run();
  } finally {
    console.log = log;
  }
  return text;
}
