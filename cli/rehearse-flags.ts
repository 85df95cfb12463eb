// `petstore-kit rehearse`'s flags: one row each (flag-table.ts).
import { REHEARSE_REPORTERS } from '../src/rehearse/report.ts';
import { oneOf, type FlagTable } from './flag-table.ts';
import { JUDGE_FLAGS } from './judge-flags.ts';
import { brownoutRow } from './listen-flags.ts';
import { integerFlag, UsageError } from './usage-error.ts';

export const REHEARSE_FLAGS = {
  reporter: {
    name: 'reporter',
    type: 'string',
    value: 'NAME',
    default: 'pretty',
    choices: REHEARSE_REPORTERS,
    check: oneOf('reporter', REHEARSE_REPORTERS),
    help: 'pretty (default), json, junit or markdown (for a CI job summary)',
  },
  output: JUDGE_FLAGS.output,
  seed: {
    name: 'seed',
    type: 'string',
    value: 'N',
    default: '1',
    check: (text: string) => integerFlag('seed', text, 0, Number.MAX_SAFE_INTEGER),
    help: "The mock's data in both passes: the same seed gives the same pets (default 1)",
  },
  at: {
    name: 'at',
    type: 'string',
    value: 'DATE',
    check: dateFlag('at'),
    help: "The second pass's clock, YYYY-MM-DD (default: the day after the last removal date the\ndocument gives, 2030-12-06); a date before it rehearses an earlier point",
  },
  brownouts: brownoutRow(
    "Run the first pass under a brownout: a share alone (e.g. 50%) gives that share of its\ndeprecated calls (the tests' own MSW mocks' too) the removal's answer for the whole\npass; a window as serve --brownout takes it browns out only while today's clock is\ninside it. Drawn from --seed, so a rehearsal fails the same calls every time; the report\ncounts them. Repeat for several",
  ),
  failAfter: {
    name: 'fail-after',
    type: 'string',
    value: 'DATE',
    check: dateFlag('fail-after'),
    help: 'Your own deadline, YYYY-MM-DD: until that day (UTC) a not-ready verdict is a warning\n(exit 0); from the next day on it fails (exit 1). A command that fails today fails always',
  },
} as const satisfies FlagTable;

/** A YYYY-MM-DD date's check: that day at midnight UTC. */
function dateFlag(flag: string): (text: string) => Date {
  return (text) => {
    const date = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T00:00:00Z`) : new Date(Number.NaN);
    if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text)
      throw new UsageError(`--${flag}: expected a date YYYY-MM-DD, got "${text}"`);
    return date;
  };
}
