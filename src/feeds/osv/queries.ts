// Pure: OSV's querybatch as asked and as read (contract: "Malicious packages"): each distinct
// package version one query, at most 1,000 queries a request (osv.dev's maxBatchQueries: more is a
// 400), and each page of a query's ids merged into what it has read. A further page that brings no
// id not seen before while it still has a next page is an incomplete read (contract: "A feed that
// does not move is not read"): a source that ignores page_token answers the first page again, and
// taking that as the end would leave the rest of the ids unread, the package taken as clean.
import { failure, success, type Outcome } from '../../model.js';
import type { OsvPackageVersion } from './ecosystems.js';

/** osv.dev's limit of queries a querybatch request. */
export const OSV_MAX_QUERIES = 1_000;

/** A package version's key in the ids read: ecosystem, name and version exactly as asked. */
export type PackageKey = string;

/** The key of a package version (its parts joined by a character no name or version holds). */
export const osvPackageKey = ({ ecosystem, name, version }: OsvPackageVersion): PackageKey =>
  `${ecosystem}\u0000${name}\u0000${version}`;

/** One query as it is read: the ids so far (each once, in order) and the token of its next page. */
export interface QueryState {
  pkg: OsvPackageVersion;
  ids: string[];
  seen: Set<string>;
  /** The next page's token; null before the first answer and after the last page. */
  token: string | null;
  /** Pages read. */
  pages: number;
}

/** One result of a querybatch answer, read. */
export interface BatchResult {
  ids: string[];
  /** null when the result has none (or an empty one: proto3's unset string). */
  nextPageToken: string | null;
}

/** Each distinct package version once, in the order first given. */
export function distinctQueries(packages: Iterable<OsvPackageVersion>): QueryState[] {
  const states = new Map<PackageKey, QueryState>();
  for (const pkg of packages) {
    const key = osvPackageKey(pkg);
    if (!states.has(key)) states.set(key, { pkg, ids: [], seen: new Set(), token: null, pages: 0 });
  }
  return [...states.values()];
}

/** The queries in requests of at most `size`, in order. */
export function queryBatches<T>(queries: readonly T[], size = OSV_MAX_QUERIES): T[][] {
  const batches: T[][] = [];
  for (let at = 0; at < queries.length; at += size) batches.push(queries.slice(at, at + size));
  return batches;
}

/** The request's body: each query's package and version, and its page token when a further page is asked. */
export function queryBatchBody(batch: readonly QueryState[]): string {
  const queries = batch.map(({ pkg, token }) => ({
    package: { ecosystem: pkg.ecosystem, name: pkg.name },
    version: pkg.version,
    ...(token === null ? {} : { page_token: token }),
  }));
  return JSON.stringify({ queries });
}

/** `npm lodash 4.17.20`: a query as messages name it. */
export const queryLabel = ({ ecosystem, name, version }: OsvPackageVersion) => `${ecosystem} ${name} ${version}`;

/**
 * A page read into its query: `more` when it has a next page (its token kept), `done` when not; a
 * failure when a further page brings nothing new and still has a next one. A first page with a
 * token and no id is asked again: osv.dev answers so (its start cursor) for a query it had no time
 * to begin, and a second such page is then a page that does not move.
 */
export function mergePage(state: QueryState, result: BatchResult): Outcome<'more' | 'done'> {
  const before = state.ids.length;
  for (const id of result.ids) {
    if (state.seen.has(id)) continue;
    state.seen.add(id);
    state.ids.push(id);
  }
  const further = state.pages > 0;
  state.pages++;
  state.token = result.nextPageToken;
  if (result.nextPageToken === null) return success('done');
  if (further && state.ids.length === before)
    return failure(
      `a further page of ${queryLabel(state.pkg)} brought nothing new (${result.ids.length} ids, all read before) when asked with page_token (page ${state.pages}), and announced yet another: the read is incomplete`,
    );
  return success('more');
}
