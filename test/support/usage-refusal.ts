// The message of the UsageError a flag check throws; fails the test when the check accepts instead.
import { UsageError } from '../../cli/usage-error.ts';
import { thrownBy } from './thrown-by.ts';

export function usageRefusal(run: () => unknown): string {
  return thrownBy(UsageError, run).message;
}
