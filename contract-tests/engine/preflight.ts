// Before any scenario: one unauthenticated GET to each base URL. Exit 2 ("unreachable") is kept for a
// target nothing can be learnt from (refused, unknown host, no TCP connection, TLS failure). A target
// that accepts connections and then hangs, stalls, resets, or answers bytes that are not HTTP is reachable
// but gives no answer: the run's target health (target-health.ts) asks once more, and either the run goes
// on or it stops at once with one root cause.
import { connect } from 'node:net';
import { htmlHint } from '../http/html-hint.ts';
import { BodyReadError, readBody } from '../http/read-body.ts';
import {
  describeNetworkError,
  exchangeSignal,
  failedAfterConnect,
  networkErrorCode,
  type FetchLike,
} from '../http/send.ts';
import { failedTo } from '../../src/shared/kit-error.ts';
import { ConformanceError } from './conformance-error.ts';

export interface PreflightOptions {
  /** True when the transport is the real network (the default fetch): a timeout is then told apart by a TCP probe. */
  network: boolean;
  /** The run's time budget: the preflight ends with it too (the target is then reported as broken). */
  deadline?: AbortSignal;
}

export interface PreflightResult {
  /** One per URL that answers but misbehaves, or redirects elsewhere, for the top of the report. */
  notes: string[];
  /** The URLs that accepted the connection but gave no complete HTTP answer (hang, stall, reset, not HTTP). */
  unanswered: PreflightUnanswered[];
}

export interface PreflightUnanswered {
  url: string;
  /** Why no answer came, as a scenario's NoResponse says it. */
  reason: string;
  sentAt: Date;
  durationMs: number;
}

/** Checks each URL answers. Throws ConformanceError('unreachable') when one cannot be reached at all. */
export async function preflight(
  fetchImpl: FetchLike,
  urls: string[],
  timeoutMs: number,
  { network, deadline }: PreflightOptions = { network: false },
): Promise<PreflightResult> {
  const unanswered: PreflightUnanswered[] = [];
  const notes = await Promise.all(
    urls.map(async (url): Promise<string | undefined> => {
      const sentAt = new Date();
      const noAnswer = (reason: string) =>
        void unanswered.push({ url, reason, sentAt, durationMs: Date.now() - sentAt.getTime() });
      const exchange = exchangeSignal(timeoutMs, deadline);
      const { signal } = exchange;
      try {
        const response = await fetchImpl(url, { method: 'GET', redirect: 'manual', signal });
        // The body too: a target that sends headers and then stalls is broken, not healthy.
        const text = await readBody(response, signal, timeoutMs);
        return redirectNote(url, response) ?? serverErrorNote(url, response, text);
      } catch (error) {
        if (deadline?.aborted && !exchange.timedOut()) {
          return `${url} gave no complete response within the run's time budget (--max-run-time).`;
        }
        if (error instanceof BodyReadError) {
          // An answer past a cap, or one that does not decode, is an answer: the scenarios judge it.
          if (error.kind !== 'stalled' && error.kind !== 'broken')
            return `${url} answers, but ${error.message}. Every scenario below reports what it got.`;
          return noAnswer(error.message);
        }
        const reason = describeNetworkError(error, timeoutMs);
        if (failedAfterConnect(error)) return noAnswer(reason);
        if (networkErrorCode(error) === 'TIMEOUT') {
          // A timeout may be a black hole (exit 2) or a server that accepts and never answers.
          const accepted = network ? await acceptsTcp(url, timeoutMs) : true;
          if (accepted === true) return noAnswer(reason);
          throw unreachable(url, `${reason}; no TCP connection either (${accepted})`);
        }
        throw unreachable(url, reason);
      } finally {
        exchange.release();
      }
    }),
  );
  return { notes: notes.filter((note): note is string => note !== undefined), unanswered };
}

function unreachable(url: string, reason: string): ConformanceError {
  return new ConformanceError(
    'unreachable',
    failedTo(`reach ${url}`, reason, 'Check that the service is running and the URL is right.'),
  );
}

/** A base URL that redirects to another origin is worth saying first: the suite never follows it. */
function redirectNote(url: string, response: Response): string | undefined {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || !location) return undefined;
  let target: URL;
  try {
    target = new URL(location, url);
  } catch {
    return `${url} answers ${response.status} with an unusable Location (${location}). Redirects are not followed.`;
  }
  if (target.origin === new URL(url).origin) return undefined;
  return `${url} redirects (${response.status}) to another origin, ${target.origin}. Redirects are not followed (the API key would go there): point --base-url at the service itself.`;
}

/** A 5xx on the base URL itself (a proxy whose upstream is down, typically) explains every failure below. */
function serverErrorNote(url: string, response: Response, text: string): string | undefined {
  if (response.status < 500) return undefined;
  const headers = { 'content-type': response.headers.get('content-type') ?? '' };
  return `${url} itself answers ${response.status}.${htmlHint({ headers, text })} Every scenario below reports what it got.`;
}

/** True if a TCP connection to the URL's host and port opens within the timeout; else the reason. */
function acceptsTcp(url: string, timeoutMs: number): Promise<true | string> {
  const { hostname, port, protocol } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({
      host: hostname.replace(/^\[|\]$/g, ''),
      port: Number(port || (protocol === 'https:' ? 443 : 80)),
    });
    const done = (result: true | string) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs, () => done(`no connection within ${timeoutMs} ms`));
    socket.once('connect', () => done(true));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}
