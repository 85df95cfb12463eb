// The serve command's fault flags, turned into faults armed at start-up (docs/frontend-states.md):
//   --fail-rate 0.1     503 for each request with probability 0.1
//   --delay 300         every answer 300 ms late; --delay 200-800 a delay drawn between the two
//   --fault JSON        any fault, as POST /__admin/faults takes it (repeatable)
import type { FaultInput } from '../src/core/index.ts';
import { MAX_DELAY_MS } from '../src/core/index.ts';
import { storeFlag } from './store-checked.ts';
import { UsageError } from './usage-error.ts';

/** The status `--fail-rate` answers: 503 Service Unavailable, the transient failure a page retries. */
export const FAIL_RATE_STATUS = 503;

export function faultsFromFlags(values: { 'fail-rate'?: string; delay?: string; fault?: string[] }): FaultInput[] {
  const faults: FaultInput[] = [];
  const rate = values['fail-rate'];
  if (rate !== undefined) {
    if (!/^(0(\.\d+)?|1(\.0+)?)$/.test(rate))
      throw new UsageError(`--fail-rate: expected a probability from 0 to 1, e.g. 0.1, got "${rate}"`);
    if (Number(rate) > 0) faults.push({ status: FAIL_RATE_STATUS, probability: Number(rate) });
  }
  if (values.delay !== undefined && values.delay !== '0') faults.push(delayFault(values.delay));
  for (const text of values.fault ?? [])
    faults.push(storeFlag<FaultInput>('fault', text, '{"operation":"listPets","status":500}'));
  return faults;
}

function delayFault(text: string): FaultInput {
  const match = /^(\d+)(?:-(\d+))?$/.exec(text);
  const [min, max] = match ? [Number(match[1]), Number(match[2] ?? match[1])] : [NaN, NaN];
  if (!(min <= max && max <= MAX_DELAY_MS)) {
    throw new UsageError(
      `--delay: expected milliseconds (300) or a range (200-800) up to ${MAX_DELAY_MS}, got "${text}"`,
    );
  }
  // The delay comes before the answer is built, so `--delay` holds back every Pet Store operation.
  return max > min ? { delayMs: min, delayMaxMs: max } : { delayMs: min };
}
