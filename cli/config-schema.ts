// The JSON Schema of the configuration file, from the commands' flag tables, so editors complete and check its
// keys (`# yaml-language-server: $schema=…` in YAML, `"$schema"` in JSON). `npm run generate` writes it to
// petstore-kit.config.schema.json, shipped in the package; the loader itself checks with the flags' own checks.
import { COVERAGE_FLAGS } from './coverage-flags.ts';
import type { Flag, FlagTable } from './flag-table.ts';
import { PROXY_FLAGS } from './proxy-flags.ts';
import { REHEARSE_FLAGS } from './rehearse-flags.ts';
import { SERVE_FLAGS } from './serve-flags.ts';
import { VERIFY_FLAGS } from './verify-flags.ts';

export const CONFIG_SCHEMA_FILE = 'petstore-kit.config.schema.json';

export function configSchema(): Record<string, unknown> {
  const section = (command: string, table: FlagTable) => ({
    type: 'object',
    description: `Options of petstore-kit ${command}: each key is a flag (see petstore-kit ${command} --help); a flag given on the command line wins.`,
    additionalProperties: false,
    properties: Object.fromEntries(Object.entries(table).map(([key, flag]) => [key, valueSchema(flag)])),
  });
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'petstore-kit configuration file (petstore-kit.config.yaml)',
    description:
      'Options of serve, verify, proxy, rehearse and coverage; ${VAR} and ${VAR:-default} read the environment. See docs/config.md.',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      serve: section('serve', SERVE_FLAGS),
      verify: section('verify', VERIFY_FLAGS),
      proxy: section('proxy', PROXY_FLAGS),
      rehearse: section('rehearse', REHEARSE_FLAGS),
      coverage: section('coverage', COVERAGE_FLAGS),
    },
  };
}

function valueSchema(flag: Flag): Record<string, unknown> {
  const description = `--${flag.name}: ${flag.help.replace(/\n/g, ' ')}`;
  if (flag.type === 'boolean') return { description, type: 'boolean' };
  const one = flag.json
    ? { type: 'object' }
    : flag.choices
      ? { type: 'string', enum: [...flag.choices] }
      : { type: ['string', 'number'] };
  const withDefault = flag.default === undefined ? {} : { default: flag.default };
  if (!flag.multiple && !flag.list) return { description, ...one, ...withDefault };
  return { description, anyOf: [one, { type: 'array', items: one }] };
}
