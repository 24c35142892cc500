// The one HTTP path to the service: POST + JSON with the auth headers, sent once by api/send.ts
// (per-hop timeout, same-origin-only redirects, size cap), its answer classified by
// api/classify.ts, retried by api/retry.ts's loop, and one error type (ApiError).
import type { z } from 'zod';
import { classify, explain, Failure, matchSchema, type Read } from './classify.js';
import { ApiError } from './errors.js';
import { proxySecrets, redactor } from './redaction.js';
import { retrying, type Retry, type Tried } from './retry.js';
import { sendOnce, statusOf } from './send.js';
import { transportFor } from './transport.js';

export { ApiError, type ApiErrorKind } from './errors.js';
/** Where the client's tests have always found it; the one parser is api/retry.ts's. */
export { parseRetryAfter } from './retry.js';

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
  /**
   * Told of a 2xx answer's JSON (secrets redacted) as soon as it is read, before it is checked
   * against the schema, whether or not it then passes: for work that needs only a part of it and
   * should not wait for the check. The check waits for what it returns.
   */
  onData?: (data: unknown) => void | Promise<void>;
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

export function createClient(options: ClientOptions): ServiceClient {
  const { baseUrl, tokenId, tokenSecret, timeoutMs = 30_000, maxRetries = 3, onResponse } = options;
  const { now = () => performance.now(), maxResponseBytes = 64 * 1024 * 1024 } = options;
  const base = baseUrl.replace(/\/+$/, '');
  const stats = { requests: 0, retries: 0 };
  // Proxy credentials too: a proxy's error page or a server's echo must not carry them either.
  const secrets = [tokenId, tokenSecret, ...proxySecrets()];
  const redact = redactor(secrets);
  const limits = { timeoutMs, maxBytes: maxResponseBytes, onSend: () => stats.requests++ };
  const context = { ...limits, secrets, redact };
  const { sleep, random, baseDelayMs, maxRetryAfterMs } = options;
  const backoff = { maxRetries, sleep, random, baseDelayMs, maxRetryAfterMs };
  const send = transportFor(baseUrl);
  const headers = {
    'Content-Type': 'application/json',
    Accept: 'application/json',
    'X-Service-API-Token-Id': tokenId,
    'X-Service-API-Token-Secret': tokenSecret,
  };

  /** Attempt `attempt` of a call: sent once, classified, and told to {@link ClientOptions.onResponse}. */
  async function once(path: string, body: unknown, payload: string, attempt: number): Promise<Tried<Read | Failure>> {
    const started = now();
    const sent = await sendOnce(send, base + path, { method: 'POST', headers, body: payload }, limits);
    const result = classify(sent, context);
    const ms = Math.round(now() - started);
    onResponse?.({ endpoint: path, page: pageOf(body), attempt, status: statusOf(sent), ms });
    return { sent, result };
  }

  /** Counted, and told to the client's listener, then the call's, before the wait. */
  function retried(path: string, call: CallOptions, { attempt, result, delayMs }: Retry<Read | Failure>): void {
    stats.retries++;
    // Only a failure is retried (api/retry.ts): its detail is the reason.
    const { detail, status } = result instanceof Failure ? result : { detail: '', status: null };
    const event = { endpoint: path, attempt, delayMs, reason: redact(detail), status };
    options.onRetry?.(event);
    call.onRetry?.(event);
  }

  async function call<S extends z.ZodType>(
    path: string,
    body: unknown,
    schema: S,
    callOptions: CallOptions = {},
  ): Promise<z.output<S>> {
    const payload = JSON.stringify(body ?? {});
    const { result, attempts } = await retrying((attempt) => once(path, body, payload, attempt), {
      ...backoff,
      onRetry: (retry) => retried(path, callOptions, retry),
    });
    if (!(result instanceof Failure)) await callOptions.onData?.(result.data);
    const outcome = result instanceof Failure ? explain(base, path, result) : matchSchema(result, schema);
    if (outcome instanceof Failure)
      throw new ApiError(path, outcome.kind, redact(outcome.detail), outcome.status, attempts);
    return outcome.data;
  }

  return { call, stats };
}

function pageOf(body: unknown): number | null {
  const page = (body as { page?: unknown } | null)?.page;
  return typeof page === 'number' ? page : null;
}
