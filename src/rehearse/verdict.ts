// The rehearsal's one verdict, from its two passes: the user's command on today's clock, and past every
// removal date the document gives (under --brownout, the first pass browns out calls ahead of the date).
import type { PassResult } from './run-pass.ts';

export type Verdict = 'ready' | 'ready-with-fallback' | 'not-ready';

export interface Judgement {
  verdict: Verdict;
  /** One sentence a reader acts on. */
  reason: string;
  /** The process's exit code: 0 ready (with or without a fallback), 1 not ready (0 before the team's deadline). */
  exitCode: 0 | 1;
  /** The team's own deadline (`--fail-after`), when given: until that day a not-ready verdict only warns. */
  deadline?: { failAfter: string; warning: boolean };
}

export function judge(today: PassResult, removed: PassResult): Judgement {
  const calls = today.calls.length;
  const brownedOut = today.brownout?.calls ?? 0;
  if (today.exitCode !== 0 && brownedOut)
    return {
      verdict: 'not-ready',
      reason: `the command fails under the brownout on today's clock (exit ${today.exitCode}; ${brownedOut} of ${calls} deprecated call(s) browned out): it does not survive a temporary removal`,
      exitCode: 1,
    };
  if (today.exitCode !== 0)
    return {
      verdict: 'not-ready',
      reason: `the command already fails on today's clock (exit ${today.exitCode}): fix that first; nothing was rehearsed`,
      exitCode: 1,
    };
  if (removed.exitCode !== 0)
    return {
      verdict: 'not-ready',
      reason: `the command fails once the deprecated operations are removed (exit ${removed.exitCode})${calls ? `: ${calls} deprecated call(s) today` : ''}`,
      exitCode: 1,
    };
  if (calls || removed.calls.length)
    return {
      verdict: 'ready-with-fallback',
      reason: `the command passes both times, but makes ${calls} deprecated call(s) today${brownedOut ? ` (${brownedOut} browned out)` : ''} and ${removed.calls.length} after the removal (each answered as removed): move them to the replacement`,
      exitCode: 0,
    };
  return { verdict: 'ready', reason: 'the command passes both times and makes no deprecated call', exitCode: 0 };
}

/**
 * The verdict against the team's deadline (`--fail-after DATE`, docs/rehearse.md#in-ci): an app that breaks
 * once the removal happens is a warning (exit 0) until that day ends (UTC), a failure from the next day on.
 * A command that fails on today's clock fails whatever the date: nothing was rehearsed.
 */
export function againstDeadline(judgement: Judgement, today: PassResult, failAfter: Date, now: Date): Judgement {
  const day = failAfter.toISOString().slice(0, 10);
  if (judgement.verdict !== 'not-ready' || today.exitCode !== 0) return judgement;
  const warning = now.toISOString().slice(0, 10) <= day;
  return {
    ...judgement,
    reason: `${judgement.reason}; ${warning ? `a warning until ${day} (--fail-after), a failure after it` : `past the deadline ${day} (--fail-after)`}`,
    exitCode: warning ? 0 : 1,
    deadline: { failAfter: day, warning },
  };
}
