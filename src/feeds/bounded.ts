// At most a number of a feed's requests in flight (EPSS's batches, OSV's queries and records), the
// others queued in the order asked: a source is asked at once, and never by thousands at a time.

/** A gate for calls: at most `limit` running at once, the others queued in order. */
export function boundedBy(limit: number) {
  let running = 0;
  const queue: Array<() => void> = [];
  return async <T>(call: () => Promise<T>): Promise<T> => {
    if (running >= limit) await new Promise<void>((resolve) => queue.push(resolve));
    running++;
    try {
      return await call();
    } finally {
      running--;
      queue.shift()?.();
    }
  };
}

export type Bounded = ReturnType<typeof boundedBy>;
