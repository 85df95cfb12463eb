// Each kind of saved event has one record: written and read back to the same event, its letter its own.
import { describe, expect, it } from 'vitest';
import type { LoggedEvent, SavedLog } from '../../core/persistence.ts';
import { decodeRecords, encodeEvent, RECORDS } from './state-records.ts';

const pet = { id: 4, name: 'Rex', categoryId: 2, status: 'sold' as const };
/** One event of every kind: `satisfies` fails to compile when a kind is left out. */
const SAMPLES = {
  'pet-created': { type: 'pet-created', pet },
  'message-sent': {
    type: 'message-sent',
    message: { id: 'msg_3', message: 'hi', status: 'queued', createdAt: '2030-01-01T00:00:00.000Z' },
  },
  'data-loaded': { type: 'data-loaded', pets: [pet, { id: 9, name: 'Tom', categoryId: 1 }] },
} as const satisfies { [K in LoggedEvent['type']]: Extract<LoggedEvent, { type: K }> };

const decoded = (records: string[]): LoggedEvent[] => {
  const into: SavedLog = { events: [], nextPetId: 1, nextMessageId: 1 };
  decodeRecords(records, into, 'the test');
  return into.events;
};

describe('state records', () => {
  it.each(Object.values(SAMPLES))('write $type and read it back', (event) => {
    const record = encodeEvent(event);
    expect(record[0]).toBe(RECORDS[event.type].letter);
    expect(decoded([record])).toEqual([event]);
  });

  it('give every kind a letter of its own, as the files written before use them', () => {
    expect(Object.fromEntries(Object.entries(RECORDS).map(([type, { letter }]) => [type, letter]))).toEqual({
      'pet-created': 'p',
      'message-sent': 'm',
      'data-loaded': 'd',
    });
  });

  it('read runs of mixed kinds in order, a long categoryId digit for digit, and name an unknown kind', () => {
    const big = { ...pet, id: 5, categoryId: 2n ** 63n - 1n };
    const records = [SAMPLES['data-loaded'], SAMPLES['pet-created'], { type: 'pet-created', pet: big } as const];
    const written = records.map(encodeEvent);
    expect(written[2]).toBe('p{"id":5,"name":"Rex","categoryId":9223372036854775807,"status":"sold"}');
    expect(decoded(written)).toEqual(records);
    expect(() => decoded(['x{}'])).toThrow('the test, record 0: unknown kind "x"');
  });
});
