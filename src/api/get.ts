// One GET through the one transport (proxies, NODE_EXTRA_CA_CERTS), with a timeout per attempt,
// bounded retries on network errors, timeouts, 429 and 5xx (Retry-After honoured up to 60 s),
// same-origin redirects only, and a size cap. For GitHub's REST API (github/rest.ts) and the KEV
// catalog (kev/read.ts); the service has its own client, which pages and posts.
// The answer's status decides; what a status means is the caller's to say.
import { redactor } from './redaction.js';
import { followRedirects } from './redirects.js';
import { transportFor, type Transport } from './transport.js';

export interface GetOptions {
  /** Sent as they are; the User-Agent is the transport's. */
  headers: Record<string, string>;
  /** Who answers, as messages name it: "GitHub". */
  host: string;
  /** Said of a redirect to another origin, after "redirected to X". */
  whyNotFollowed: string;
  /** Text no message may carry (a token, which may come back in a host name). */
  secrets?: string[];
  timeoutMs: number;
  maxRetries: number;
  /** Bytes held at most; a larger answer is a failure. */
  maxBytes: number;
  /** Injected so tests need no real clock. */
  sleep?: (ms: number) => Promise<void>;
  /** Made once by a caller that reports its setup problems itself; default one per attempt. */
  transport?: Transport;
}

/** What the host answered (any status, its body read as text), or why no answer came. */
export type GetAnswer =
  | { ok: true; status: number; text: string; contentType: string | null }
  | { ok: false; status: number | null; reason: string };

const MAX_REDIRECTS = 3;
const MAX_RETRY_AFTER_MS = 60_000;
const RETRYABLE = (status: number) => status === 429 || status >= 500;

export async function getWithRetries(url: string, options: GetOptions): Promise<GetAnswer> {
  const { maxRetries, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = options;
  let last: GetAnswer = { ok: false, status: null, reason: 'not sent' };
  for (let attempt = 0; attempt <= maxRetries; attempt++) {
    const { answer, retryAfterMs } = await once(url, options);
    last = answer;
    const retry = answer.ok ? RETRYABLE(answer.status) : answer.status === null || RETRYABLE(answer.status);
    if (!retry || attempt === maxRetries) break;
    const backoff = Math.min(30_000, 1_000 * 2 ** attempt) * (0.5 + Math.random() / 2);
    await sleep(retryAfterMs === null ? backoff : Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
  }
  return last;
}

async function once(
  url: string,
  { headers, host, whyNotFollowed, secrets = [], timeoutMs, maxBytes, transport }: GetOptions,
): Promise<{ answer: GetAnswer; retryAfterMs: number | null }> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const followed = await followRedirects(
      transport ?? transportFor(url),
      new URL(url),
      { method: 'GET', headers },
      { maxRedirects: MAX_REDIRECTS, signal: () => signal },
    );
    if (followed.kind === 'other-origin') {
      // A token may come back in the host name, lower-cased there: redacted in any case.
      const to = redactor(secrets)(followed.to.origin);
      return fail(followed.status, `${host} redirected to ${to}, ${whyNotFollowed}`);
    }
    if (followed.kind === 'too-many')
      return fail(followed.status, `${host} redirected more than ${MAX_REDIRECTS} times`);
    const { answer } = followed;
    const retryAfterMs = retryAfter(answer.header('retry-after'));
    const text = await answer.text(maxBytes);
    if (text === null)
      return fail(answer.status, `${host}'s answer is larger than ${Math.round(maxBytes / 1048576)} MiB`);
    return {
      answer: { ok: true, status: answer.status, text, contentType: answer.header('content-type') },
      retryAfterMs,
    };
  } catch (error) {
    const { code, cause, name } = error as { code?: unknown; cause?: { code?: unknown }; name?: string };
    const what = [cause?.code, code].find((c): c is string => typeof c === 'string') ?? name ?? 'error';
    return fail(null, `${host} could not be reached (${what})`);
  }
}

const fail = (status: number | null, reason: string) => ({
  answer: { ok: false as const, status, reason },
  retryAfterMs: null,
});

/** Retry-After in seconds or as an HTTP date; null when absent or unreadable. */
function retryAfter(value: string | null): number | null {
  if (value === null) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}
