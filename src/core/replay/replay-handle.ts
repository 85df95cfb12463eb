// `replay`: the recorded answer of a request, looked up once the request has passed everything the stateful
// answer passes (the pipeline calls it after authentication, limits and validation: src/core/pipeline.ts),
// without touching the store's state. Two orders:
// - `latest` (the default): each request gets the latest answer recorded for it that was neither forced
//   (Prefer, a rule, a fault: check-recording.ts) nor a server failure (5xx); a request recorded only so is
//   left to the stateful mock. An offline session shows what the service answered, not the states a
//   recording forced on purpose.
// - `recorded`: the answers in the order recorded, forced ones included, the last one repeating; `rewind()`
//   (the store's reset) starts the order again.
import { KitError } from '../../shared/kit-error.ts';
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { checkRecording, type RecordedEntry } from './check-recording.ts';
import { answersByRequest, requestKey } from './recorded-answers.ts';

export type ReplayOrder = 'latest' | 'recorded';
export const REPLAY_ORDERS: readonly ReplayOrder[] = ['latest', 'recorded'];

/** The `replay` option's long form; a HAR document alone means `{ har, order: 'latest' }`. */
export interface ReplayOptions {
  /** The HAR document, parsed (`JSON.parse` of the file). */
  har: unknown;
  /** Default `latest`. */
  order?: ReplayOrder;
}

export interface Replayer {
  /** The recorded answer of this request, or undefined when the stateful mock answers it. */
  answer(request: CoreRequest): CoreResponse | undefined;
  rewind(): void;
}

/** The replayer of the `replay` option (checked whole: a RecordingError names each bad entry); none without. */
export function createReplayer(option: unknown): Replayer | undefined {
  if (option === undefined) return undefined;
  const { har, order } = replayOptions(option);
  const answers = answersByRequest(checkRecording(har));
  const reply = ({ index, response }: RecordedEntry): CoreResponse => ({
    ...response,
    headers: { ...response.headers },
    shaping: { by: [`replay #${index + 1}`] },
  });
  if (order === 'latest') {
    const latest = new Map<string, RecordedEntry>();
    for (const [key, entries] of answers) {
      for (let i = entries.length - 1; i >= 0; i--) {
        const entry = entries[i]!;
        if (entry.forced || entry.response.status >= 500) continue;
        latest.set(key, entry);
        break;
      }
    }
    return {
      answer(request) {
        const found = latest.get(requestKey(request.method, request.url, request.body));
        return found && reply(found);
      },
      rewind: () => undefined,
    };
  }
  const served = new Map<string, number>();
  return {
    answer(request) {
      const key = requestKey(request.method, request.url, request.body);
      const recorded = answers.get(key);
      if (!recorded) return undefined;
      const turn = served.get(key) ?? 0;
      served.set(key, turn + 1);
      return reply(recorded[Math.min(turn, recorded.length - 1)]!);
    },
    rewind: () => served.clear(),
  };
}

function replayOptions(option: unknown): { har: unknown; order: ReplayOrder } {
  const long = typeof option === 'object' && option !== null && Object.hasOwn(option, 'har');
  if (!long) return { har: option, order: 'latest' };
  const { har, order = 'latest' } = option as ReplayOptions;
  if (!REPLAY_ORDERS.includes(order))
    throw new KitError(
      'create the store',
      `replay.order must be ${REPLAY_ORDERS.map((name) => `"${name}"`).join(' or ')}, got ${JSON.stringify(order) ?? String(order)}`,
      'Pass order: "latest" (the default) or "recorded".',
    );
  return { har, order };
}
