// The string formats the interface the kit ships uses (`date-time`; int32 and int64, which the `exactInteger`
// keyword judges), for the store's precompiled validators: a browser bundle then carries these few, not
// ajv-formats' whole table (7.7 kB of the 150 kB the MSW bundle may add). Each is the one implementation: Ajv
// at run time, for any document (formats.ts), takes ajv-formats' table with these over it.
import type { Format } from 'ajv';

/** exactInteger checks the ranges; this keeps the format known to Ajv. */
const JUDGED_BY_EXACT_INTEGER: Format = { type: 'number', validate: () => true };

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

/** RFC 3339 §5.6 full-date, with the days of its month (a leap year's February has 29: Appendix C). */
function isFullDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]!);
}

/** RFC 3339 §5.6 full-time: an offset required, a leap second (:60) only at 23:59 UTC. */
function isFullTime(text: string): boolean {
  const match = TIME.exec(text);
  if (!match || !match[4]) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const sign = match[5] === '-' ? -1 : 1;
  const [offsetHours, offsetMinutes] = [Number(match[6] ?? 0), Number(match[7] ?? 0)];
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  const utcMinute = minute - offsetMinutes * sign;
  const utcHour = hour - offsetHours * sign - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}

/** RFC 3339 §5.6 date-time: a full-date and a full-time, apart by `T` (or a space, as §5.6's note allows). */
function isDateTime(text: string): boolean {
  const parts = text.split(/t|\s/i);
  return parts.length === 2 && isFullDate(parts[0]!) && isFullTime(parts[1]!);
}

export const interfaceFormats: Record<string, Format> = {
  'date-time': { type: 'string', validate: isDateTime },
  int32: JUDGED_BY_EXACT_INTEGER,
  int64: JUDGED_BY_EXACT_INTEGER,
};
