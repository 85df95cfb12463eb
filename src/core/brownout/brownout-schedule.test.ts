import { describe, expect, it } from 'vitest';
import { BrownoutSyntaxError, brownoutSchedule, occurrenceAt, parseBrownout } from './brownout-schedule.ts';

const at = (iso: string) => Date.parse(iso);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe('parseBrownout: the text of one window', () => {
  it.each([
    ['2030-11-01T09:00Z/2030-11-01T10:00Z', 1, at('2030-11-01T09:00Z'), HOUR, 0],
    [
      '2030-11-01T10:30:15.5+01:30/2030-11-01T12:00-02:00@25%',
      0.25,
      at('2030-11-01T09:00:15.500Z'),
      5 * HOUR - 15_500,
      0,
    ],
    ['2030-11-03/2030-11-04@0.5', 0.5, at('2030-11-03T00:00Z'), DAY, 0],
    ['09:00/09:15@50%', 0.5, 9 * HOUR, HOUR / 4, DAY],
    ['23:30/00:30', 1, 23.5 * HOUR, HOUR, DAY],
    ['22:00/00:00@100%', 1, 22 * HOUR, 2 * HOUR, DAY],
    ['09:00/09:00', 1, 9 * HOUR, DAY, DAY],
    ['10%', 0.1, -8.64e15, Infinity, 0],
    ['0.05', 0.05, -8.64e15, Infinity, 0],
    ['1', 1, -8.64e15, Infinity, 0],
    ['12.5%', 0.125, -8.64e15, Infinity, 0],
  ])('%s', (text, share, from, length, period) => {
    expect(parseBrownout(text)).toEqual({ text, share, from, length, period });
  });

  it.each([
    ['', '"" is not a brownout window'],
    ['always', '"always" is not a brownout window'],
    ['-5%', '"-5%" is not a brownout window'],
    ['50%@50%', '"50%@50%" is not a brownout window'],
    ['09:00/10:00@50%@10%', '"09:00/10:00@50%@10%" is not a brownout window'],
    ['09:00/10:00/11:00', '"09:00/10:00/11:00" is not a brownout window'],
    ['5.5.5%', '"5.5.5%" is not a share above 0 and at most 100%'],
    ['50', '"50" is not a share above 0 and at most 100%'],
    ['0%', '"0%" is not a share above 0 and at most 100%'],
    ['101%', '"101%" is not a share above 0 and at most 100%'],
    ['09:00/10:00@', '"" is not a share above 0 and at most 100%'],
    ['09:00/10:00@1.5', '"1.5" is not a share above 0 and at most 100%'],
    ['9:00/10:00', '"9:00/10:00" is not a daily window HH:MM/HH:MM'],
    ['09:00/10:60', '"09:00/10:60" is not a daily window HH:MM/HH:MM'],
    ['24:00/01:00', '"24:00/01:00" is not a daily window HH:MM/HH:MM'],
    ['22:00/24:00', '"22:00/24:00" is not a daily window HH:MM/HH:MM'],
    ['09:00/2030-11-01T10:00Z', '"09:00/2030-11-01T10:00Z" is not a daily window HH:MM/HH:MM'],
    [
      '2030-02-30T09:00Z/2030-03-01T09:00Z',
      '"2030-02-30T09:00Z" is not an ISO 8601 date, or date and time with a zone',
    ],
    ['2030-13-01/2030-12-01', '"2030-13-01" is not an ISO 8601 date, or date and time with a zone'],
    ['2030-11-01T09:00/2030-11-01T10:00Z', '"2030-11-01T09:00" is not an ISO 8601 date, or date and time with a zone'],
    [
      '2030-11-01T25:00Z/2030-11-02T10:00Z',
      '"2030-11-01T25:00Z" is not an ISO 8601 date, or date and time with a zone',
    ],
    [
      '2030-11-01T09:00+24:00/2030-11-02T10:00Z',
      '"2030-11-01T09:00+24:00" is not an ISO 8601 date, or date and time with a zone',
    ],
    ['2030-11-01T09:00Z/09:00', '"09:00" is not an ISO 8601 date, or date and time with a zone'],
    ['Nov 1 2030/Nov 2 2030', '"Nov 1 2030" is not an ISO 8601 date, or date and time with a zone'],
    [
      '2030-11-01T10:00Z/2030-11-01T09:00Z',
      '"2030-11-01T10:00Z/2030-11-01T09:00Z" is not a window that ends after it starts',
    ],
    [
      '2030-11-01T10:00Z/2030-11-01T11:00+01:00',
      '"2030-11-01T10:00Z/2030-11-01T11:00+01:00" is not a window that ends after it starts',
    ],
  ])('%j is refused: %s', (text, message) => {
    expect(() => parseBrownout(text)).toThrow(BrownoutSyntaxError);
    expect(() => parseBrownout(text)).toThrow(new BrownoutSyntaxError(message));
  });

  it('takes one text or several, none when absent', () => {
    expect(brownoutSchedule(undefined)).toEqual([]);
    expect(brownoutSchedule('10%').map((window) => window.text)).toEqual(['10%']);
    expect(brownoutSchedule(['10%', '09:00/09:15']).map((window) => window.share)).toEqual([0.1, 1]);
    expect(() => brownoutSchedule(['10%', 'soon'])).toThrow(
      '[petstore-kit] Failed to create the store: brownouts: "soon" is not a brownout window. See docs/rehearse.md#brownouts.',
    );
  });
});

describe('occurrenceAt: the start of the window that holds an instant', () => {
  it.each([
    ['2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T08:59:59.999Z', undefined],
    ['2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T09:00Z', '2030-11-01T09:00Z'],
    ['2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T09:59:59.999Z', '2030-11-01T09:00Z'],
    ['2030-11-01T09:00Z/2030-11-01T10:00Z', '2030-11-01T10:00Z', undefined],
    ['09:00/09:15', '2030-11-07T09:14:59Z', '2030-11-07T09:00Z'],
    ['09:00/09:15', '2030-11-07T09:15Z', undefined],
    ['09:00/09:15', '2030-11-08T08:59Z', undefined],
    ['23:30/00:30', '2030-11-07T23:45Z', '2030-11-07T23:30Z'],
    ['23:30/00:30', '2030-11-08T00:15Z', '2030-11-07T23:30Z'],
    ['23:30/00:30', '2030-11-08T00:30Z', undefined],
    ['22:00/00:00', '2030-11-08T23:59:59Z', '2030-11-08T22:00Z'],
    ['09:00/09:15', '1969-12-31T09:05Z', '1969-12-31T09:00Z'],
    ['09:00/09:00', '2030-11-08T08:59Z', '2030-11-07T09:00Z'],
  ])('%s at %s: %s', (text, now, start) => {
    expect(occurrenceAt(parseBrownout(text), at(now))).toBe(start === undefined ? undefined : at(start));
  });

  it('has a share alone hold every instant, in one occurrence', () => {
    const always = parseBrownout('50%');
    expect(occurrenceAt(always, at('1970-01-01T00:00Z'))).toBe(-8.64e15);
    expect(occurrenceAt(always, at('2030-12-04T23:59Z'))).toBe(-8.64e15);
  });
});
