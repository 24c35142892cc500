// The one HTTP path to the service: POST + JSON, auth headers, per-request timeout, bounded
// retries with backoff, same-origin-only redirects, and one error type (ApiError).
import type { z } from 'zod';
import { ApiError, type ApiErrorKind } from './errors.js';
import { mayHoldSecret, proxySecrets, redactor, redactStrings } from './redaction.js';
import { followRedirects } from './redirects.js';
import { transportFor, type Answer } from './transport.js';
import { describeIssue, errorBodySchema } from './schemas.js';

export { ApiError, type ApiErrorKind } from './errors.js';

export interface RetryEvent {
  endpoint: string;
  /** The attempt that failed, from 1. */
  attempt: number;
  delayMs: number;
  reason: string;
  /** HTTP status of the failed attempt; null for a network error or a timeout. */
  status: number | null;
}

/** One attempt of a call, answered or not: for the debug log. Never holds the body or a header. */
export interface ResponseEvent {
  endpoint: string;
  /** The `page` of a paged request's body; null for other requests. */
  page: number | null;
  /** From 1. */
  attempt: number;
  /** HTTP status of the final hop; null for a network error or a timeout. */
  status: number | null;
  ms: number;
}

/** Per call: who else wants to hear of its retries (a paged read shrinks its window on 429/503). */
export interface CallOptions {
  onRetry?: (event: RetryEvent) => void;
}

export interface ClientOptions {
  baseUrl: string;
  tokenId: string;
  tokenSecret: string;
  timeoutMs?: number;
  maxRetries?: number;
  /** Injected edges, so tests need no global mocks. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  onRetry?: (event: RetryEvent) => void;
  /** Each attempt's answer (or its absence), after it is read. */
  onResponse?: (event: ResponseEvent) => void;
  /** Clock for {@link ResponseEvent.ms}. */
  now?: () => number;
  /** First backoff step; doubles each retry. */
  baseDelayMs?: number;
  /** Retry-After is honoured up to this. */
  maxRetryAfterMs?: number;
  maxResponseBytes?: number;
}

export interface ServiceClient {
  /** POST `body` to `path`, parse the JSON answer with `schema`. */
  call<S extends z.ZodType>(path: string, body: unknown, schema: S, options?: CallOptions): Promise<z.output<S>>;
  /** Requests sent so far, retries and redirects included. */
  readonly stats: { requests: number; retries: number };
}

const MAX_REDIRECTS = 5;
/** An empty success body; read as null. */
const EMPTY = Symbol('empty body');
const MAX_BACKOFF_MS = 30_000;

class Attempt {
  constructor(
    readonly kind: ApiErrorKind,
    readonly detail: string,
    readonly status: number | null,
    readonly retryable: boolean,
    readonly retryAfterMs: number | null = null,
  ) {}
}

export function createClient(options: ClientOptions): ServiceClient {
  const {
    baseUrl,
    tokenId,
    tokenSecret,
    timeoutMs = 30_000,
    maxRetries = 3,
    sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    random = Math.random,
    onRetry,
    onResponse,
    now = () => performance.now(),
    baseDelayMs = 1_000,
    maxRetryAfterMs = 60_000,
    maxResponseBytes = 64 * 1024 * 1024,
  } = options;
  const base = baseUrl.replace(/\/+$/, '');
  const stats = { requests: 0, retries: 0 };
  // Proxy credentials too: a proxy's error page or a server's echo must not carry them either.
  const secrets = [tokenId, tokenSecret, ...proxySecrets()];
  const redact = redactor(secrets);
  const send = transportFor(baseUrl);

  /** `seen.status`: the final hop's status, for {@link ResponseEvent}; stays null without an answer. */
  async function once(path: string, payload: string, seen: { status: number | null }): Promise<unknown | Attempt> {
    // One timeout per hop: each request of the chain, and the final answer's body, within timeoutMs.
    let controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hopSignal = () => {
      clearTimeout(timer);
      controller = new AbortController();
      const hop = controller;
      timer = setTimeout(() => hop.abort(), timeoutMs);
      return hop.signal;
    };
    try {
      const followed = await followRedirects(
        send,
        new URL(base + path),
        {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: 'application/json',
            'X-Service-API-Token-Id': tokenId,
            'X-Service-API-Token-Secret': tokenSecret,
          },
          body: payload,
        },
        { maxRedirects: MAX_REDIRECTS, signal: hopSignal, onSend: () => stats.requests++ },
      );
      if (followed.kind === 'other-origin') {
        return new Attempt(
          'redirect',
          `HTTP ${followed.status} redirect to another origin (${followed.to.origin}) refused: the API token is never sent there.`,
          followed.status,
          false,
        );
      }
      if (followed.kind === 'too-many')
        return new Attempt('redirect', `more than ${MAX_REDIRECTS} redirects.`, followed.status, false);
      const response = followed.answer;
      seen.status = response.status;
      if (response.status >= 300 && response.status < 400) {
        await response.discard();
        if (controller.signal.aborted) throw new Error('timed out'); // reported as a timeout below
        return new Attempt(
          'invalid-response',
          `HTTP ${response.status} without a Location header.`,
          response.status,
          false,
        );
      }
      const text = await response.text(maxResponseBytes);
      if (text === null)
        return new Attempt('too-large', `response larger than ${maxResponseBytes} bytes.`, response.status, false);
      if (!response.ok) return failedStatus(response, text);
      // An empty success (204 No Content) reads as null: each endpoint's schema says whether that will do.
      if (text.trim() === '') return EMPTY;
      try {
        const data = JSON.parse(text) as unknown;
        return mayHoldSecret(text, secrets) ? redactStrings(data, redact) : data;
      } catch {
        return new Attempt(
          'invalid-response',
          `response is not JSON (HTTP ${response.status}, ${response.header('content-type') ?? 'no content-type'}): ${preview(redact(text))}.`,
          response.status,
          false,
        );
      }
    } catch (error) {
      if (controller.signal.aborted)
        return new Attempt('timeout', `no answer within ${timeoutMs / 1000} s.`, null, true);
      return new Attempt('network', `network error: ${describeNetworkError(error)}.`, null, true);
    } finally {
      clearTimeout(timer);
    }
  }

  function failedStatus(response: Answer, text: string): Attempt {
    const status = response.status;
    const message = serverMessage(text, redact);
    const said = message ? ` The service said: "${message}".` : '';
    const head = `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}.${said}`;
    if (status === 401 || status === 403)
      return new Attempt('credentials', `the service rejected the API token: ${head}`, status, false);
    if (status === 429 || status >= 500) {
      return new Attempt('server', head, status, true, parseRetryAfter(response.header('retry-after'), Date.now()));
    }
    return new Attempt('request', head, status, false);
  }

  function backoff(attempt: number, retryAfterMs: number | null): number {
    if (retryAfterMs !== null) return Math.min(retryAfterMs, maxRetryAfterMs);
    // Exponential backoff with "equal jitter": half fixed, half random, so clients spread out.
    const step = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** (attempt - 1));
    return Math.round(step / 2 + random() * (step / 2));
  }

  async function call<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.output<S>> {
    const payload = JSON.stringify(body ?? {});
    for (let attempt = 1; ; attempt++) {
      const seen = { status: null as number | null };
      const started = now();
      const outcome = await once(path, payload, seen);
      if (outcome instanceof Attempt) seen.status = outcome.status;
      onResponse?.({
        endpoint: path,
        page: pageOf(body),
        attempt,
        status: seen.status,
        ms: Math.round(now() - started),
      });
      if (!(outcome instanceof Attempt)) {
        const parsed = schema.safeParse(outcome === EMPTY ? null : outcome);
        if (parsed.success) return parsed.data;
        const problem =
          outcome === EMPTY
            ? 'an empty response, where the API answers with data'
            : `response does not match the API schema: ${describeIssues(parsed.error.issues)}`;
        throw new ApiError(path, 'invalid-response', `${problem}.`, 200, attempt);
      }
      if (!outcome.retryable || attempt > maxRetries) {
        throw new ApiError(path, outcome.kind, redact(outcome.detail), outcome.status, attempt);
      }
      const delayMs = backoff(attempt, outcome.retryAfterMs);
      stats.retries++;
      const event = { endpoint: path, attempt, delayMs, reason: redact(outcome.detail), status: outcome.status };
      onRetry?.(event);
      options.onRetry?.(event);
      await sleep(delayMs);
    }
  }

  return { call, stats };
}

function pageOf(body: unknown): number | null {
  const page = (body as { page?: unknown } | null)?.page;
  return typeof page === 'number' ? page : null;
}

/**
 * `{"error": "..."}` is how the service explains a failure; fall back to nothing. Redacted before it
 * is cut: a cut through an echoed token would leave a piece that no longer matches it.
 */
function serverMessage(text: string, redact: (text: string) => string): string | null {
  try {
    const parsed = errorBodySchema.safeParse(JSON.parse(text));
    return parsed.success ? redact(parsed.data.error).slice(0, 300) : null;
  } catch {
    return null;
  }
}

/** Retry-After as seconds or an HTTP date (RFC 9110), in ms from now; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const shown = issues
    .slice(0, 5)
    .map((issue) => (issue.path.length === 0 ? `(response): ${issue.message}` : describeIssue(issue)));
  const more = issues.length > 5 ? ` (and ${issues.length - 5} more)` : '';
  return shown.join('; ') + more;
}

/** The start of a body that is not JSON; `text` redacted already, as for {@link serverMessage}. */
function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat ? `"${flat.slice(0, 80)}${flat.length > 80 ? '…' : ''}"` : 'an empty body';
}

function describeNetworkError(error: unknown): string {
  // The code of a system, TLS or undici error (ECONNREFUSED, CERT_HAS_EXPIRED, UND_ERR_SOCKET), on
  // the error or on its cause.
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown; message?: string } };
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof code === 'string') return code;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
