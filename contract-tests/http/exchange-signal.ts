// One exchange's abort signal: it fires at the exchange's timeout, or as soon as the run's deadline or stop
// fires. What `AbortSignal.any([AbortSignal.timeout(ms), …])` gives, at a thirtieth of its cost (measured on
// Node 20: 25 µs an exchange against 0.8): those signals are tracked for the garbage collector and made
// transferable, and a run sends thousands of exchanges. `release` must be called when the exchange is over.

export interface ExchangeSignal {
  signal: AbortSignal;
  /** Whether it was the exchange's own timeout that fired (not the run's deadline or stop). */
  timedOut(): boolean;
  /** Stops the timer and the listening: the exchange is over. */
  release(): void;
}

export function exchangeSignal(timeoutMs: number, ...runSignals: (AbortSignal | undefined)[]): ExchangeSignal {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError'));
  }, timeoutMs);
  // Like AbortSignal.timeout's: the timer alone does not keep the process alive.
  timer.unref();
  const signals = runSignals.filter((signal): signal is AbortSignal => signal !== undefined);
  const follow = () => controller.abort(signals.find((signal) => signal.aborted)?.reason);
  for (const signal of signals) {
    if (signal.aborted) follow();
    else signal.addEventListener('abort', follow, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    release() {
      clearTimeout(timer);
      for (const signal of signals) signal.removeEventListener('abort', follow);
    },
  };
}
