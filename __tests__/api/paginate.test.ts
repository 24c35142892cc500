import { describe, expect, test } from '@jest/globals';
import { pagedSearch, type Page, type PagedRead } from '../../src/api/paginate.js';

type Item = { id: string; v?: number };
const items = (from: number, to: number): Item[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => ({ id: `a${from + i}` }));
const ids = (list: Item[]) => list.map((i) => i.id);
const keep = { key: (i: Item) => i.id, merge: (a: Item, b: Item) => ((b.v ?? 0) > (a.v ?? 0) ? b : a) };

interface Server {
  total: number;
  /** Largest page the server answers with. */
  cap: number;
  reported?: number;
  ignorePage?: boolean;
  overlap?: number;
  /** Pages that fail (after the client's retries). */
  failing?: number[];
  /** A pageSize above this is refused (a 4xx). */
  maxAccepted?: number;
  /** Microtask hops before each answer, so pages complete out of order. */
  hops?: (page: number) => number;
}

class Refused extends Error {}

/**
 * Every fake page yields to the timers before it answers, as a real request does: a reader that
 * loops on pages answered by microtasks alone would starve jest's timeout, and a regression would
 * hang the run instead of failing its test.
 */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A fake paged source over `total` items that can get paging wrong in the ways real servers do. */
function source(server: Server) {
  const asked: { page: number; pageSize: number }[] = [];
  const fetchPage = async (page: number, pageSize: number): Promise<Page<Item>> => {
    asked.push({ page, pageSize });
    await tick();
    for (let i = server.hops?.(page) ?? 0; i > 0; i--) await Promise.resolve();
    if (server.maxAccepted !== undefined && pageSize > server.maxAccepted)
      throw new Refused(`pageSize ${pageSize} refused`);
    if (server.failing?.includes(page)) throw new Error(`page ${page} failed`);
    const size = Math.min(pageSize, server.cap);
    const served = server.ignorePage ? 1 : page;
    const start = Math.max(0, (served - 1) * size - (served > 1 ? (server.overlap ?? 0) : 0));
    return {
      items: items(start, Math.min(server.total, start + size)),
      totalCount: server.reported ?? server.total,
      pageSize: size,
    };
  };
  return { fetchPage, asked };
}

const complete = (read: PagedRead<Item>) => read.failure === null && read.incomplete === null;

describe('pagedSearch: the fewest requests', () => {
  test.each([
    // [name, total, server cap, reported totalCount, expected pages asked]
    ['one short page', 7, 1000, 7, [1]],
    ['empty result', 0, 1000, 0, [1]],
    ['a server cap below the asked size decides the page count', 60, 25, 60, [1, 2, 3]],
    ['an exact multiple ends without asking past the last page', 50, 25, 50, [1, 2]],
    ['totalCount too low: keeps going while full pages bring more than it', 60, 25, 40, [1, 2, 3]],
    ['totalCount too high: stops at the first short page', 30, 25, 1000, [1, 2]],
  ])('%s', async (_name, total, cap, reported, pages) => {
    const { fetchPage, asked } = source({ total, cap, reported });
    const read = await pagedSearch(fetchPage, { ...keep, concurrency: 1 });
    expect(ids(read.items)).toEqual(ids(items(0, total)));
    expect(asked.map((a) => a.page)).toEqual(pages);
    expect(asked.every((a) => a.pageSize === 1000)).toBe(true);
    expect(read.pagesRequested).toBe(pages.length);
  });

  test('every page after the first is in flight at once when the window allows', async () => {
    let inFlight = 0;
    let most = 0;
    const inner = source({ total: 250, cap: 25 }).fetchPage;
    const read = await pagedSearch(
      async (page, size) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return inner(page, size);
      },
      { ...keep, concurrency: 32 },
    );
    expect(read.items).toHaveLength(250);
    expect(most).toBe(9); // pages 2..10 together
  });

  /** Runs a read over `server`, each page taking a few ms, and says how many pages were in flight at most. */
  async function mostInFlight(server: Server, options: { concurrency?: number; maxItemsInFlight?: number }) {
    let inFlight = 0;
    let most = 0;
    const inner = source(server).fetchPage;
    const read = await pagedSearch(
      async (page, size) => {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 3));
        inFlight--;
        return inner(page, size);
      },
      { ...keep, ...options },
    );
    return { read, most };
  }

  test('large pages: the window is bounded in items too, so 1,000-item pages go 16 at a time', async () => {
    const { read, most } = await mostInFlight({ total: 40_000, cap: 1000 }, { concurrency: 32 });
    expect(complete(read)).toBe(true);
    expect(read.items).toHaveLength(40_000);
    expect(read.pagesRequested).toBe(40);
    expect(most).toBe(16); // 16,000 items
    expect(read.narrowestWindow).toBe(16);
  });

  test('a push-back on page 1 still counts once the item bound is known (16 halved: 8)', async () => {
    let inFlight = 0;
    let most = 0;
    const inner = source({ total: 40_000, cap: 1000 }).fetchPage;
    const read = await pagedSearch(
      async (page, size, signals) => {
        if (page === 1) signals.throttled();
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 3));
        inFlight--;
        return inner(page, size);
      },
      { ...keep, concurrency: 32 },
    );
    expect(read.items).toHaveLength(40_000);
    expect(read.narrowestWindow).toBe(8);
    expect(most).toBeLessThanOrEqual(16);
  });

  test('small pages keep the page bound; a page larger than the item bound still goes one at a time', async () => {
    const small = await mostInFlight({ total: 5000, cap: 100 }, { concurrency: 32 });
    expect(small.most).toBe(32);
    expect(small.read.narrowestWindow).toBe(32);
    const huge = await mostInFlight({ total: 3000, cap: 1000 }, { concurrency: 32, maxItemsInFlight: 500 });
    expect(complete(huge.read)).toBe(true);
    expect(huge.most).toBe(1);
    expect(huge.read.items).toHaveLength(3000);
  });

  test('the window halves on a push-back (429/503) and grows back by one with each page that arrives', async () => {
    const inner = source({ total: 120, cap: 1 }).fetchPage;
    let inFlight = 0;
    const launched: { page: number; inFlight: number }[] = [];
    const read = await pagedSearch(
      async (page, size, signals) => {
        inFlight++;
        launched.push({ page, inFlight });
        // page 2 is pushed back three times (the client retries it); the window halves each time
        if (page === 2) for (let i = 0; i < 3; i++) signals.throttled();
        await new Promise((resolve) => setTimeout(resolve, page === 2 ? 20 : 2));
        inFlight--;
        return inner(page, size);
      },
      { ...keep, concurrency: 32 },
    );
    expect(read.items).toHaveLength(120);
    expect(read.narrowestWindow).toBe(4); // 32 -> 16 -> 8 -> 4
    const first = launched.slice(1, 32).map((l) => l.page);
    expect(first).toEqual(Array.from({ length: 31 }, (_, i) => i + 2)); // all in flight at once before the push-back
    // Without the push-back, page 33 would start as soon as one page arrived, with 31 in flight;
    // with the window at 4 it waits until enough pages have arrived (each widens the window by one).
    expect(launched[32]!.inFlight).toBeLessThan(25);
    expect(Math.max(...launched.slice(-20).map((l) => l.inFlight))).toBeGreaterThan(4); // and it recovers
    const pages = launched.map((l) => l.page);
    expect(new Set(pages).size).toBe(pages.length); // never a page twice
  });

  test('page 1 refused at pageSize 1000 is asked once more with 100, and so is every page after it', async () => {
    const { fetchPage, asked } = source({ total: 150, cap: 1000, maxAccepted: 500 });
    const read = await pagedSearch(fetchPage, { ...keep, isRefusal: (e) => e instanceof Refused });
    expect(complete(read)).toBe(true);
    expect(read.items).toHaveLength(150);
    expect(asked).toEqual([
      { page: 1, pageSize: 1000 },
      { page: 1, pageSize: 100 },
      { page: 2, pageSize: 100 },
    ]);
  });

  test('a refusal that is not recognised as one is a failure, not a retry', async () => {
    const { fetchPage, asked } = source({ total: 150, cap: 1000, maxAccepted: 500 });
    const read = await pagedSearch(fetchPage, keep);
    expect(read.failure).toBeInstanceOf(Refused);
    expect(read.totalCount).toBeNull();
    expect(asked).toHaveLength(1);
  });

  test('beyond maxItems it refuses after page 1, keeping what page 1 brought', async () => {
    const { fetchPage, asked } = source({ total: 30, cap: 10, reported: 2_000_000 });
    const read = await pagedSearch(fetchPage, { ...keep, noun: 'alerts' });
    expect(asked).toHaveLength(1);
    expect(read.items).toHaveLength(10);
    expect(read.incomplete).toMatch(/announces 2000000 alerts, more than the 1000000/);
  });
});

describe('pagedSearch: never mistakes part of the data for all of it', () => {
  test.each<[string, Server, RegExp]>([
    [
      'a server that ignores `page`',
      { total: 250, cap: 100, ignorePage: true },
      /read 100 of 250 items .*page 2 repeated/,
    ],
    ['an empty page 1 while totalCount says 5', { total: 0, cap: 100, reported: 5 }, /read 0 of 5/],
    ['page 2 repeating half of page 1', { total: 200, cap: 100, overlap: 50 }, /read 150 of 200/],
    [
      'totalCount too low and `page` ignored',
      { total: 90, cap: 25, reported: 10, ignorePage: true },
      /page 2 repeated a full page/,
    ],
  ])('%s: incomplete, with the reason', async (_name, server, reason) => {
    const read = await pagedSearch(source(server).fetchPage, keep);
    expect(read.failure).toBeNull();
    expect(read.incomplete).toMatch(reason);
  });

  test('full pages of new items past a totalCount too low: read up to maxItems, then incomplete, never endless', async () => {
    const { fetchPage, asked } = source({ total: 10_000, cap: 10, reported: 5 });
    const read = await pagedSearch(fetchPage, { ...keep, maxItems: 100 });
    expect(asked.map((a) => a.page)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(read.items).toHaveLength(100);
    expect(read.incomplete).toMatch(
      /kept sending full pages past it; stopped after page 10, as many pages as 100 items fill/,
    );
  });

  test('a failed page is a failure, and no page is started after it', async () => {
    const { fetchPage, asked } = source({ total: 500, cap: 10, failing: [3] });
    const read = await pagedSearch(fetchPage, { ...keep, concurrency: 2 });
    expect(read.failure).toEqual(new Error('page 3 failed'));
    expect(asked.length).toBeLessThan(6);
  });

  test('copies of one item with different content are merged and reported; identical copies are not', async () => {
    const pages: Record<number, Item[]> = {
      1: [{ id: 'a', v: 1 }, { id: 'b' }],
      2: [{ id: 'a', v: 3 }, { id: 'b' }],
      3: [{ id: 'c' }],
    };
    const read = await pagedSearch(async (page) => {
      await tick();
      return { items: pages[page] ?? [], totalCount: 5, pageSize: 2 };
    }, keep);
    expect(read.items).toEqual([{ id: 'a', v: 3 }, { id: 'b' }, { id: 'c' }]);
    expect(read.conflicts).toEqual(['a']);
    expect(read.incomplete).toMatch(/read 3 of 5/);
  });

  test('a full page of unreadable items is no repeat: the pages after it are still read', async () => {
    const asked: number[] = [];
    const read = await pagedSearch(async (page) => {
      asked.push(page);
      await tick();
      if (page === 2)
        return { items: [], unreadable: ['a', 'b', 'c'].map((x) => `${x} of page 2`), totalCount: 9, pageSize: 3 };
      return { items: items((page - 1) * 3, page * 3), totalCount: 9, pageSize: 3 };
    }, keep);
    expect(asked.sort()).toEqual([1, 2, 3]);
    expect(read.items).toHaveLength(6);
    expect(read.unreadable).toHaveLength(3);
    expect(read.incomplete).toBeNull();
  });

  test('unreadable items count as read, and are listed with their positions', async () => {
    const read = await pagedSearch(async () => {
      await tick();
      return { items: items(0, 3), unreadable: ['item 4 of page 1 (no id)'], totalCount: 4, pageSize: 10 };
    }, keep);
    expect(complete(read)).toBe(true);
    expect(read.unreadable).toEqual(['item 4 of page 1 (no id)']);
  });
});

/** A small deterministic PRNG (mulberry32), so a failing case can be replayed from its seed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('pagedSearch, property: either every item the server holds was read, or the read says it is not complete', () => {
  const CASES = 400;
  test(`${CASES} random servers`, async () => {
    const counterexamples: string[] = [];
    for (let seed = 1; seed <= CASES; seed++) {
      const r = random(seed);
      const pick = <T>(...options: T[]) => options[Math.floor(r() * options.length)]!;
      const total = pick(0, 1, 7, 25, 50, 99, 100, 101, 250, 999, 1000, 1001, 2500);
      const cap = pick(1, 3, 10, 25, 100, 1000);
      const server: Server = {
        total,
        cap,
        reported: pick(
          total,
          total,
          total + 1 + Math.floor(r() * 300),
          Math.max(0, total - 1 - Math.floor(r() * total)),
        ),
        ignorePage: r() < 0.15,
        overlap: r() < 0.2 ? Math.floor(r() * cap) : 0,
        failing: r() < 0.2 ? [1 + Math.floor(r() * 6)] : [],
        maxAccepted: r() < 0.2 ? pick(50, 100, 500) : undefined,
        hops: () => Math.floor(r() * 5),
      };
      const { fetchPage, asked } = source(server);
      const read = await pagedSearch(fetchPage, {
        ...keep,
        concurrency: pick(1, 2, 8, 32),
        isRefusal: (e) => e instanceof Refused,
      });
      const pages = asked.map((a) => `${a.page}@${a.pageSize}`);
      const everything = read.items.length === total && ids(read.items).every((id, i) => id === `a${i}`);
      // The one case no client can see: a totalCount too low by a whole number of full pages, each
      // of which the server filled (it holds more items than it said, but nothing shows it).
      const served = Math.min(cap, asked[asked.length - 1]?.pageSize ?? 1000);
      const undetectable = server.reported! < total && server.reported! % served === 0;
      if (complete(read) && !everything && !undetectable)
        counterexamples.push(
          `seed ${seed}: ${JSON.stringify({ ...server, hops: undefined })} read ${read.items.length}`,
        );
      if (new Set(pages).size !== pages.length)
        counterexamples.push(`seed ${seed}: a page asked twice: ${pages.join(' ')}`);
      if (asked.length > Math.ceil(Math.max(total, server.reported!) / Math.min(cap, 100)) + 40)
        counterexamples.push(`seed ${seed}: ${asked.length} requests`);
    }
    expect(counterexamples).toEqual([]);
  });
});
