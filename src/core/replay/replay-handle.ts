// `replay`: recorded answers first, the stateful mock for everything else. A request that matches a
// recorded one (recorded-answers.ts) gets the recorded answer, without touching the store's state; the
// same request recorded several times gets its answers in the order recorded, the last one repeating, so a
// list read before and after a create replays both. `rewind()` (the store's reset) starts the order again.
import type { CoreRequest, CoreResponse } from '../core-request.ts';
import { recordedAnswers, requestKey } from './recorded-answers.ts';

export interface Replaying {
  handle(request: CoreRequest): CoreResponse;
  rewind(): void;
}

/** Wraps `handle`; without a recording, `handle` as it is. */
export function withReplay(
  handle: (request: CoreRequest) => CoreResponse,
  recording: unknown,
  adminPath: string,
): Replaying {
  if (recording === undefined) return { handle, rewind: () => undefined };
  const answers = recordedAnswers(recording, adminPath);
  const served = new Map<string, number>();
  return {
    handle(request) {
      const key = requestKey(request.method, request.url, request.body);
      const recorded = answers.get(key);
      if (!recorded) return handle(request);
      const turn = served.get(key) ?? 0;
      served.set(key, turn + 1);
      const { entry, response } = recorded[Math.min(turn, recorded.length - 1)]!;
      return { ...response, headers: { ...response.headers }, shaping: { by: [`replay #${entry}`] } };
    },
    rewind: () => served.clear(),
  };
}
