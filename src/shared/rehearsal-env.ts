// What a rehearsal (`petstore-kit rehearse`, docs/rehearse.md) and the user's tests say to each other: the
// environment the rehearsal gives the user's command, and the request header a test names itself with. Read
// by the rehearsal (src/rehearse) and by the setup files the kit ships for test runners (src/runner-setup).

/** The environment the user's command gets: where the mock is, its key, and which pass this is. */
export const REHEARSAL_ENV = {
  baseUrl: 'PETSTORE_BASE_URL',
  quickstartUrl: 'PETSTORE_QUICKSTART_URL',
  apiKey: 'PETSTORE_API_KEY',
  /** `today` or `removed`: which pass this is. */
  pass: 'PETSTORE_REHEARSAL',
  /** The mock's clock at the start of the pass (ISO 8601): a mock the tests start in process runs on from it. */
  clock: 'PETSTORE_REHEARSAL_CLOCK',
  /** The file the kit's setup files append the deprecated calls an in-process mock (MSW) answered to. */
  calls: 'PETSTORE_REHEARSAL_CALLS',
  /**
   * The pass's brownout schedule (`--brownout`), for a mock the tests start in process or in a page: JSON,
   * `{"windows":["50%"],"seed":1}` (RehearsalBrownouts). Set only for a pass run under one (the first).
   */
  brownouts: 'PETSTORE_REHEARSAL_BROWNOUTS',
} as const;

/**
 * A pass's brownout schedule as the rehearsal hands it to the tests' own mocks: the windows exactly as
 * `--brownout` took them, and the seed they are drawn from (the rehearsal's `--seed`), so an in-process store
 * browns out the same calls in every run, as the rehearsal's own mock does. Carried together: a schedule
 * without its seed would not reproduce.
 */
export interface RehearsalBrownouts {
  windows: string[];
  seed: number;
}

/** The value of REHEARSAL_ENV.brownouts for a schedule. */
export function formatRehearsalBrownouts(brownouts: RehearsalBrownouts): string {
  return JSON.stringify({ windows: brownouts.windows, seed: brownouts.seed });
}

/**
 * A schedule as the rehearsal wrote it (the text of REHEARSAL_ENV.brownouts, parsed, or what the Playwright
 * fixture put on a page), checked strictly: at least one window, each a string, and a whole-number seed.
 * Undefined for anything else: the windows' own grammar is the store's to check (brownoutSchedule).
 */
export function asRehearsalBrownouts(value: unknown): RehearsalBrownouts | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { windows, seed } = value as Record<string, unknown>;
  if (!Array.isArray(windows) || windows.length === 0) return undefined;
  if (!windows.every((window): window is string => typeof window === 'string')) return undefined;
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed)) return undefined;
  return { windows: [...windows], seed };
}

/** REHEARSAL_ENV.brownouts's text as a schedule; undefined when absent or not one (asRehearsalBrownouts). */
export function parseRehearsalBrownouts(text: string | undefined): RehearsalBrownouts | undefined {
  if (text === undefined) return undefined;
  try {
    return asRehearsalBrownouts(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/**
 * The request header a test names itself with (the setup files the kit ships set it): the rehearsal reports
 * the test behind each deprecated call, and a brownout draws each test's calls apart (src/core/brownout).
 */
export const TEST_NAME_HEADER = 'x-petstore-test';

/**
 * Outside a rehearsal, the mock's URLs (comma-separated) whose requests the setup files name their test on:
 * for the states each test was shown by `petstore-kit serve` (docs/coverage.md#axis-3-the-states-shown).
 */
export const TAG_TESTS_ENV = 'PETSTORE_TAG_TESTS';

/**
 * Longest test name sent, in characters: the mock takes 64 KiB of headers, and a name past this is cut (with
 * `…`) rather than make the test's own request fail.
 */
const LONGEST_NAME = 1000;

/**
 * A test name as a header value. A header carries visible ASCII only (fetch refuses anything past Latin-1,
 * node:http any control character), and test names are often in other scripts: every other character, and
 * `%`, goes as the percent-encoded bytes of its UTF-8, which `decodeTestName` undoes.
 */
export function encodeTestName(name: string): string {
  const cut = [...name].length > LONGEST_NAME ? `${[...name].slice(0, LONGEST_NAME - 1).join('')}…` : name;
  return cut.replace(/[^\x20-\x24\x26-\x7e]+/gu, (text) =>
    [...new TextEncoder().encode(text)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/** The test name a header value carries; a value that does not decode is taken as it is. */
export function decodeTestName(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
