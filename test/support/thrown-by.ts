// What a call throws, for a test that reads the error's own fields (its issues, its problems, its message).
import { expect } from 'vitest';

/** The error `run` throws, asserted to be a `kind`; fails the test when `run` returns instead. */
export function thrownBy<E extends Error>(kind: abstract new (...args: never[]) => E, run: () => unknown): E {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return error as E;
  }
  return expect.unreachable(`returned instead of throwing a ${kind.name}`) as never;
}
