/**
 * The kit's developer-facing messages, in one shape: `[petstore-kit] Failed to <do X>: <why>. <How to fix>.`
 * (msw's devUtils does the same for `[MSW]`). HTTP errors are responses, not these: see src/core/errors.ts.
 */
export const MESSAGE_PREFIX = '[petstore-kit]';

/**
 * Formats one message.
 * @example
 * failedTo('load the state file ./state.json', 'it is not valid JSON', 'Fix or remove it.')
 * // → "[petstore-kit] Failed to load the state file ./state.json: it is not valid JSON. Fix or remove it."
 */
export function failedTo(action: string, why: string, fix?: string): string {
  return `${MESSAGE_PREFIX} Failed to ${action}: ${withoutFinalStops(why)}.${fix ? ` ${fix}` : ''}`;
}

/** `why` without the full stops and spaces it ends with (a loop: `why` may quote what a client sent). */
function withoutFinalStops(why: string): string {
  let end = why.length;
  while (end > 0 && (why[end - 1] === '.' || why[end - 1].trim() === '')) end--;
  return why.slice(0, end);
}

/** Misuse of the kit (a bad option, a broken spec, an unusable file): thrown with a `failedTo` message. */
export class KitError extends Error {
  override name = 'PetstoreKitError';

  constructor(action: string, why: string, fix?: string) {
    super(failedTo(action, why, fix));
  }
}
