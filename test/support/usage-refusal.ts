// The message of the UsageError a flag check throws; fails the test when the check accepts instead.
import { expect } from 'vitest';
import { UsageError } from '../../cli/usage-error.ts';

export function usageRefusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  return expect.unreachable('accepted') as never;
}
