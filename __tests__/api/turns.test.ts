// One waiter a turn of the event loop (api/turns.ts): in the order they came, and with I/O and
// other callbacks of each turn between them, which is what lets a paged read's pages arrive (and
// their CVE ids leave) between the checks of the pages before.
import { describe, expect, test } from '@jest/globals';
import { oneATurn } from '../../src/api/turns.js';

describe('oneATurn', () => {
  test('waiters go in order, one a turn: a callback of each turn runs between two of them', async () => {
    const turns = oneATurn();
    const order: string[] = [];
    // A marker on every turn of the loop for a while, as I/O callbacks would be.
    let marks = 0;
    const mark = () => {
      order.push(`turn ${++marks}`);
      if (marks < 8) setImmediate(mark);
    };
    setImmediate(mark);
    await Promise.all(['a', 'b', 'c'].map((name) => turns.next().then(() => void order.push(name))));
    const [a, b, c] = ['a', 'b', 'c'].map((name) => order.indexOf(name));
    expect(a).toBeLessThan(b!);
    expect(b).toBeLessThan(c!);
    // Never two waiters on one turn: a marker between each two.
    expect(order.slice(a! + 1, b!).some((o) => o.startsWith('turn'))).toBe(true);
    expect(order.slice(b! + 1, c!).some((o) => o.startsWith('turn'))).toBe(true);
  });

  test('a waiter that comes after the queue ran dry is let go too', async () => {
    const turns = oneATurn();
    await turns.next();
    await turns.next();
    const late = turns.next();
    await expect(late).resolves.toBeUndefined();
  });
});
