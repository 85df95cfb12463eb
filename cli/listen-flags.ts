// The rows of the commands that listen (`serve`, `proxy`, `rehearse`), written once and spread into their
// tables: who may reach the local server (LISTEN_FLAGS, --host, --port) and `--brownout`.
import type { FlagTable } from './flag-table.ts';
import { adminOrigin, allowedHost, listenHost } from './host-flags.ts';
import { integerFlag, UsageError } from './usage-error.ts';
import { BrownoutSyntaxError, parseBrownout } from '../src/core/brownout/brownout-schedule.ts';

export const LISTEN_FLAGS = {
  allowedHosts: {
    name: 'allowed-host',
    type: 'string',
    multiple: true,
    value: 'NAME',
    check: allowedHost,
    help: 'Also answer requests for this Host, on any port (default: loopback names and addresses\nonly; .example.test for a domain and its subdomains, not *.example.test); repeat for several',
  },
  adminOrigins: {
    name: 'admin-origin',
    type: 'string',
    multiple: true,
    value: 'URL',
    check: adminOrigin,
    help: 'Let pages on this origin call the admin API (CORS), e.g. http://localhost:5173;\nrepeat for several',
  },
} as const satisfies FlagTable;

/** `--host` of a command that listens; `beyondLoopback` says what listening beyond loopback asks of it. */
export const hostRow = (beyondLoopback: string) =>
  ({
    name: 'host',
    type: 'string',
    value: 'HOST',
    default: '127.0.0.1',
    check: listenHost,
    help: `Interface to listen on (default 127.0.0.1; 0.0.0.0 for all). ${beyondLoopback}`,
  }) as const;

/** `--port`: a TCP port, 0 for a free one. */
export const portFlag = (text: string) => integerFlag('port', text, 0, 65535);

/**
 * `--brownout WINDOW`, repeatable: one window of the brownout schedule each (src/core/brownout), `START/END`,
 * `HH:MM/HH:MM` or a share, each with an optional `@SHARE`.
 */
export const brownoutRow = (help: string) =>
  ({ name: 'brownout', type: 'string', multiple: true, value: 'WINDOW', check: brownoutFlag, help }) as const;

/** What a window may be, after what is wrong with one (the core's messages are short: browsers carry them). */
const BROWNOUT_FORMS =
  'expected START/END (ISO 8601, e.g. 2030-11-01T09:00Z/2030-11-01T10:00Z), HH:MM/HH:MM (every day, UTC) or a share alone (50%), each with an optional @SHARE (@50% or @0.5)';

/** A window as the store's `brownouts` option takes it; what is wrong with it, on one line naming the flag. */
function brownoutFlag(text: string): string {
  try {
    parseBrownout(text);
  } catch (error) {
    if (error instanceof BrownoutSyntaxError) throw new UsageError(`--brownout: ${error.message}; ${BROWNOUT_FORMS}`);
    throw error;
  }
  return text;
}
