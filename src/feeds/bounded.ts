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

/**
 * A gate for calls of a weight (bytes they hold): at most `limit` of weight running at once, the
 * others queued in order; a call heavier than `limit` runs alone.
 */
export function boundedByWeight(limit: number) {
  let running = 0;
  const queue: Array<{ weight: number; start: () => void }> = [];
  const next = () => {
    while (queue.length > 0 && (running === 0 || running + queue[0]!.weight <= limit)) {
      const { weight, start } = queue.shift()!;
      running += weight;
      start();
    }
  };
  return async <T>(weight: number, call: () => Promise<T>): Promise<T> => {
    await new Promise<void>((start) => {
      queue.push({ weight, start });
      next();
    });
    try {
      return await call();
    } finally {
      running -= weight;
      next();
    }
  };
}
