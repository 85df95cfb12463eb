// The shape any input the kit reads whole must keep (an admin body, a rule's body, a data file), checked before
// anything costly is done with it. Parsing is safe at any depth (V8's JSON.parse does not recurse), but what is
// done with a value afterwards is not: structuredClone and JSON.stringify overflow the stack near 10,000 levels,
// so a rule body nested 100,000 deep was a 500. And an object of 100,000 members costs more to parse and to walk
// than anything else of its size, for no input the kit takes: a rule has 7 fields, a pet 4. 64 levels is the
// proxy's limit too (contract-tests/exchange/request-faults.ts).

/** Deepest nesting of arrays and objects accepted in an input the kit reads whole. */
export const MAX_INPUT_DEPTH = 64;

/** Most members of one object in an input the kit reads whole (arrays are not limited: a data set is one). */
export const MAX_OBJECT_MEMBERS = 1000;

/**
 * The limit JSON text breaks, in words that follow "body" or "the file" (`nests deeper than 64 levels …`), or
 * undefined: one pass outside strings, before the text is parsed, that stops at the first limit passed.
 * Text that is not JSON is left to the parser.
 * @example
 * jsonLimitPassed('[[[]]]', 2) // → 'nests deeper than 2 levels of arrays and objects'
 */
export function jsonLimitPassed(text: string, maxDepth = MAX_INPUT_DEPTH): string | undefined {
  // Members of the object open at each depth: each has one `:` at that depth.
  const members = new Int32Array(maxDepth + 2);
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c /* \ */) i++;
    } else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      if (++depth > maxDepth) return `nests deeper than ${maxDepth} levels of arrays and objects`;
      members[depth] = 0;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) {
      if (depth > 0) depth--;
    } else if (code === 0x3a /* : */ && ++members[depth]! > MAX_OBJECT_MEMBERS) {
      return `has an object of more than ${MAX_OBJECT_MEMBERS} members`;
    }
  }
  return undefined;
}

/**
 * Whether `value` nests arrays and objects more than `maxDepth` levels deep (`[]` is one level), for a value
 * that is not JSON text (YAML, a rule given in code). Iterative, so any depth is measured without recursion,
 * depth first, so it stops at the first path past the limit (a cycle is one). Parsed JSON and YAML are trees:
 * each value is visited once, in linear time.
 * @example
 * nestsDeeperThan([[[]]], 2) // → true
 */
export function nestsDeeperThan(value: unknown, maxDepth = MAX_INPUT_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false;
  // Two stacks side by side, not one of pairs: a megabyte of `[]` is 350,000 values, each allocation counts.
  const pending: object[] = [value];
  const depths: number[] = [1];
  const visit = (inner: unknown, depth: number) => {
    if (typeof inner !== 'object' || inner === null) return;
    pending.push(inner);
    depths.push(depth);
  };
  while (pending.length > 0) {
    const at = pending.pop()!;
    const depth = depths.pop()!;
    if (depth > maxDepth) return true;
    if (Array.isArray(at)) for (let i = 0; i < at.length; i++) visit(at[i], depth + 1);
    else for (const key in at) if (Object.hasOwn(at, key)) visit((at as Record<string, unknown>)[key], depth + 1);
  }
  return false;
}
