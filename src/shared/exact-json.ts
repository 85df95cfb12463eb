// JSON without lost digits (RFC 8259 §6 leaves number precision to implementations; int64 needs more
// than a double holds). Integers come back as `number` while exact (|n| ≤ 2^53 − 1) and as `bigint`
// beyond; a literal that is not an integer stays a `number` unless the nearest double would pass for an
// integer (`1.0000000000000000001`, `1e-400`): that one is kept as its text (a LosslessNumber), so no
// check can mistake it for the integer 1 or 0. Shared by the mock and the judge.
import { LosslessNumber, isLosslessNumber, parse, splitNumber, stringify } from 'lossless-json';

export { isLosslessNumber as isInexactNumber };

/** A body nested deeper than the parser reads (a cap the caller chose, or the exact parser's own). */
export class JsonTooDeepError extends SyntaxError {
  constructor(readonly maxDepth: number) {
    super(`the JSON nests deeper than ${maxDepth} levels`);
  }
}

export interface ParseJsonExactOptions {
  /** Refuse (JsonTooDeepError) a document nested deeper than this. Default: no cap of the caller's own. */
  maxDepth?: number;
}

/**
 * The exact parser recurses; past this depth it could overflow the stack, so a document that needs it
 * (one holding numbers a double cannot carry) is refused instead. `JSON.parse` has no such limit.
 */
const EXACT_PARSER_MAX_DEPTH = 1000;

/** More digits than this may not fit a double exactly (2^53 has 16). */
const MAX_EXACT_DIGITS = 15;

/**
 * A digit followed at once by a fraction, an exponent or 15 more digits: every literal the exact parser must
 * read contains one (RFC 8259 §6: `.` and `e` follow a digit directly). Text inside strings may match too; then
 * the scan below decides. A regular expression runs 2.5× faster than the scan on a 0.5 KiB body.
 */
const MAYBE_INEXACT = new RegExp(`\\d(?:[.eE]|\\d{${MAX_EXACT_DIGITS}})`);

/**
 * Parses JSON like `JSON.parse` (the last of duplicate keys wins), keeping every number exact.
 * Throws a SyntaxError for text that is not JSON, and a JsonTooDeepError past `maxDepth`.
 * @example
 * parseJsonExact('{"id": 9007199254740993}') // → { id: 9007199254740993n }
 */
export function parseJsonExact(text: string, { maxDepth = Infinity }: ParseJsonExactOptions = {}): unknown {
  // No depth cap and no literal that could need the exact parser: what the scan would conclude, without it.
  if (maxDepth === Infinity && !MAYBE_INEXACT.test(text)) return JSON.parse(text);
  const { depth, exactNumbersNeeded } = scan(text);
  if (depth > maxDepth) throw new JsonTooDeepError(maxDepth);
  // The common case: every number is a short integer, which JSON.parse reads exactly and fastest.
  if (!exactNumbersNeeded) return JSON.parse(text);
  if (depth > EXACT_PARSER_MAX_DEPTH) throw new JsonTooDeepError(EXACT_PARSER_MAX_DEPTH);
  return parse(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}

/**
 * Serialises like `JSON.stringify`, writing bigints and kept number texts digit for digit.
 * @example
 * stringifyJsonExact({ id: 9007199254740993n }) // → '{"id":9007199254740993}'
 */
export function stringifyJsonExact(value: unknown, space?: number): string {
  return stringify(value, undefined, space) ?? 'null';
}

/**
 * Integers of more digits than this stay as their text (a LosslessNumber, `isHugeInteger`): `1e9999999` is nine
 * bytes of JSON, but as a bigint ten million digits that take seconds to build. No int64 comes near.
 */
const MAX_INTEGER_DIGITS = 1000;

/**
 * Whether `value` is an integer literal too long to hold as a bigint (see MAX_INTEGER_DIGITS), and its sign:
 * it lies beyond every integer format and every finite bound.
 */
export function hugeIntegerSign(value: unknown): 1 | -1 | undefined {
  if (!isLosslessNumber(value)) return undefined;
  const { sign, digits, exponent } = splitNumber(value.value);
  return digits.length <= exponent + 1 && exponent >= MAX_INTEGER_DIGITS ? (sign === '-' ? -1 : 1) : undefined;
}

/** A number literal as the exact value it denotes (see the file comment). */
function exactNumber(literal: string): number | bigint | LosslessNumber {
  const asDouble = Number(literal);
  const { sign, digits, exponent } = splitNumber(literal);
  // splitNumber drops trailing zeros already; what is left is the significant digits.
  const significant = digits === '0' ? '' : digits;
  const integer = significant === '' || significant.length <= exponent + 1;
  if (integer) {
    if (Number.isSafeInteger(asDouble)) return asDouble;
    if (exponent >= MAX_INTEGER_DIGITS) return new LosslessNumber(literal);
    return BigInt(`${sign}${significant}${'0'.repeat(exponent + 1 - significant.length)}`);
  }
  return Number.isFinite(asDouble) && !Number.isInteger(asDouble) ? asDouble : new LosslessNumber(literal);
}

/**
 * One pass over the text, outside strings: how deep it nests, and whether any number literal has a
 * fraction, an exponent or more digits than a double holds exactly (then the exact parser must read it).
 */
function scan(text: string): { depth: number; exactNumbersNeeded: boolean } {
  let depth = 0;
  let maxDepth = 0;
  let exactNumbersNeeded = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      if (++depth > maxDepth) maxDepth = depth;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    } else if (!exactNumbersNeeded && ((code >= 0x30 && code <= 0x39) || code === 0x2d) /* - */) {
      let digits = 0;
      for (; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0x30 && c <= 0x39) digits++;
        else if (c === 0x2e /* . */ || c === 0x65 /* e */ || c === 0x45 /* E */) exactNumbersNeeded = true;
        else if (c !== 0x2d && c !== 0x2b /* + */) break;
      }
      if (digits > MAX_EXACT_DIGITS) exactNumbersNeeded = true;
      i--;
    }
  }
  return { depth: maxDepth, exactNumbersNeeded };
}
