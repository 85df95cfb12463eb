/**
 * mulberry32: a small, fast 32-bit PRNG. Seeded with the store's seed, so which requests a probabilistic
 * fault hits, and how long a ranged delay lasts, replay identically from run to run.
 */
export function createPrng(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
