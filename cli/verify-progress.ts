// Progress of a verify run, on stderr so a `--reporter json` stdout stays one document. On a terminal,
// one live line (scenarios done of total, any throttling wait) redrawn in place and erased at the end;
// elsewhere (CI logs), a plain line every `intervalMs`, so a run shorter than that prints nothing.

export interface ProgressOptions {
  write: (text: string) => void;
  /** Whether stderr is a terminal. */
  isTty: boolean;
  /** How often a plain line is printed when not on a terminal (default 10 s). */
  intervalMs?: number;
}

export interface Progress {
  onPlan(total: number): void;
  onScenario(): void;
  onThrottle(waitMs: number, why: string): void;
  /** Stops the timer and erases the live line. */
  stop(): void;
}

const ERASE_LINE = '\r\u001b[2K';
/** How often the live line's countdown and clock are refreshed. */
const TTY_REFRESH_MS = 500;

export function createProgress({ write, isTty, intervalMs = 10_000 }: ProgressOptions): Progress {
  const started = Date.now();
  let total = 0;
  let done = 0;
  let waitUntil = 0;
  let waitWhy = '';
  let waitedMs = 0;
  const line = () => {
    const now = Date.now();
    const waiting = now < waitUntil ? `, throttled: waiting ${seconds(waitUntil - now)} (429, ${waitWhy})` : '';
    const waited = waitedMs > 0 ? `, ${seconds(waitedMs)} spent waiting on 429s` : '';
    return `verify: ${done}/${total} scenarios done in ${seconds(now - started)}${waiting}${waited}`;
  };
  const draw = () => (isTty ? write(`${ERASE_LINE}${line()}`) : write(`${line()}\n`));
  const timer = setInterval(draw, isTty ? TTY_REFRESH_MS : intervalMs);
  timer.unref();
  return {
    onPlan(count) {
      total = count;
      if (isTty) draw();
    },
    onScenario() {
      done++;
      if (isTty) draw();
    },
    onThrottle(waitMs, why) {
      waitedMs += waitMs;
      waitUntil = Math.max(waitUntil, Date.now() + waitMs);
      waitWhy = why;
      if (isTty) draw();
    },
    stop() {
      clearInterval(timer);
      if (isTty) write(ERASE_LINE);
    },
  };
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
