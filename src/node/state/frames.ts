// The journal's record frame: [payload length, u32 LE][CRC-32 of the payload, u32 LE][payload, UTF-8].
// A record is whole only when its length fits the file and its checksum matches, so a record torn by a
// crash (a short tail, or zeros where the file system had not yet written the data) is never misread.
import { crc32 } from 'node:zlib';

export const FRAME_HEADER_BYTES = 8;

/** One record as it goes to the journal. */
export function frame(payload: string): Buffer {
  const bytes = Buffer.byteLength(payload);
  const buffer = Buffer.allocUnsafe(FRAME_HEADER_BYTES + bytes);
  buffer.write(payload, FRAME_HEADER_BYTES, 'utf8');
  buffer.writeUInt32LE(bytes, 0);
  buffer.writeUInt32LE(crc32(buffer.subarray(FRAME_HEADER_BYTES)), 4);
  return buffer;
}

export interface ScannedJournal {
  payloads: string[];
  /** Bytes from the start that hold whole records; anything after is a torn tail. */
  wholeBytes: number;
}

/** A damaged record with whole records after it: not a torn tail, so the file is corrupt. */
export class CorruptJournalError extends Error {
  constructor(readonly offset: number) {
    super(`the record at byte ${offset} is damaged and whole records follow it`);
  }
}

/**
 * Reads every whole record. A damaged record is a torn tail (dropped) when no whole record starts anywhere
 * after it and it lies within the last `maxTornBytes` (one group-commit write: only the last write can tear);
 * anything else throws a CorruptJournalError.
 */
export function scanFrames(buffer: Buffer, maxTornBytes: number): ScannedJournal {
  const payloads: string[] = [];
  let offset = 0;
  while (offset < buffer.length) {
    const end = wholeRecordEnd(buffer, offset);
    if (end === -1) break;
    payloads.push(buffer.toString('utf8', offset + FRAME_HEADER_BYTES, end));
    offset = end;
  }
  if (offset < buffer.length) {
    if (buffer.length - offset > maxTornBytes) throw new CorruptJournalError(offset);
    for (let later = offset + 1; later < buffer.length; later++)
      if (wholeRecordEnd(buffer, later) !== -1) throw new CorruptJournalError(offset);
  }
  return { payloads, wholeBytes: offset };
}

/** Where the record at `offset` ends if it is whole (an empty payload never is), else -1. */
function wholeRecordEnd(buffer: Buffer, offset: number): number {
  if (buffer.length - offset < FRAME_HEADER_BYTES) return -1;
  const length = buffer.readUInt32LE(offset);
  const end = offset + FRAME_HEADER_BYTES + length;
  if (length === 0 || end > buffer.length) return -1;
  return crc32Of(buffer, offset + FRAME_HEADER_BYTES, end) === buffer.readUInt32LE(offset + 4) ? end : -1;
}

/** CRC-32 (the zlib polynomial) of a range, in JavaScript: for small records, faster than a call into zlib. */
const TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

function crc32Of(buffer: Buffer, start: number, end: number): number {
  if (end - start > 1024) return crc32(buffer.subarray(start, end));
  let c = -1;
  for (let i = start; i < end; i++) c = TABLE[(c ^ buffer[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
