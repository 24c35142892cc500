// One request to OSV (querybatch's POST, a record's GET) through the one send and retry loop
// (api/get.ts: proxies, per-hop timeouts, same-origin redirects, the size cap; network errors,
// timeouts, 429 and 5xx retried). What leaves (contract: "What leaves the runner"): a plain JSON
// request and the User-Agent, with the queries' ecosystems, names and versions or an id; no token,
// no cookie, nothing of the repository.
import { requestWithRetries, type GetAnswer } from '../../api/get.js';
import type { Transport } from '../../api/transport.js';
import { failure, success, type Outcome } from '../../model.js';

/** An answer held at most: a querybatch page is some 3,000 ids, a record rarely more than a few hundred KB. */
export const MAX_OSV_ANSWER_BYTES = 16 * 1024 * 1024;

export interface OsvReadOptions {
  timeoutMs: number;
  maxRetries: number;
  /** Injected so tests need no real clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Requests in flight at most (each reader has its default). */
  concurrency?: number;
  /** One transport for every request of a run (its connections kept alive); default one made for the call. */
  transport?: Transport;
}

/** How messages name the source: `OSV (osv-url https://api.osv.dev)`. */
export const osvWhere = (url: string) => `OSV (osv-url ${url})`;

export const REACH = 'Check osv-url and that the runner can reach it (behind a proxy: https_proxy and no_proxy).';
export const NOT_OSV = "Check that osv-url names OSV's API (https://api.osv.dev) or a mirror of it.";

/** `url` without the slashes that end it, so that `${base}/v1/…` has one. */
export const osvBase = (url: string) => url.replace(/\/+$/, '');

export function askOsv(
  url: string,
  request: { method: 'GET' | 'POST'; body?: string },
  options: OsvReadOptions,
  transport: Transport,
): Promise<GetAnswer> {
  return requestWithRetries(url, request, {
    transport,
    headers: {
      Accept: 'application/json',
      ...(request.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    host: "OSV's host",
    whyNotFollowed: 'another origin, which is not followed; give osv-url the final address',
    timeoutMs: options.timeoutMs,
    maxRetries: options.maxRetries,
    maxBytes: MAX_OSV_ANSWER_BYTES,
    sleep: options.sleep,
  });
}

/** OSV's error message (`{"code":3,"message":"too many queries"}`), shortened; null when the body has none. */
function osvMessage(text: string): string | null {
  try {
    const body: unknown = JSON.parse(text);
    const message = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).message : null;
    return typeof message === 'string' && message.trim() !== '' ? message.trim().slice(0, 200) : null;
  } catch {
    return null;
  }
}

/** A 2xx answer's text, or why there is none, in words (`OSV's host answered HTTP 400 (too many queries)`). */
export function answeredText(answer: GetAnswer): Outcome<string> {
  if (!answer.ok) return failure(answer.reason);
  if (answer.status >= 200 && answer.status <= 299) return success(answer.text);
  const message = osvMessage(answer.text);
  return failure(`OSV's host answered HTTP ${answer.status}${message === null ? '' : ` (${message})`}`);
}
