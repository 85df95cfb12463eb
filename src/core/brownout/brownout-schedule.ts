// The brownout schedule (docs/rehearse.md#brownouts): when calls to a deprecated operation are answered as
// removed ahead of its removal date, and what share of them. One text per window, the same in serve's and
// rehearse's --brownout, the configuration file and the `brownouts` option of createPetStore and the MSW handlers:
//   START/END[@SHARE]     once, from START up to END: ISO 8601 instants with their zone
//                         (2030-11-01T09:00Z/2030-11-01T10:00Z), or dates, meaning midnight UTC (2030-11-03/2030-11-04)
//   HH:MM/HH:MM[@SHARE]   every day, in UTC (23:30/00:30 runs over midnight; 09:00/09:00 is the whole day)
//   SHARE                 all the time until the removal date
// SHARE is a percentage (50%) or a fraction (0.5), above 0 and at most 1. Without one every call in the window
// fails, as GitHub's brownouts did. Kept small: the browser bundle of the MSW handlers carries it (150 kB budget),
// so its messages are short and the CLI adds the forms to them (cli/shared-flags.ts).
import { KitError } from '../../shared/kit-error.ts';

/** A window as a time that repeats: once (`period` 0), every day, or from the beginning of time for ever. */
export interface BrownoutWindow {
  /** The text as given, e.g. `09:00/09:15@50%`: what the journal names. */
  text: string;
  /** The share of the calls inside the window that are browned out: above 0, at most 1. */
  share: number;
  /** When the first occurrence starts, in milliseconds since the epoch (a daily window: on 1 January 1970). */
  from: number;
  /** How long each occurrence lasts, in milliseconds. */
  length: number;
  /** From one occurrence's start to the next: a day, or 0 for a window that happens once. */
  period: number;
}

/** A text that is no brownout; its message says why, without naming where it came from (a flag, an option). */
export class BrownoutSyntaxError extends Error {}

const DAY = 86_400_000;

/** The windows of the store's `brownouts` option: one text or several, none when absent; a bad one is a KitError. */
export function brownoutSchedule(input: string | readonly string[] | undefined): BrownoutWindow[] {
  try {
    return input === undefined ? [] : (typeof input === 'string' ? [input] : input).map(parseBrownout);
  } catch (error) {
    throw new KitError('create the store', `brownouts: ${(error as Error).message}`, 'See docs/rehearse.md#brownouts.');
  }
}

/** One window, from its text; a BrownoutSyntaxError says what is wrong with it. */
export function parseBrownout(text: string): BrownoutWindow {
  const [window = '', share, more] = String(text).split('@');
  const bounds = window.split('/');
  if (
    more !== undefined ||
    bounds.length > 2 ||
    (bounds.length === 1 && (share !== undefined || !/^[\d.]+%?$/.test(window)))
  )
    fail(text, 'a brownout window');
  if (bounds.length === 1) return { text, share: shareOf(window), from: -8.64e15, length: Infinity, period: 0 };
  const [start, end] = bounds as [string, string];
  const daily = /^\d+:/.test(start);
  const from = daily ? timeOfDay(window, start) : instant(start);
  const to = daily ? timeOfDay(window, end) : instant(end);
  // A daily window that ends when it starts (09:00/09:00) lasts the whole day.
  const length = daily ? mod(to - from, DAY) || DAY : to - from;
  if (length <= 0) fail(window, 'a window that ends after it starts');
  return { text, share: share === undefined ? 1 : shareOf(share), from, length, period: daily ? DAY : 0 };
}

/**
 * The start of the occurrence of `window` that holds `now` (milliseconds since the epoch), which names it: each
 * day's window is an occurrence of its own. Undefined when `now` is outside the window.
 */
export function occurrenceAt(window: BrownoutWindow, now: number): number | undefined {
  const start = window.period ? now - mod(now - window.from, window.period) : window.from;
  return now >= start && now - start < window.length ? start : undefined;
}

function shareOf(text: string): number {
  const share = /^\d+(\.\d+)?%?$/.test(text) ? parseFloat(text) / (text.endsWith('%') ? 100 : 1) : 0;
  return share > 0 && share <= 1 ? share : fail(text, 'a share above 0 and at most 100%');
}

/** `HH:MM` in UTC as milliseconds after midnight (`22:00/00:00` runs up to midnight). */
function timeOfDay(window: string, clock: string): number {
  const time = /^\d\d:\d\d$/.test(clock) ? Date.parse(`1970-01-01T${clock}Z`) : NaN;
  return time < DAY ? time : fail(window, 'a daily window HH:MM/HH:MM');
}

/** An ISO 8601 date and time with its zone (`2030-11-01T09:00Z`, `…T10:30:00+02:00`), or a date (midnight UTC). */
function instant(text: string): number {
  const date = text.slice(0, 10);
  const time = Date.parse(text);
  // The zone is required (without one Date.parse reads local time), and the date must read back as written:
  // Date.parse takes 30 February for 2 March.
  if (
    !/^\d{4}-\d\d-\d\d(T[\d:.]+(Z|[+-][\d:]+))?$/.test(text) ||
    !String(new Date(Date.parse(date)).toJSON()).startsWith(date) ||
    Number.isNaN(time)
  )
    fail(text, 'an ISO 8601 date, or date and time with a zone');
  return time;
}

function fail(text: string, what: string): never {
  throw new BrownoutSyntaxError(`"${text}" is not ${what}`);
}

function mod(value: number, by: number): number {
  return ((value % by) + by) % by;
}
