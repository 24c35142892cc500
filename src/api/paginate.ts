// The one paged-search reader (alerts, packages): page 1 first, then every other page concurrently,
// within a window that halves when the server pushes back (429/503) and grows again as pages
// arrive, using the page size the server answered with. The window is bounded in items too: a page
// of 1,000 alerts holds some 3.5 MB until it is read, and 32 of them at once cost more memory than
// they save time (the reader parses one page at a time anyway). It ends whatever the server does (a wrong
// totalCount, repeated or overlapping pages, failures) and says plainly whether the read is
// complete, so that a caller can never mistake part of the data for all of it.

export interface Page<T> {
  items: T[];
  /** Items of this page that could not be read, each described with its position. */
  unreadable?: string[];
  totalCount: number;
  /** The page size the server says it used; null when it did not say. */
  pageSize: number | null;
}

/** What a page fetch tells the reader besides its answer. */
export interface PageSignals {
  /** The server pushed back (429 or 503) on this page; the client retries it, the reader slows down. */
  throttled: () => void;
}

export interface PagedSearchOptions<T> {
  /** Tells copies of one item apart from different items. */
  key: (item: T) => string;
  /** Of two different copies of one item, the one to keep. */
  merge: (a: T, b: T) => T;
  /** Page size to ask for (the server may answer with fewer). */
  pageSize?: number;
  /** Asked once more with this when `isRefusal` says page 1 refused `pageSize`. */
  fallbackPageSize?: number;
  isRefusal?: (error: unknown) => boolean;
  /** Most pages in flight at once (the window starts there, halves on a push-back, grows by one a page). */
  concurrency?: number;
  /** Most items in flight at once: with large pages, fewer than `concurrency` pages (never fewer than one). */
  maxItemsInFlight?: number;
  /** A totalCount above this is refused before reading on; past a totalCount too low, the read stops at this many. */
  maxItems?: number;
  /** What the items are, for messages (`alerts`). */
  noun?: string;
}

export interface PagedRead<T> {
  /** Distinct by key, in page order; a key seen with different content is its merged copy. */
  items: T[];
  /** What page 1 said; null when page 1 could not be read. */
  totalCount: number | null;
  pagesRequested: number;
  /** The smallest the window became (its bound, `concurrency` or fewer for large pages, when the server never pushed back). */
  narrowestWindow: number;
  /** Keys seen more than once with different content. */
  conflicts: string[];
  /** Items that could not be read, with their positions. */
  unreadable: string[];
  /** The error of the first page that failed (after the client's retries), else null. */
  failure: unknown;
  /** Why the read is incomplete though no page failed ("read 100 of 250 …"), else null. */
  incomplete: string | null;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
/** A page's length: its items, readable or not. */
const lengthOf = (page: Page<unknown>) => page.items.length + (page.unreadable?.length ?? 0);

type Settings<T> = Required<PagedSearchOptions<T>>;

export async function pagedSearch<T>(
  fetchPage: (page: number, pageSize: number, signals: PageSignals) => Promise<Page<T>>,
  options: PagedSearchOptions<T>,
): Promise<PagedRead<T>> {
  const settings: Settings<T> = {
    key: options.key,
    merge: options.merge,
    pageSize: options.pageSize ?? 1000,
    fallbackPageSize: options.fallbackPageSize ?? 100,
    isRefusal: options.isRefusal ?? (() => false),
    concurrency: options.concurrency ?? 32,
    maxItemsInFlight: options.maxItemsInFlight ?? 16_000,
    maxItems: options.maxItems ?? 1_000_000,
    noun: options.noun ?? 'items',
  };
  const window = new PageWindow(Math.max(1, settings.concurrency));
  const first = await readFirstPage(fetchPage, settings, window.signals);
  if (first.page === null) {
    return {
      items: [],
      totalCount: null,
      pagesRequested: first.requests,
      narrowestWindow: window.narrowest,
      conflicts: [],
      unreadable: [],
      failure: first.failure,
      incomplete: null,
    };
  }
  const pages = new Pages(first.page, first.asked, settings);
  // Pages of `per` items: at most maxItemsInFlight of them in flight.
  window.bound(Math.floor(settings.maxItemsInFlight / pages.per));
  const rest = await readOtherPages(fetchPage, first.asked, window, pages);
  const { items, conflicts, unreadable } = inPageOrder(pages, settings);
  return {
    items,
    totalCount: pages.total,
    pagesRequested: first.requests + rest.requested,
    narrowestWindow: window.narrowest,
    conflicts,
    unreadable,
    failure: rest.failure,
    incomplete: completeness(pages, items.length + unreadable.length, settings),
  };
}

/**
 * Pages in flight at once: halved when the server pushes back (429/503), one more with each page that
 * arrives, never above its bound.
 */
class PageWindow {
  size: number;
  /** The smallest the window became. */
  narrowest: number;
  readonly signals: PageSignals = {
    throttled: () => {
      this.size = Math.max(1, Math.floor(this.size / 2));
      this.narrowest = Math.min(this.narrowest, this.size);
    },
  };

  constructor(private most: number) {
    this.size = most;
    this.narrowest = most;
  }

  grow(): void {
    this.size = Math.min(this.most, this.size + 1);
  }

  /**
   * A lower bound, once the page size is known (large pages). A push-back on page 1 already halved
   * the window: it stays halved within the smaller bound.
   */
  bound(pages: number): void {
    const bound = Math.max(1, Math.min(this.most, pages));
    const scaled = (size: number) => Math.max(1, Math.floor((size * bound) / this.most));
    this.size = scaled(this.size);
    this.narrowest = scaled(this.narrowest);
    this.most = bound;
  }
}

/** Page 1, asked again once with the smaller size should the server refuse the larger one. */
async function readFirstPage<T>(
  fetchPage: (page: number, pageSize: number, signals: PageSignals) => Promise<Page<T>>,
  { pageSize, fallbackPageSize, isRefusal }: Settings<T>,
  signals: PageSignals,
): Promise<{ page: Page<T> | null; asked: number; requests: number; failure: unknown }> {
  const sizes = fallbackPageSize < pageSize ? [pageSize, fallbackPageSize] : [pageSize];
  const tried = { requests: 0, failure: null as unknown };
  for (const size of sizes) {
    tried.requests++;
    try {
      return { page: await fetchPage(1, size, signals), asked: size, requests: tried.requests, failure: null };
    } catch (error) {
      tried.failure = error;
      if (!isRefusal(error)) break;
    }
  }
  return { page: null, asked: pageSize, ...tried };
}

/**
 * The pages read, and what they say about where the read ends. `last` is the highest page believed
 * to exist, from totalCount. A short page ends the read there, and so does a full page that brings
 * nothing new (a server that ignores `page`). When every page up to `last` is full and more items
 * than totalCount arrived, totalCount was too low: one more.
 */
class Pages<T> {
  readonly byNumber = new Map<number, Page<T>>();
  readonly keys = new Set<string>();
  /** Readable items received, copies included. */
  received = 0;
  unreadable = 0;
  readonly total: number;
  /** The page size that decides the page count. */
  readonly per: number;
  last: number;
  ended = false;
  /** The first page that brought only items already read, else null. */
  repeated: number | null = null;
  /** Pages of maxItems items: past totalCount, the read stops there whatever the server sends. */
  private readonly most: number;
  /** The read stopped at `most` pages, with full pages of new items still coming. */
  capped = false;
  /** Pages 1 to this one arrived, each full. */
  private fullUpTo = 0;

  constructor(
    first: Page<T>,
    asked: number,
    private readonly settings: Settings<T>,
  ) {
    this.total = first.totalCount;
    // A server may cap pages below the pageSize it reports: a short page 1 that totalCount says is
    // not the only one gives the real page size.
    const answered = first.pageSize ?? asked;
    const length = lengthOf(first);
    this.per = Math.max(1, length < answered && this.total > length ? length : answered);
    this.last = this.total > settings.maxItems || length === 0 ? 1 : Math.max(1, Math.ceil(this.total / this.per));
    this.most = Math.max(1, Math.ceil(settings.maxItems / this.per));
    this.record(1, first);
  }

  /** Distinct items read, readable or not. */
  get count(): number {
    return this.keys.size + this.unreadable;
  }

  record(number: number, page: Page<T>): void {
    const before = this.keys.size;
    for (const item of page.items) this.keys.add(this.settings.key(item));
    this.received += page.items.length;
    const fresh = this.keys.size - before;
    this.byNumber.set(number, page);
    this.unreadable += page.unreadable?.length ?? 0;
    if (lengthOf(page) < this.per) {
      this.end(number);
    } else if (fresh === 0 && page.items.length > 0 && number > 1) {
      // Only readable items tell a repeat: a full page of unreadable ones is a page, not page 1 again.
      this.repeated ??= number;
      this.end(number);
    } else if (!this.ended && page.items.length > 0 && this.count > this.total && this.allFullUpTo(this.last)) {
      if (this.last < this.most) this.last++;
      else this.capped = true;
    }
  }

  /** In page order. */
  ordered(): Page<T>[] {
    return [...this.byNumber.keys()].sort((a, b) => a - b).map((number) => this.byNumber.get(number)!);
  }

  private end(number: number): void {
    this.ended = true;
    this.last = Math.min(this.last, number);
  }

  /** Pages 1 to `page` all arrived full. */
  private allFullUpTo(page: number): boolean {
    for (;;) {
      const next = this.byNumber.get(this.fullUpTo + 1);
      if (next === undefined || lengthOf(next) < this.per) break;
      this.fullUpTo++;
    }
    return this.fullUpTo >= page;
  }
}

/**
 * Every page after the first, as many in flight as the window allows; each page is asked for once
 * (the client retries a failed attempt, never a page that arrived). A failure starts no more pages.
 * Always the size page 1 was asked with: the answered size only decides the page count.
 */
async function readOtherPages<T>(
  fetchPage: (page: number, pageSize: number, signals: PageSignals) => Promise<Page<T>>,
  size: number,
  window: PageWindow,
  pages: Pages<T>,
): Promise<{ requested: number; failure: unknown }> {
  const flight = { next: 2, inFlight: 0, requested: 0, failure: null as unknown };
  await new Promise<void>((done) => {
    const pump = (): void => {
      while (flight.failure === null && flight.next <= pages.last && flight.inFlight < window.size) {
        const number = flight.next++;
        flight.requested++;
        flight.inFlight++;
        fetchPage(number, size, window.signals)
          .then(
            (page) => {
              pages.record(number, page);
              window.grow();
            },
            (error: unknown) => {
              flight.failure ??= error;
            },
          )
          .finally(() => {
            flight.inFlight--;
            pump();
          });
      }
      if (flight.inFlight === 0) done();
    };
    pump();
  });
  return { requested: flight.requested, failure: flight.failure };
}

/**
 * The items in page order. No key seen twice (the usual case): the pages one after the other; else
 * copies of one item are merged, the first in page order keeping its place.
 */
function inPageOrder<T>(
  pages: Pages<T>,
  { key, merge }: Settings<T>,
): { items: T[]; conflicts: string[]; unreadable: string[] } {
  const ordered = pages.ordered();
  const unreadable = ordered.flatMap((page) => page.unreadable ?? []);
  if (pages.received === pages.keys.size) {
    return { items: ordered.flatMap((page) => page.items), conflicts: [], unreadable };
  }
  const conflicts = new Set<string>();
  const merged = new Map<string, T>();
  for (const page of ordered) {
    for (const item of page.items) {
      const k = key(item);
      const earlier = merged.get(k);
      if (earlier === undefined) merged.set(k, item);
      else if (!same(earlier, item)) {
        conflicts.add(k);
        merged.set(k, merge(earlier, item));
      }
    }
  }
  return { items: [...merged.values()], conflicts: [...conflicts], unreadable };
}

/** Why the read is incomplete ("read N of M"), else null. */
function completeness<T>(
  { total, repeated, capped, last }: Pages<T>,
  read: number,
  { maxItems, noun }: Settings<T>,
): string | null {
  if (total > maxItems) {
    return `the search announces ${total} ${noun}, more than the ${maxItems} this action reads; stopped after page 1 (${read} read).`;
  }
  if (read < total) {
    const why =
      repeated !== null ? ` (page ${repeated} repeated ${noun} already read: the server may ignore \`page\`)` : '';
    return `read ${read} of ${total} ${noun} the search announced (totalCount)${why}.`;
  }
  if (repeated !== null) {
    // More than totalCount, yet a full page repeated: totalCount was too low and the server ignores `page`.
    return `page ${repeated} repeated a full page of ${noun} already read: the server may ignore \`page\`, so more ${noun} than the ${read} read may exist.`;
  }
  if (capped) {
    return `the search announced ${total} ${noun} (totalCount) but kept sending full pages past it; stopped after page ${last}, as many pages as ${maxItems} ${noun} fill: more ${noun} than the ${read} read may exist.`;
  }
  return null;
}
