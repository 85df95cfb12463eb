// Brownouts: planned, temporary removals before the removal date (Stripe, Twilio and Meta run them so that
// callers notice early). Inside a window of the schedule (brownout-schedule.ts) and before the removal date, a
// share of the calls to a deprecated operation get the removal's own answer (DeprecationPolicy.removal: the
// same 410, Error body and headers as after the date), marked in the journal, HAR and dashboard.
//
// Which calls: a call is browned out when a number drawn from (the store's seed, the window's occurrence, the
// call, how many times this same call was made in the occurrence) is below the window's share. The draw is a
// pure function of those four, so two runs with the same seed that make the same calls fail the same calls.
// "The same call" is its method and target, plus the test that made it when the request names it
// (X-Petstore-Test): a parallel test runner interleaves its files' calls differently in every run, and a draw
// from one seeded sequence (as the faults' draws are) would then fail other calls each time; Math.random would
// fail other calls in every run by design.
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { headerValue } from '../core-request.ts';
import { createPrng } from '../faults/prng.ts';
import type { DeprecationPolicy } from '../http/deprecation.ts';
import { TEST_NAME_HEADER } from '../../shared/rehearsal-env.ts';
import { occurrenceAt, type BrownoutWindow } from './brownout-schedule.ts';

export interface Brownouts {
  /** The removal answer, marked as browned out, when this call is browned out at `now`; else undefined. */
  answer(policy: DeprecationPolicy, request: CoreRequest, now: Date): CoreResponse | undefined;
  /** Every call counts from one again (the store's reset), so a reset run browns out the same calls. */
  rewind(): void;
}

/** The brownouts of a schedule, drawn from `seed`; undefined for an empty schedule (nothing on the request path). */
export function createBrownouts(windows: readonly BrownoutWindow[], seed: number): Brownouts | undefined {
  if (!windows.length) return undefined;
  let occurrence: string | undefined;
  let counts = new Map<string, number>();
  return {
    answer(policy, request, now) {
      const time = now.getTime();
      // Only before a removal date: the pipeline asks after the removal itself (`gone`), and no date, no brownout.
      if (!(time < (policy.sunset ?? -Infinity))) return undefined;
      // The first window that holds `now`, in the order given.
      const window = windows.find((candidate) => occurrenceAt(candidate, time) !== undefined);
      if (!window) return undefined;
      const current = `${window.text}\n${occurrenceAt(window, time)}`;
      // Counts are kept for the current occurrence only, and at most 65,536 calls of it: memory stays bounded.
      if (current !== occurrence || counts.size > 65_535) {
        occurrence = current;
        counts = new Map();
      }
      const call = callOf(request);
      const nth = (counts.get(call) ?? 0) + 1;
      counts.set(call, nth);
      if (brownoutDraw(seed, current, call, nth) >= window.share) return undefined;
      const answer = policy.removal();
      answer.shaping = { by: [`brownout ${window.text}`], brownout: true };
      return answer;
    },
    rewind() {
      occurrence = undefined;
    },
  };
}

/** The call as the draw knows it: method, target and the test that made it, when the request names it. */
export function callOf(request: CoreRequest): string {
  return `${request.method} ${request.url}\n${headerValue(request, TEST_NAME_HEADER) ?? ''}`;
}

/** A number in [0, 1) that depends only on its arguments: the `nth` time `call` was made in `occurrence`. */
export function brownoutDraw(seed: number, occurrence: string, call: string, nth: number): number {
  // FNV-1a over the UTF-16 code units: a 32-bit hash of the text, which mulberry32 (prng.ts) then mixes evenly.
  const text = `${seed}\n${occurrence}\n${call}\n${nth}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return createPrng(hash)();
}
