// The gates that keep a feed's requests, and the lockfiles' bytes, within bounds: what runs at once,
// and in what order the rest start.
import { describe, expect, test } from '@jest/globals';
import { boundedBy, boundedByWeight } from '../../src/feeds/bounded.js';

/** A call that runs until released, recording when it starts. */
function calls() {
  const started: string[] = [];
  const release = new Map<string, () => void>();
  const call = (name: string) => () =>
    new Promise<string>((resolve) => {
      started.push(name);
      release.set(name, () => resolve(name));
    });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { started, call, settle, done: (name: string) => release.get(name)!() };
}

describe('boundedBy', () => {
  test('at most the limit at once, the rest in the order asked', async () => {
    const { started, call, settle, done } = calls();
    const limited = boundedBy(2);
    const all = Promise.all(['a', 'b', 'c', 'd'].map((name) => limited(call(name))));
    await settle();
    expect(started).toEqual(['a', 'b']);
    done('b');
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    done('a');
    done('c');
    await settle();
    done('d');
    expect(await all).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('boundedByWeight', () => {
  test('at most the limit of weight at once; a call heavier than the limit runs alone; the order is kept', async () => {
    const { started, call, settle, done } = calls();
    const weighed = boundedByWeight(10);
    const all = Promise.all([
      weighed(4, call('a')),
      weighed(5, call('b')),
      weighed(3, call('c')), // 4 + 5 + 3 > 10: waits, and so does everything after it
      weighed(1, call('d')),
      weighed(25, call('huge')),
      weighed(1, call('e')),
    ]);
    await settle();
    expect(started).toEqual(['a', 'b']);
    done('a');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    done('b');
    done('c');
    await settle();
    // 'huge' waits for 'd' to end, then runs alone; 'e' waits for it.
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    done('d');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'huge']);
    done('huge');
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd', 'huge', 'e']);
    done('e');
    expect(await all).toEqual(['a', 'b', 'c', 'd', 'huge', 'e']);
  });

  test('a call that rejects gives its weight back', async () => {
    const weighed = boundedByWeight(10);
    await expect(weighed(10, () => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(weighed(10, () => Promise.resolve('yes'))).resolves.toBe('yes');
  });
});
