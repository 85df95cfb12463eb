// The run's view of whether the target still answers, one gate per origin (the API's and the quickstart's
// are one when they share it). A request that gets no answer (a timeout, a stalled body, a reset, bytes that
// are not HTTP) is either the target's answer to that request or a sign the target stopped answering
// altogether. One probe tells them apart: a request of the API the target answered before (or, before any,
// the unanswered request itself, so that a gateway answering its own page cannot vouch for an API). If it
// gets no answer either, the target stopped: nothing more is sent, the requests in flight end at once, the
// first request left unanswered is the one root cause, and every other scenario is not observable. So a
// target that hangs, drips or stops after N answers costs at most two timeouts after its last answer, and
// the report says so once instead of once per scenario (issue 28, item 7).
import { requestEffect } from '../../src/openapi/request-effect.ts';
import type { OutgoingRequest } from '../http/send.ts';
import type { Exchange } from '../types.ts';

/** What a request that got no answer turns out to be, once the probe has spoken. */
export type Verdict =
  /** The target answers other requests: the request's own failure stands. */
  | { kind: 'answering' }
  /** The target stopped: this is the root cause (the first scenario to meet it reports it). */
  | { kind: 'root'; cause: string; message: string; reason: string; request: OutgoingRequest; exchange?: Exchange }
  /** The target stopped and another scenario reports why: this one is not observable. */
  | { kind: 'stopped'; why: string };

export interface Unanswered {
  request: OutgoingRequest;
  /** Why nothing usable came (send's failure reason). */
  reason: string;
  /** When the request went out. */
  sentAt: Date;
  /** Its record, shown with the root cause by the scenario that reports it. */
  exchange?: Exchange;
}

export interface TargetHealthOptions {
  /** Sends a probe: resolves true when an HTTP answer (any status) came back. */
  probe: (request: OutgoingRequest) => Promise<boolean>;
  /** The probe when no request of this origin that changes nothing was answered yet: the preflight's request. */
  firstProbe: OutgoingRequest;
  timeoutMs: number;
  /** How the cause names a request: its path when it goes to the base URL's origin, else its whole URL. */
  describe: (request: OutgoingRequest) => string;
}

export class TargetHealth {
  private answers = 0;
  private lastAnswered?: OutgoingRequest;
  /** The probe in flight: resolves true when it was answered. */
  private probing?: Promise<boolean>;
  /** `owner`: the request whose caller reports the root cause; none (the preflight's), whoever meets it first. */
  private root?: Omit<Extract<Verdict, { kind: 'root' }>, 'kind'> & { claimed: boolean; owner?: OutgoingRequest };
  private readonly stopper = new AbortController();

  constructor(private readonly options: TargetHealthOptions) {}

  /** Aborts when the target is judged stopped: every request in flight ends at once. */
  get signal(): AbortSignal {
    return this.stopper.signal;
  }

  /** The `why` of every scenario left not observable: the same words each time, so the report ties them to the cause. */
  static readonly NOT_SENT = 'not sent: the target gave no answer any more (see the cause above)';

  /** An HTTP answer came back (any status): the target answers. */
  answered(request: OutgoingRequest): void {
    this.answers++;
    if (repeatable(request)) this.lastAnswered = request;
  }

  /** The preflight's request was answered: counted, never a probe (a gateway's own page says nothing of the API). */
  answeredPreflight(): void {
    this.answers++;
  }

  /** Before sending: waits while a probe is out; then undefined to go on, or what the stop means for the caller. */
  async ready(): Promise<Exclude<Verdict, { kind: 'answering' }> | undefined> {
    if (this.probing) await this.probing;
    return this.root ? this.claim() : undefined;
  }

  /** A request got no answer: probes (or waits for the probe already out) and says what it was. */
  async unanswered(unanswered: Unanswered): Promise<Verdict> {
    return (await this.answersAfter(unanswered, true)) ? { kind: 'answering' } : this.claim(unanswered.request);
  }

  /** As `unanswered`, for a request no scenario sent (the preflight's): a stop is left for a scenario to report. */
  stillAnswers(unanswered: Unanswered): Promise<boolean> {
    return this.answersAfter(unanswered, false);
  }

  private async answersAfter(unanswered: Unanswered, owned: boolean): Promise<boolean> {
    if (!this.root && !this.probing) this.probing = this.probe(unanswered, owned);
    if (this.probing) return await this.probing;
    return !this.root;
  }

  /** The root cause's line and the message of the failure that reports it, once the target stopped. */
  get stop(): { cause: string; message: string } | undefined {
    return this.root && { cause: this.root.cause, message: this.root.message };
  }

  private async probe({ request, reason, sentAt, exchange }: Unanswered, owned: boolean): Promise<boolean> {
    // The last request of the API answered; before any, the one left unanswered (if it changes nothing).
    const probe = this.lastAnswered ?? (repeatable(request) ? request : this.options.firstProbe);
    const answered = await this.options.probe(probe).catch((error: unknown) => {
      this.probing = undefined;
      throw error;
    });
    if (!answered && !this.root) {
      const { timeoutMs, describe } = this.options;
      const got = reason === `no response within ${timeoutMs} ms` ? `within ${timeoutMs} ms` : `(${reason})`;
      const cause =
        `the target stopped answering at ${sentAt.toISOString()}, after ${this.answers} answer(s): ` +
        `${describe(request)} got no answer ${got}. One more request got none either: nothing more was sent, ` +
        'and the scenarios left are not observable.';
      const message = `${request.method} ${request.url} got no usable response: ${reason}.`;
      this.root = { cause, message, reason, request, exchange, claimed: false, owner: owned ? request : undefined };
      this.stopper.abort(new Error(TargetHealth.NOT_SENT));
    }
    this.probing = undefined;
    return answered;
  }

  /**
   * The caller whose request went unanswered reports the root cause (the first caller after the stop, when
   * that request was the preflight's); every other one is not observable.
   */
  private claim(request?: OutgoingRequest): Exclude<Verdict, { kind: 'answering' }> {
    const root = this.root!;
    if (root.claimed || (root.owner && root.owner !== request)) return { kind: 'stopped', why: TargetHealth.NOT_SENT };
    root.claimed = true;
    const { claimed: _, owner: __, ...verdict } = root;
    return { kind: 'root', ...verdict };
  }
}

/** Probes repeat a request that changes nothing: a safe one (GET, HEAD…) without a body. */
function repeatable(request: OutgoingRequest): boolean {
  return requestEffect(request.method) === 'safe' && request.body === undefined;
}

/** The gates of a run: one per origin of its base URLs, each first probed with the preflight's GET of its URL. */
export interface RunHealth {
  /** The gate of the origin a URL belongs to (none for an origin the run was not given). */
  of(url: string): TargetHealth | undefined;
  /** The preflight's request of a base URL: an unauthenticated GET. */
  preflightRequest(url: string): OutgoingRequest;
  /** Each stopped origin's cause line and the message of the failure that reports it. */
  stops(): { cause: string; message: string }[];
}

export function runHealth(urls: string[], options: Omit<TargetHealthOptions, 'firstProbe'>): RunHealth {
  const gates = new Map<string, TargetHealth>();
  const preflightRequest = (url: string): OutgoingRequest => ({ method: 'GET', url, headers: {} });
  for (const url of urls) {
    const origin = new URL(url).origin;
    if (!gates.has(origin)) gates.set(origin, new TargetHealth({ ...options, firstProbe: preflightRequest(url) }));
  }
  // Every request asks: a prefix match first (the run builds its URLs from these origins), parsing only if none.
  const of = (url: string) => {
    for (const [origin, gate] of gates) if (url.startsWith(`${origin}/`)) return gate;
    return gates.get(originOf(url));
  };
  return {
    of,
    preflightRequest,
    stops: () => [...gates.values()].flatMap((gate) => (gate.stop ? [gate.stop] : [])),
  };
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
