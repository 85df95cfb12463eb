// Answers are written at the end of the event-loop turn that made them, back to back. Under load one turn
// reads many requests. Sent one by one, between requests, each answer found the client asleep and paid to
// wake it; on a VM that is a dear part of a send. Sent together, a burst wakes it once (POST /pets in the
// bench: 0.68× → 0.76–0.82× a bare node:http server, docs/benchmarks.md). A lone request waits no longer:
// setImmediate runs as soon as the turn's I/O is done.

/**
 * Returns a function that queues an item for `write`, called for every queued item, in order, once the turn's
 * I/O is done. An item whose write throws goes to `failed`; the items queued with it are still written.
 */
export function atTurnEnd<T>(write: (item: T) => void, failed: (item: T, error: unknown) => void): (item: T) => void {
  let queued: T[] = [];
  const writeQueued = () => {
    const items = queued;
    queued = [];
    for (const item of items) {
      try {
        write(item);
      } catch (error) {
        failed(item, error);
      }
    }
  };
  return (item) => {
    if (queued.push(item) === 1) setImmediate(writeQueued);
  };
}
