// One part of a target catalogue, so that its runs spread over several test files (and vitest's workers).

/** Every `parts`-th item of `list`, from item `part - 1`: the parts are disjoint and together the whole list. */
export function partOf<T>(list: readonly T[], part: number, parts: number): T[] {
  return list.filter((_, index) => index % parts === part - 1);
}
