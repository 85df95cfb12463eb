// The rehearsal's one verdict, from its two passes: the user's command on today's clock, and past every
// removal date the document gives (under --brownout, the first pass browns out calls ahead of the date).
import type { PassResult } from './run-pass.ts';

export type Verdict = 'ready' | 'ready-with-fallback' | 'not-ready';

export interface Judgement {
  verdict: Verdict;
  /** One sentence a reader acts on. */
  reason: string;
  /** The process's exit code: 0 ready (with or without a fallback), 1 not ready. */
  exitCode: 0 | 1;
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
