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
  /** A totalCount above this is refused before reading on. */
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

export async function pagedSearch<T>(
  fetchPage: (page: number, pageSize: number, signals: PageSignals) => Promise<Page<T>>,
  options: PagedSearchOptions<T>,
): Promise<PagedRead<T>> {
  const {
    key,
    merge,
    pageSize = 1000,
    fallbackPageSize = 100,
    isRefusal = () => false,
    concurrency = 32,
    maxItemsInFlight = 16_000,
    maxItems = 1_000_000,
    noun = 'items',
  } = options;
  let most = Math.max(1, concurrency);
  let window = most;
  let narrowest = most;
  const signals: PageSignals = {
    throttled: () => {
      window = Math.max(1, Math.floor(window / 2));
      narrowest = Math.min(narrowest, window);
    },
  };
  const pages = new Map<number, Page<T>>();
  const seen = new Set<string>();
  let requested = 0;
  let failure: unknown = null;

  // Page 1, asked again once with the smaller size should the server refuse the larger one.
  let asked = pageSize;
  let first: Page<T> | null = null;
  for (const size of fallbackPageSize < pageSize ? [pageSize, fallbackPageSize] : [pageSize]) {
    asked = size;
    requested++;
    try {
      first = await fetchPage(1, size, signals);
      break;
    } catch (error) {
      failure = error;
      if (!isRefusal(error)) break;
    }
  }
  if (first === null) {
    return {
      items: [],
      totalCount: null,
      pagesRequested: requested,
      narrowestWindow: narrowest,
      conflicts: [],
      unreadable: [],
      failure,
      incomplete: null,
    };
  }
  failure = null;

  const total = first.totalCount;
  const length = (page: Page<T>) => page.items.length + (page.unreadable?.length ?? 0);
  let unreadableCount = 0;
  const count = () => seen.size + unreadableCount;
  // A server may cap pages below the pageSize it reports: a short page 1 that totalCount says is
  // not the only one gives the real page size.
  const answered = first.pageSize ?? asked;
  const per = Math.max(1, length(first) < answered && total > length(first) ? length(first) : answered);
  // Pages of `per` items: at most maxItemsInFlight of them in flight. A push-back on page 1 already
  // halved the window: it stays halved within the smaller bound.
  const bound = Math.max(1, Math.min(most, Math.floor(maxItemsInFlight / per)));
  const scaled = (pages: number) => Math.max(1, Math.floor((pages * bound) / most));
  window = scaled(window);
  narrowest = scaled(narrowest);
  most = bound;
  // `last`: the highest page believed to exist, from totalCount. A short page ends the read there,
  // and so does a full page that brings nothing new (a server that ignores `page`). When every
  // page up to `last` is full and more items than totalCount arrived, totalCount was too low: one more.
  let last = total > maxItems || length(first) === 0 ? 1 : Math.max(1, Math.ceil(total / per));
  let ended = false;
  let repeated: number | null = null;
  const allFullUpTo = (page: number) => {
    for (let p = 1; p <= page; p++) if ((pages.get(p) ? length(pages.get(p)!) : 0) < per) return false;
    return true;
  };
  let received = 0;
  const record = (number: number, page: Page<T>) => {
    const before = seen.size;
    for (const item of page.items) seen.add(key(item));
    received += page.items.length;
    const fresh = seen.size - before;
    pages.set(number, page);
    unreadableCount += page.unreadable?.length ?? 0;
    if (length(page) < per) {
      ended = true;
      last = Math.min(last, number);
    } else if (fresh === 0 && page.items.length > 0 && number > 1) {
      // Only readable items tell a repeat: a full page of unreadable ones is a page, not page 1 again.
      repeated ??= number;
      ended = true;
      last = Math.min(last, number);
    } else if (!ended && page.items.length > 0 && count() > total && allFullUpTo(last)) {
      last++;
    }
  };
  record(1, first);

  // Every other page, as many in flight as the window allows; each page is asked for once (the
  // client retries a failed attempt, never a page that arrived). A failure starts no more pages.
  let next = 2;
  let inFlight = 0;
  await new Promise<void>((done) => {
    const pump = (): void => {
      while (failure === null && next <= last && inFlight < window) {
        const number = next++;
        requested++;
        inFlight++;
        // Always ask for the same size; the answered size only decides the page count.
        fetchPage(number, asked, signals)
          .then(
            (page) => {
              record(number, page);
              window = Math.min(most, window + 1);
            },
            (error: unknown) => {
              failure ??= error;
            },
          )
          .finally(() => {
            inFlight--;
            pump();
          });
      }
      if (inFlight === 0) done();
    };
    pump();
  });

  // Assemble in page order. No key seen twice (the usual case): the pages one after the other;
  // else copies of one item are merged, the first in page order keeping its place.
  const ordered = [...pages.keys()].sort((a, b) => a - b).map((number) => pages.get(number)!);
  const unreadable = ordered.flatMap((page) => page.unreadable ?? []);
  const conflicts = new Set<string>();
  let items: T[];
  if (received === seen.size) items = ordered.flatMap((page) => page.items);
  else {
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
    items = [...merged.values()];
  }

  const read = items.length + unreadable.length;
  let incomplete: string | null = null;
  if (total > maxItems) {
    incomplete = `the search announces ${total} ${noun}, more than the ${maxItems} this action reads; stopped after page 1 (${read} read).`;
  } else if (read < total) {
    const why =
      repeated !== null ? ` (page ${repeated} repeated ${noun} already read: the server may ignore \`page\`)` : '';
    incomplete = `read ${read} of ${total} ${noun} the search announced (totalCount)${why}.`;
  } else if (repeated !== null) {
    // More than totalCount, yet a full page repeated: totalCount was too low and the server ignores `page`.
    incomplete = `page ${repeated} repeated a full page of ${noun} already read: the server may ignore \`page\`, so more ${noun} than the ${read} read may exist.`;
  }
  return {
    items,
    totalCount: total,
    pagesRequested: requested,
    narrowestWindow: narrowest,
    conflicts: [...conflicts],
    unreadable,
    failure,
    incomplete,
  };
}
