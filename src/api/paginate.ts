// Reads every page of a paged search with the fewest requests: page 1 first, then the rest
// concurrently using the page size the server actually answered with. Terminates whatever
// totalCount says: a short, empty or all-repeated page ends it, and maxPages bounds it.

export interface Page<T> {
  items: T[];
  totalCount: number;
  pageSize: number;
}

export interface PaginateOptions {
  /** Page size to ask for; the server may answer with less. */
  pageSize?: number;
  /** Pages in flight at once. */
  concurrency?: number;
  /** Hard bound on pages requested. */
  maxPages?: number;
}

export interface Paginated<T> {
  /** Unique by id, in page order. */
  items: T[];
  /** What the first page said; may differ from items.length when the server is wrong. */
  totalCount: number;
  pagesRequested: number;
  /** True when maxPages stopped it before the end. */
  truncated: boolean;
}

export async function fetchAllPages<T extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  { pageSize = 100, concurrency = 6, maxPages = 500 }: PaginateOptions = {},
): Promise<Paginated<T>> {
  const first = await fetchPage(1, pageSize);
  const total = first.totalCount;
  if (first.items.length === 0) return { items: [], totalCount: total, pagesRequested: 1, truncated: false };
  // A server may cap pages below the pageSize it reports: a short first page that totalCount
  // says is not the only one gives the real page size.
  const short = first.items.length < first.pageSize && total > first.items.length;
  const size = Math.max(1, short ? first.items.length : first.pageSize);
  const pages = new Map<number, T[]>();
  const seen = new Set<string>();
  // `last` is the highest page believed to exist, from totalCount. A short page, or one that
  // brought nothing new (a server repeating pages), ends it there for good. When every page up to
  // `last` is in, full, and more items than totalCount arrived, totalCount was too low: one more.
  let last = Math.max(1, Math.ceil(total / size));
  let ended = false;
  let failed = false;
  let next = 2;
  let requested = 1;

  const allFullUpTo = (page: number): boolean => {
    for (let p = 1; p <= page; p++) if ((pages.get(p)?.length ?? 0) < size) return false;
    return true;
  };
  const record = (page: number, items: T[]): void => {
    const fresh = items.filter((item) => !seen.has(item.id)).length;
    for (const item of items) seen.add(item.id);
    pages.set(page, items);
    if (items.length < size || fresh === 0) {
      ended = true;
      last = Math.min(last, page);
    } else if (!ended && seen.size > total && allFullUpTo(last)) {
      last++;
    }
  };
  record(1, first.items);

  const worker = async (): Promise<void> => {
    while (!failed && next <= Math.min(last, maxPages)) {
      const page = next++;
      requested++;
      try {
        // Always ask for the full page size (contract); the answered size only decides the page count.
        record(page, (await fetchPage(page, pageSize)).items);
      } catch (error) {
        failed = true; // the read has failed: start no more pages
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));

  const items: T[] = [];
  const ids = new Set<string>();
  for (const page of [...pages.keys()].sort((a, b) => a - b)) {
    for (const item of pages.get(page) ?? []) {
      if (!ids.has(item.id)) {
        ids.add(item.id);
        items.push(item);
      }
    }
  }
  return { items, totalCount: total, pagesRequested: requested, truncated: last > maxPages };
}
