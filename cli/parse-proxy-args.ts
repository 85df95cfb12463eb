// `petstore-kit proxy` flags → startProxy's options and what only the command uses (log, report, exit).
import { parseArgs } from 'node:util';
import type { ProxyOptions } from '../integrations/proxy/proxy-options.ts';
import { adminOrigin, allowedHost } from './host-flags.ts';
import { integerFlag, UsageError } from './usage-error.ts';

const REPORTERS = ['pretty', 'json', 'junit'] as const;
const PROFILES = ['interface', 'petstore-kit'] as const;

export interface ProxyArgs {
  help: boolean;
  options: ProxyOptions;
  log: boolean;
  /** Stop after this many exchanges, or after this many seconds. */
  exitAfter?: { exchanges: number } | { seconds: number };
  reporter?: (typeof REPORTERS)[number];
  output?: string;
}

export function parseProxyArgs(argv: string[]): ProxyArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      target: { type: 'string' },
      'quickstart-target': { type: 'string' },
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string', default: '4011' },
      'allowed-host': { type: 'string', multiple: true },
      'admin-origin': { type: 'string', multiple: true },
      profile: { type: 'string' },
      overlay: { type: 'string' },
      spec: { type: 'string' },
      checks: { type: 'string' },
      'exclude-checks': { type: 'string' },
      timeout: { type: 'string', default: '10000' },
      log: { type: 'boolean', default: false },
      record: { type: 'string' },
      'exit-after': { type: 'string' },
      reporter: { type: 'string' },
      output: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) return { help: true, options: { target: '' }, log: false };
  if (!values.target) throw new UsageError('--target is required (e.g. --target https://staging.example.com/v1)');
  const profile = values.profile as ProxyOptions['profile'];
  if (profile !== undefined && !PROFILES.includes(profile))
    throw new UsageError(`--profile must be one of ${PROFILES.join(', ')}, not "${values.profile}"`);
  if (values.overlay !== undefined && profile === 'petstore-kit')
    throw new UsageError(
      "--overlay and --profile petstore-kit exclude each other: the overlay replaces petstore-kit's choices",
    );
  const reporter = values.reporter as ProxyArgs['reporter'];
  if (reporter !== undefined && !REPORTERS.includes(reporter))
    throw new UsageError(`--reporter must be one of ${REPORTERS.join(', ')}, not "${values.reporter}"`);
  if (values.output !== undefined && reporter === undefined)
    throw new UsageError('--output: it writes the report of --reporter; pass --reporter json, junit or pretty');
  return {
    help: false,
    options: {
      target: values.target,
      quickstartTarget: values['quickstart-target'],
      host: values.host,
      port: integerFlag('port', values.port, 0, 65535),
      allowedHosts: values['allowed-host']?.map(allowedHost),
      adminOrigins: values['admin-origin']?.map(adminOrigin),
      profile,
      overlayPath: values.overlay,
      specPath: values.spec,
      checks: list(values.checks),
      excludeChecks: list(values['exclude-checks']),
      timeoutMs: integerFlag('timeout', values.timeout, 1, 3_600_000),
      recordPath: values.record,
    },
    log: values.log,
    exitAfter: values['exit-after'] === undefined ? undefined : exitAfter(values['exit-after']),
    reporter,
    output: values.output,
  };
}

/** `--exit-after 100` (exchanges) or `--exit-after 30s` (seconds). */
function exitAfter(text: string): NonNullable<ProxyArgs['exitAfter']> {
  const seconds = text.endsWith('s');
  const digits = seconds ? text.slice(0, -1) : text;
  if (!/^\d{1,9}$/.test(digits) || Number(digits) < 1)
    throw new UsageError(
      `--exit-after: expected a number of exchanges (e.g. 100) or of seconds (e.g. 30s), got "${text}"`,
    );
  return seconds ? { seconds: Number(digits) } : { exchanges: Number(digits) };
}

function list(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
