import { describe, expect, test } from '@jest/globals';
import { fetchAllPages, type Page } from '../../src/api/paginate.js';

type Item = { id: string };
const items = (from: number, to: number): Item[] => Array.from({ length: to - from }, (_, i) => ({ id: `a${from + i}` }));

/** A fake paged source over `total` items, answering with at most `cap` per page and reporting `reported` as totalCount. */
function source(total: number, cap: number, reported = total, { repeatFirst = false } = {}) {
  const asked: number[] = [];
  const fetchPage = async (page: number, pageSize: number): Promise<Page<Item>> => {
    asked.push(page);
    const size = Math.min(pageSize, cap);
    const start = repeatFirst ? 0 : (page - 1) * size;
    return { items: items(start, Math.min(total, start + size)), totalCount: reported, pageSize: size };
  };
  return { fetchPage, asked };
}

describe('fetchAllPages', () => {
  test.each([
    // [name, total, server cap, reported totalCount, expected pages asked]
    ['one short page', 7, 100, 7, [1]],
    ['empty result', 0, 100, 0, [1]],
    ['clamped page size decides the page count', 60, 25, 60, [1, 2, 3]],
    ['exact multiple ends without asking past the last page', 50, 25, 50, [1, 2]],
    ['totalCount too low: keeps going while full pages bring more than it', 60, 25, 40, [1, 2, 3]],
    ['totalCount too high: stops at the first short page', 30, 25, 1000, [1, 2]],
  ])('%s', async (_name, total, cap, reported, pages) => {
    const { fetchPage, asked } = source(total, cap, reported);
    const result = await fetchAllPages(fetchPage, { pageSize: 100, concurrency: 1 });
    expect(result.items.map((i) => i.id)).toEqual(items(0, total).map((i) => i.id));
    expect(asked.sort((a, b) => a - b)).toEqual(pages);
    expect(result.pagesRequested).toBe(pages.length);
  });

  test('a server that repeats the same page forever still terminates, de-duplicated', async () => {
    const { fetchPage, asked } = source(25, 25, 10_000, { repeatFirst: true });
    const result = await fetchAllPages(fetchPage, { pageSize: 100, concurrency: 4 });
    expect(result.items).toHaveLength(25);
    expect(asked.length).toBeLessThanOrEqual(5); // page 1 and at most one batch of 4
  });

  test('remaining pages are requested concurrently once page 1 gives the total', async () => {
    let inFlight = 0;
    let peak = 0;
    const fetchPage = async (page: number): Promise<Page<Item>> => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return { items: items((page - 1) * 10, page * 10), totalCount: 100, pageSize: 10 };
    };
    const result = await fetchAllPages(fetchPage, { pageSize: 100, concurrency: 4 });
    expect(result.items).toHaveLength(100);
    expect(peak).toBe(4);
  });

  test('maxPages bounds a source that never ends', async () => {
    const fetchPage = async (page: number): Promise<Page<Item>> => ({ items: items(page * 10, page * 10 + 10), totalCount: 5, pageSize: 10 });
    const result = await fetchAllPages(fetchPage, { maxPages: 5, concurrency: 2 });
    expect(result.pagesRequested).toBe(5);
    expect(result.truncated).toBe(true);
  });

  test('every page is asked for with the requested page size, the answered one deciding the page count', async () => {
    const sizes: number[] = [];
    const fetchPage = async (page: number, pageSize: number): Promise<Page<Item>> => {
      sizes.push(pageSize);
      return { items: items((page - 1) * 20, Math.min(45, page * 20)), totalCount: 45, pageSize: 20 };
    };
    await fetchAllPages(fetchPage, { pageSize: 100 });
    expect(sizes).toEqual([100, 100, 100]);
  });
});

describe('fetchAllPages against a misbehaving server', () => {
  test('a server that caps pages below the pageSize it reports still has every page read', async () => {
    // 300 items, 50 per page, but every answer claims pageSize 100.
    const fetchPage = async (page: number): Promise<Page<Item>> => ({ items: items((page - 1) * 50, Math.min(300, page * 50)), totalCount: 300, pageSize: 100 });
    const result = await fetchAllPages(fetchPage, { pageSize: 100 });
    expect(result.items).toHaveLength(300);
    expect(result.pagesRequested).toBe(6);
  });

  test.each([
    ['in order', (page: number) => page],
    ['the believed-last page first', (page: number) => 10 - page],
  ])('a totalCount too low is caught whatever order the pages answer in (%s)', async (_name, delayOf) => {
    // 400 real items, 100 per page, totalCount says 250.
    const fetchPage = async (page: number): Promise<Page<Item>> => {
      await new Promise((r) => setTimeout(r, delayOf(page)));
      return { items: items((page - 1) * 100, Math.min(400, page * 100)), totalCount: 250, pageSize: 100 };
    };
    const result = await fetchAllPages(fetchPage, { pageSize: 100, concurrency: 6 });
    expect(result.items).toHaveLength(400);
    expect(result.totalCount).toBe(250);
  });

  test('a failed page stops further pages from being requested and rejects', async () => {
    const asked: number[] = [];
    const fetchPage = async (page: number): Promise<Page<Item>> => {
      asked.push(page);
      await new Promise((r) => setTimeout(r, 1));
      if (page === 2) throw new Error('boom');
      return { items: items((page - 1) * 10, page * 10), totalCount: 1000, pageSize: 10 };
    };
    await expect(fetchAllPages(fetchPage, { concurrency: 2 })).rejects.toThrow('boom');
    expect(asked.length).toBeLessThanOrEqual(4); // page 1, the failing page 2, and what was already in flight
  });

  test('an empty first page ends it even when totalCount claims more', async () => {
    const { fetchPage, asked } = source(0, 25, 500);
    expect((await fetchAllPages(fetchPage)).items).toEqual([]);
    expect(asked).toEqual([1]);
  });
});
