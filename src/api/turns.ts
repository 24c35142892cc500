// Turns of the event loop, taken one at a time: each waiter is let go on a turn of its own, in the
// order they came. A paged read checks one page a turn this way, so the pages that arrive meanwhile
// are read (and their CVE ids sent for scores) between the checks rather than after all of them.

/** A queue of waiters; `next()` resolves on a later turn of the event loop, one waiter a turn. */
export function oneATurn(): { next(): Promise<void> } {
  const waiting: Array<() => void> = [];
  const release = () => {
    waiting.shift()?.();
    // Scheduled from a setImmediate callback, the next one runs on the next turn, after its I/O.
    if (waiting.length > 0) setImmediate(release);
  };
  return {
    next: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 1) setImmediate(release);
      }),
  };
}
