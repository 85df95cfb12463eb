// The banner every long-running command prints once it is ready (serve, proxy): a title, then one row per
// thing it offers, labels in one column, so a user (or a test) reads the URLs the same way from either.

/** A row of the banner: a label and what it says; false or undefined rows are left out. */
export type BannerRow = readonly [label: string, value: string] | false | undefined;

const LABEL_WIDTH = 15;

/** `title`, its rows aligned, then `after` (e.g. a command to try), ending with a blank line. */
export function bannerText(title: string, rows: readonly BannerRow[], after: readonly string[] = []): string {
  const lines = rows.filter((row) => !!row).map(([label, value]) => `  ${label.padEnd(LABEL_WIDTH)}${value}`);
  return [title, ...lines, '', ...after.flatMap((line) => [line, ''])].join('\n');
}
