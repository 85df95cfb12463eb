// Throttling is the target's quota, never a finding: one Throttle per run, shared by every request in
// flight. It paces requests (--rate-limit N per second) and, after a 429 (or a 503 that says when to come
// back with Retry-After), pauses them all for as long
// as Retry-After asks (or an exponential backoff when it says nothing), within bounds: retries per
// request, the longest single wait, and the total time the run may spend waiting. Past a bound the run
// ends with one line (RetryBudgetExhausted), since nothing further can be judged.
import { failedTo } from '../../src/shared/kit-error.ts';
import { retryAfterMs } from './retry-after.ts';

export interface ThrottleOptions {
  /** Requests per second across the whole run (a shared token bucket); unset: no pacing. */
  ratePerSecond?: number;
  /** Retries of one request that keeps being answered 429. */
  maxRetries?: number;
  /** The longest single wait; a Retry-After beyond it ends the run. */
  maxWaitMs?: number;
  /** The total time the run may spend paused by 429s. */
  budgetMs?: number;
  /** Told of each pause, for progress output. */
  onWait?: (waitMs: number, why: string) => void;
}

export const DEFAULT_THROTTLE = { maxRetries: 6, maxWaitMs: 60_000, budgetMs: 300_000 };

/** The first backoff when a 429 names no Retry-After; it doubles on each retry of the same request. */
const FIRST_BACKOFF_MS = 250;

/** Thrown by every request once a bound is passed: the run cannot go on. */
export class RetryBudgetExhausted extends Error {}

export class Throttle {
  private lastSent = 0;
  /** Requests waiting for their turn: retries first (the first `retriesWaiting`), then first attempts. */
  private readonly waiting: { resolve: () => void; reject: (error: Error) => void }[] = [];
  private retriesWaiting = 0;
  private releasing = false;
  private pausedUntil = 0;
  private pausedMs = 0;
  private exhausted?: RetryBudgetExhausted;
  private readonly stopped = new AbortController();
  private readonly options: ThrottleOptions & Required<Pick<ThrottleOptions, keyof typeof DEFAULT_THROTTLE>>;

  constructor(options: ThrottleOptions = {}) {
    this.options = { ...DEFAULT_THROTTLE, ...options };
  }

  /**
   * Resolves when a request may go out: after any pause, and at least 1/rate after the one before, as
   * measured when that one went (requests take turns, so a late timer never releases a burst). A retry
   * (`retry`: the request was answered 429 before) takes its turn before every first attempt waiting, so
   * after a pause the target's renewed quota goes first to the requests it refused: none is starved by
   * newer ones until it runs out of retries while the run as a whole makes progress.
   */
  acquire(retry = false): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter = { resolve, reject };
      if (retry) this.waiting.splice(this.retriesWaiting++, 0, waiter);
      else this.waiting.push(waiter);
      if (!this.releasing) void this.release();
    });
  }

  /** Lets the waiting requests go one by one, in turn, as the pause and the pace allow. */
  private async release(): Promise<void> {
    this.releasing = true;
    try {
      while (this.waiting.length > 0) {
        await this.wait();
        const next = this.waiting.shift()!;
        if (this.retriesWaiting > 0) this.retriesWaiting--;
        next.resolve();
      }
    } catch (error) {
      for (const { reject } of this.waiting.splice(0)) reject(error as Error);
      this.retriesWaiting = 0;
    } finally {
      this.releasing = false;
    }
  }

  private async wait(): Promise<void> {
    const rate = this.options.ratePerSecond;
    for (;;) {
      if (this.exhausted) throw this.exhausted;
      const now = Date.now();
      // Re-read each time: a 429 elsewhere may have paused everyone while this request slept.
      const at = Math.max(this.pausedUntil, rate ? this.lastSent + 1000 / rate : 0);
      if (at <= now) {
        this.lastSent = now;
        return;
      }
      await sleep(at - now, this.stopped.signal);
    }
  }

  /**
   * A 429 (or a 503 with Retry-After) came back on the request's `attempt`-th retry (0 for the first
   * send): pauses every request and returns; throws RetryBudgetExhausted (and stops every waiting
   * request) when a bound is passed.
   */
  throttled(attempt: number, status: number, retryAfter: string | null, url: string): void {
    const { maxRetries, maxWaitMs, budgetMs, onWait } = this.options;
    const asked = retryAfterMs(retryAfter, new Date());
    const waitMs = Math.max(asked ?? 0, Math.min(maxWaitMs, FIRST_BACKOFF_MS * 2 ** attempt));
    const said = retryAfter === null ? 'no Retry-After' : `Retry-After: ${retryAfter.slice(0, 60)}`;
    if (attempt >= maxRetries) {
      this.exhaust(`${url} was still answered ${status} after ${maxRetries} retries (${said})`);
    }
    if (waitMs > maxWaitMs) {
      const asks = `asking to wait ${seconds(waitMs)} (${said}), longer than ${seconds(maxWaitMs)}`;
      this.exhaust(`${url} was answered ${status} ${asks}`);
    }
    const now = Date.now();
    const until = now + waitMs;
    const added = Math.max(0, until - Math.max(now, this.pausedUntil));
    if (this.pausedMs + added > budgetMs) {
      const budget = seconds(budgetMs);
      this.exhaust(`the target kept answering ${status}: waiting longer would pass the run's ${budget} budget`);
    }
    this.pausedMs += added;
    this.pausedUntil = Math.max(this.pausedUntil, until);
    if (added > 0) onWait?.(waitMs, said);
  }

  /** Time spent paused by 429s so far. */
  get waitedMs(): number {
    return this.pausedMs;
  }

  private exhaust(why: string): never {
    const fix = 'The target is rate limiting: lower the pace with --rate-limit N (requests per second) or run later.';
    this.exhausted ??= new RetryBudgetExhausted(failedTo('verify', why, fix));
    this.stopped.abort(this.exhausted);
    throw this.exhausted;
  }
}

function seconds(ms: number): string {
  return `${Math.round(ms / 100) / 10} s`;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => (signal.removeEventListener('abort', stop), resolve()), ms);
    const stop = () => (clearTimeout(timer), reject(signal.reason as Error));
    signal.addEventListener('abort', stop, { once: true });
  });
}
