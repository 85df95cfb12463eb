import { describe, expect, it } from 'vitest';
import { atTurnEnd } from './at-turn-end.ts';

const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

describe('atTurnEnd', () => {
  it('writes nothing during the turn, then every item queued in it, in order', async () => {
    const written: number[] = [];
    const queue = atTurnEnd<number>(
      (n) => written.push(n),
      () => undefined,
    );
    queue(1);
    queue(2);
    await Promise.resolve();
    queue(3);
    expect(written).toEqual([]);
    await turnEnd();
    expect(written).toEqual([1, 2, 3]);
  });

  it('an item whose write throws goes to failed; the items queued with it are still written', async () => {
    const written: string[] = [];
    const failures: [string, string][] = [];
    const queue = atTurnEnd<string>(
      (item) => {
        if (item === 'bad') throw new Error('refused');
        written.push(item);
      },
      (item, error) => failures.push([item, (error as Error).message]),
    );
    for (const item of ['a', 'bad', 'c']) queue(item);
    await turnEnd();
    expect(written).toEqual(['a', 'c']);
    expect(failures).toEqual([['bad', 'refused']]);
  });

  it('an item queued while the queue is being written goes out at the end of a later turn, not lost', async () => {
    const written: string[] = [];
    const queue: (item: string) => void = atTurnEnd<string>(
      (item) => {
        written.push(item);
        if (item === 'first') queue('queued while writing');
      },
      () => undefined,
    );
    queue('first');
    await turnEnd();
    expect(written).toEqual(['first']);
    await turnEnd();
    expect(written).toEqual(['first', 'queued while writing']);
  });
});
