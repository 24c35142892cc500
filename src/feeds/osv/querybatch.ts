// OSV asked which vulnerabilities each package version has (contract: "Malicious packages";
// "Vulnerabilities of added entries"): `POST {url}/v1/querybatch`, each distinct package version
// once, 1,000 queries a request, a bounded number of requests in flight, one transport for them
// all. A result with `next_page_token` is asked again with `page_token` (the queries of one request
// that have more, together) until it has none; a further page that does not move, an answer that
// is not one, or a request that fails after its retries is a failure of the whole read: a package
// taken as clean because its read stopped is the gate passing blind. Never rejects.
import { madeOnFirstSend } from '../../api/get.js';
import type { Transport } from '../../api/transport.js';
import { failure, success, type Outcome } from '../../model.js';
import { boundedBy } from '../bounded.js';
import { readQueryBatchAnswer } from './answers.js';
import type { OsvPackageVersion } from './ecosystems.js';
import {
  distinctQueries,
  mergePage,
  osvPackageKey,
  queryBatchBody,
  queryBatches,
  type BatchResult,
  type PackageKey,
  type QueryState,
} from './queries.js';
import { answeredText, askOsv, NOT_OSV, osvBase, osvWhere, REACH, type OsvReadOptions } from './request.js';

/** Requests in flight at once: a request of 1,000 queries is heavy work for OSV (it allows each 35 s). */
export const OSV_QUERYBATCH_CONCURRENCY = 4;

/** Why the read stopped: a request that failed, an answer that is none, or a page that did not move. */
interface Stop {
  kind: 'request' | 'answer' | 'stalled';
  reason: string;
}

/**
 * The vulnerability ids of each distinct package version (by osvPackageKey; none: an empty list),
 * or why they could not all be read, in a sentence that names osv-url and what to do.
 */
export async function osvQueryBatch(
  url: string,
  packages: Iterable<OsvPackageVersion>,
  options: OsvReadOptions,
): Promise<Outcome<Map<PackageKey, string[]>>> {
  const base = osvBase(url);
  const states = distinctQueries(packages);
  const limited = boundedBy(options.concurrency ?? OSV_QUERYBATCH_CONCURRENCY);
  const transport = options.transport ?? madeOnFirstSend(base);
  // Set by any request's end (hence the cast: not narrowed to null here).
  let stop = null as Stop | null;

  const ask = async (batch: QueryState[]): Promise<void> => {
    // A batch still queued when another failed is not sent: the read has failed already. Its
    // failure is known before the next queued call starts, which the limiter starts at once.
    const read = await limited(async () => {
      if (stop !== null) return null;
      const page = await readPage(base, batch, options, transport);
      if (!page.ok) stop ??= page.error;
      return page.ok ? page.value : null;
    });
    if (read === null) return;
    const more: QueryState[] = [];
    for (const [i, state] of batch.entries()) {
      const merged = mergePage(state, read[i]!);
      if (!merged.ok) {
        stop ??= { kind: 'stalled', reason: merged.error };
        return;
      }
      if (merged.value === 'more') more.push(state);
    }
    await Promise.all(queryBatches(more).map(ask));
  };

  await Promise.all(queryBatches(states).map(ask));
  if (stop !== null) return failure(stopped(base, stop));
  return success(new Map(states.map((state) => [osvPackageKey(state.pkg), state.ids])));
}

/** One request's results, in the order asked, or why not. */
async function readPage(
  base: string,
  batch: QueryState[],
  options: OsvReadOptions,
  transport: Transport,
): Promise<Outcome<BatchResult[], Stop>> {
  const answer = await askOsv(
    `${base}/v1/querybatch`,
    { method: 'POST', body: queryBatchBody(batch) },
    options,
    transport,
  );
  const text = answeredText(answer);
  if (!text.ok) return failure({ kind: 'request', reason: text.error });
  const results = readQueryBatchAnswer(text.value, batch.length);
  return results.ok ? results : failure({ kind: 'answer', reason: `querybatch's answer ${results.error}` });
}

function stopped(base: string, stop: Stop): string {
  const where = osvWhere(base);
  switch (stop.kind) {
    case 'request':
      return `${where} could not be read: ${stop.reason}. ${REACH}`;
    case 'answer':
      return `${where} could not be read: ${stop.reason}. ${NOT_OSV}`;
    case 'stalled':
      return `${where} could not be read whole: ${stop.reason}. A source that ignores page_token (a mirror or a cache) cannot be paged; give osv-url OSV's API (https://api.osv.dev) or a mirror that pages.`;
  }
}
