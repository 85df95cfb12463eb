/** A mistake in how a command was called: printed as one line, exit code 2. */
export class UsageError extends Error {}

export function integerFlag(name: string, text: string, min: number, max: number): number {
  if (!/^\d+$/.test(text) || Number(text) < min || Number(text) > max) {
    throw new UsageError(`--${name}: expected an integer from ${min} to ${max}, got "${text}"`);
  }
  return Number(text);
}
