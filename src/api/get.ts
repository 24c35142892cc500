// One GET (or, with a body, one POST: GitHub's GraphQL API) through the one transport (proxies,
// NODE_EXTRA_CA_CERTS), sent once as every request is (api/send.ts: a timeout per hop, same-origin
// redirects only, a size cap) and retried by the one loop (api/retry.ts: network errors, timeouts,
// 429 and 5xx; Retry-After honoured up to 60 s). For GitHub's REST and GraphQL APIs (github/rest.ts)
// and the feeds; the service's client (api/client.ts) posts through the same two. The answer's
// status decides; what a status means is the caller's to say.
import { redactor } from './redaction.js';
import { retrying, type Tried } from './retry.js';
import { MAX_REDIRECTS, sendOnce, type BodyReader, type Sent } from './send.js';
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
  /** How a 2xx answer's body is read (see api/send.ts); default whole, as text. */
  readBody?: BodyReader;
  /** Sent as a POST with this body (re-sent on a same-origin redirect and on each retry); absent, a GET. */
  body?: string;
}

/** What the host answered (any status, its body read as text), or why no answer came. */
export type GetAnswer =
  | { ok: true; status: number; text: string; contentType: string | null; header: (name: string) => string | null }
  | { ok: false; status: number | null; reason: string };

export async function getWithRetries(url: string, options: GetOptions): Promise<GetAnswer> {
  const { maxRetries, sleep } = options;
  const { result } = await retrying(() => once(url, options), { maxRetries, sleep });
  return result;
}

async function once(url: string, options: GetOptions): Promise<Tried<GetAnswer>> {
  const { headers, timeoutMs, maxBytes, transport, readBody, body } = options;
  const send = transport ?? madeOnFirstSend(url);
  const sending = body === undefined ? { method: 'GET' as const, headers } : { method: 'POST' as const, headers, body };
  const sent = await sendOnce(send, url, sending, { timeoutMs, maxBytes, readBody });
  return { sent, result: answerOf(sent, options) };
}

/** What the host answered, or why no answer came, in the words the callers' messages use. */
function answerOf(sent: Sent, { host, whyNotFollowed, secrets = [], maxBytes }: GetOptions): GetAnswer {
  const fail = (status: number | null, reason: string): GetAnswer => ({ ok: false, status, reason });
  switch (sent.kind) {
    case 'answer':
      return {
        ok: true,
        status: sent.status,
        text: sent.text,
        contentType: sent.header('content-type'),
        header: sent.header,
      };
    case 'other-origin':
      // A token may come back in the host name, lower-cased there: redacted in any case.
      return fail(sent.status, `${host} redirected to ${redactor(secrets)(sent.to.origin)}, ${whyNotFollowed}`);
    case 'too-many':
      return fail(sent.status, `${host} redirected more than ${MAX_REDIRECTS} times`);
    case 'too-large':
      return fail(sent.status, `${host}'s answer is larger than ${Math.round(maxBytes / 1048576)} MiB`);
    case 'timeout':
      // The name of the error a timed-out request rejects with, as these messages have always said.
      return fail(null, `${host} could not be reached (TimeoutError)`);
    case 'network':
      return fail(null, `${host} could not be reached (${sent.description})`);
  }
}

/**
 * A transport made on its first request (one per attempt when the caller gives none; a caller with
 * many requests makes one for them all, whose connections are kept alive): a setup error (a
 * malformed URL, a proxy no request can go through) is then that request's network error.
 */
export function madeOnFirstSend(url: string): Transport {
  let made: Transport | undefined;
  return async (target, sending) => (made ??= transportFor(url))(target, sending);
}
