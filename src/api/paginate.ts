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
  pagesRequested: number;
  /** True when maxPages stopped it before the end. */
  truncated: boolean;
}

export async function fetchAllPages<T extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  { pageSize = 100, concurrency = 6, maxPages = 500 }: PaginateOptions = {},
): Promise<Paginated<T>> {
  const first = await fetchPage(1, pageSize);
  const size = Math.max(1, first.pageSize);
  const total = first.totalCount;
  const pages = new Map<number, T[]>();
  const seen = new Set<string>();
  // `last` is the highest page believed to exist. It starts from totalCount, shrinks on a short
  // page or one that brought nothing new (a server repeating pages), and grows by one when the
  // believed-last page is full and more items than totalCount have arrived (a totalCount too low).
  let last = Math.max(1, Math.ceil(total / size));
  let next = 2;
  let requested = 1;

  const record = (page: number, items: T[]): void => {
    const fresh = items.filter((item) => !seen.has(item.id)).length;
    for (const item of items) seen.add(item.id);
    pages.set(page, items);
    if (items.length < size || fresh === 0) last = Math.min(last, page);
    else if (page === last && seen.size > total) last++;
  };
  record(1, first.items);

  const worker = async (): Promise<void> => {
    while (next <= Math.min(last, maxPages)) {
      const page = next++;
      requested++;
      // Always ask for the full page size (contract); the answered size only decides the page count.
      record(page, (await fetchPage(page, pageSize)).items);
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
  return { items, pagesRequested: requested, truncated: last > maxPages };
}
