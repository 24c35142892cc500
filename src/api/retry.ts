// The one retry rule of every HTTP read (the service client, GitHub's REST API, the KEV catalog):
// network errors, timeouts, 429 and 5xx (but 501 and 505) are retried up to maxRetries times with
// exponential backoff and equal jitter, honouring Retry-After (RFC 9110: seconds or an HTTP date) up
// to 60 s. Nothing else is retried (contract: max-retries, "Errors blame the right input").
import type { Sent } from './send.js';

/** The first backoff step; it doubles each retry. */
const BASE_DELAY_MS = 1_000;
/** The backoff's cap. */
const MAX_BACKOFF_MS = 30_000;
/** Retry-After is honoured up to this. */
const MAX_RETRY_AFTER_MS = 60_000;

/** How long to wait before a retry; injected edges, so tests need no real clock. */
export interface Backoff {
  random?: () => number;
  /** The first backoff step; default 1 s. */
  baseDelayMs?: number;
  /** Retry-After is honoured up to this; default 60 s. */
  maxRetryAfterMs?: number;
}

export interface RetryOptions<T> extends Backoff {
  /** Retries after the first attempt; 0 sends once. */
  maxRetries: number;
  sleep?: (ms: number) => Promise<void>;
  /** Told before each wait. */
  onRetry?: (retry: Retry<T>) => void;
}

/** A retry about to happen: the attempt that failed (from 1), what it gave, and the wait. */
export interface Retry<T> {
  attempt: number;
  result: T;
  delayMs: number;
}

/** What one attempt sent and got (for the retry rule), and what it means to its caller. */
export interface Tried<T> {
  sent: Sent;
  result: T;
}

/**
 * Runs `attempt` (given its number, from 1) until one is final or `maxRetries` retries are spent;
 * the last attempt's result, and how many attempts were made.
 */
export async function retrying<T>(
  attempt: (n: number) => Promise<Tried<T>>,
  options: RetryOptions<T>,
): Promise<{ result: T; attempts: number }> {
  const { maxRetries, sleep = realSleep, onRetry } = options;
  for (let n = 1; ; n++) {
    const { sent, result } = await attempt(n);
    if (!isRetryable(sent) || n > maxRetries) return { result, attempts: n };
    const delayMs = retryDelayMs(n, retryAfterOf(sent), options);
    onRetry?.({ attempt: n, result, delayMs });
    await sleep(delayMs);
  }
}

/**
 * 501 Not Implemented and 505 HTTP Version Not Supported: the server will not do what was asked,
 * however often it is asked (RFC 9110 sections 15.6.2 and 15.6.6), so they are final.
 */
export const isFinalServerError = (status: number) => status === 501 || status === 505;

/** No answer (a network error, a timeout), or a 429 or a 5xx that may get better, whose body was read. */
function isRetryable(sent: Sent): boolean {
  if (sent.kind === 'network' || sent.kind === 'timeout') return true;
  return sent.kind === 'answer' && (sent.status === 429 || (sent.status >= 500 && !isFinalServerError(sent.status)));
}

/** The wait after failed attempt `attempt` (from 1): Retry-After when readable (capped), else the backoff. */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | null,
  { random = Math.random, baseDelayMs = BASE_DELAY_MS, maxRetryAfterMs = MAX_RETRY_AFTER_MS }: Backoff,
): number {
  if (retryAfterMs !== null) return Math.min(retryAfterMs, maxRetryAfterMs);
  // Exponential backoff with "equal jitter": half fixed, half random, so clients spread out.
  const step = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** (attempt - 1));
  return Math.round(step / 2 + random() * (step / 2));
}

function retryAfterOf(sent: Sent): number | null {
  return sent.kind === 'answer' ? parseRetryAfter(sent.header('retry-after'), Date.now()) : null;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Retry-After (RFC 9110 section 10.2.3) in ms from `now`: a number of seconds (digits; a decimal
 * fraction too, as servers send it) or an HTTP date (a past one is 0). Null when absent or
 * unreadable (`0x10`, `1e3`, `-5`), so the backoff decides.
 */
export function parseRetryAfter(value: string | null, now: number): number | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = parseHttpDate(trimmed, now);
  return date === null ? null : Math.max(0, date - now);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const MONTH = `(?<month>${MONTHS.join('|')})`;
const TIME = '(?<time>\\d\\d:\\d\\d:\\d\\d)';
// RFC 9110 section 5.6.7: IMF-fixdate, and the two obsolete forms recipients must still read.
const HTTP_DATES = [
  new RegExp(`^${DAY}, (?<day>\\d\\d) ${MONTH} (?<year>\\d{4}) ${TIME} GMT$`),
  new RegExp(
    `^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), (?<day>\\d\\d)-${MONTH}-(?<yy>\\d\\d) ${TIME} GMT$`,
  ),
  new RegExp(`^${DAY} ${MONTH} (?<day>[ \\d]\\d) ${TIME} (?<year>\\d{4})$`),
];

/** An HTTP date in ms since the epoch (always GMT); null when it is none, or names no such day. */
function parseHttpDate(text: string, now: number): number | null {
  const fields = HTTP_DATES.map((form) => form.exec(text)?.groups).find((groups) => groups !== undefined);
  if (!fields) return null;
  const year = fields.year ?? String(fullYear(Number(fields.yy), now));
  const month = String(MONTHS.indexOf(fields.month ?? '') + 1).padStart(2, '0');
  const iso = `${year}-${month}-${fields.day?.trim().padStart(2, '0')}T${fields.time}`;
  const ms = Date.parse(`${iso}Z`);
  // Date.parse rolls 31 Feb over to 3 Mar: such a date is unreadable, not another day.
  return Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 19) !== iso ? null : ms;
}

/** A two-digit year more than 50 years ahead is the last such year in the past (RFC 9110 section 5.6.7). */
function fullYear(yy: number, now: number): number {
  const current = new Date(now).getUTCFullYear();
  const year = current - (current % 100) + yy;
  return year > current + 50 ? year - 100 : year;
}
