// A seeded Mersenne Twister (MT19937), drawing exactly as Faker 10's default randomizer and
// `helpers.arrayElement` do (seed-pets.test.ts compares them seed for seed). Written here rather than
// imported because Faker's smallest import is a 113 kB chunk, and a browser page using
// petstore-kit/msw/browser should carry only what it uses: the seeded pets need 40 lines of it.
const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER = 0x80000000;
const LOWER = 0x7fffffff;

function initialState(seed: number): number[] {
  const state = new Array<number>(N);
  state[0] = seed;
  for (let i = 1; i < N; i++) {
    const previous = state[i - 1] ^ (state[i - 1] >>> 30);
    state[i] = Math.trunc(Math.imul(1812433253, previous) + i);
  }
  return state;
}

function twist(state: number[]): number[] {
  for (let i = 0; i < N; i++) {
    const y = (state[i] & UPPER) + (state[(i + 1) % N] & LOWER);
    state[i] = state[(i + M) % N] ^ (y >>> 1) ^ (-(y & 1) & MATRIX_A);
  }
  return state;
}

/** Draws from one seed; the same seed gives the same sequence on every machine and in every browser. */
export class SeededRandom {
  private state: number[];
  private index = 0;

  constructor(seed: number) {
    this.state = twist(initialState(seed));
  }

  private nextU32(): number {
    let y = this.state[this.index];
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    if (++this.index >= N) {
      this.state = twist(this.state);
      this.index = 0;
    }
    return y >>> 0;
  }

  /** A float in [0, 1) with 53 random bits. */
  next(): number {
    const high = this.nextU32() >>> 5;
    const low = this.nextU32() >>> 6;
    return (high * 67108864 + low) / 9007199254740992;
  }

  /** One element of a non-empty list; a one-element list draws nothing (as Faker's `arrayElement`). */
  pick<T>(list: readonly T[]): T {
    return list[list.length > 1 ? Math.floor(this.next() * list.length) : 0];
  }
}
