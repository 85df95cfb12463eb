import { describe, expect, it } from 'vitest';
import { CorruptJournalError, frame, scanFrames } from './frames.ts';

const records = ['p{"id":1}', 'p{"id":2,"name":"Ünïcode"}', 'm{"id":"msg_1"}'];
const journal = Buffer.concat(records.map(frame));

describe('journal frames', () => {
  it('reads back every record it wrote', () => {
    expect(scanFrames(journal, 0)).toEqual({ payloads: records, wholeBytes: journal.length });
  });

  it('drops a torn last record: cut short, or zero-filled by the file system', () => {
    const last = frame('p{"id":4}');
    for (const tail of [
      last.subarray(0, 5),
      last.subarray(0, last.length - 1),
      Buffer.alloc(40),
      Buffer.concat([last.subarray(0, 8), Buffer.alloc(9)]),
    ]) {
      expect(scanFrames(Buffer.concat([journal, tail]), 1024)).toEqual({
        payloads: records,
        wholeBytes: journal.length,
      });
    }
  });

  it('refuses a damaged record with whole records after it, and a tail too long to be one torn write', () => {
    const damaged = Buffer.from(journal);
    damaged[12] ^= 0xff;
    expect(() => scanFrames(damaged, 1024)).toThrow(CorruptJournalError);
    expect(() => scanFrames(Buffer.concat([journal, Buffer.alloc(64)]), 32)).toThrow(/byte \d+ is damaged/);
  });
});
