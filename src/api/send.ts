// Sending once, for every HTTP read (the service client, GitHub's REST API, the KEV catalog): one
// request through the one redirect follower (same origin only, since requests carry tokens), a
// timeout per hop, the final answer's body read as text up to a byte cap, and what happened, in
// one shape. What an answer means is the caller's to say; whether to retry is api/retry.ts's.
import type { Readable } from 'node:stream';
import { followRedirects } from './redirects.js';
import type { Sending, Transport } from './transport.js';

/** Redirects followed at most, for every caller; one more is refused. */
export const MAX_REDIRECTS = 5;

/** What one send gave. */
export type Sent =
  /** A final answer (a 3xx without a Location header included), its body read. */
  | {
      kind: 'answer';
      status: number;
      /** The status's standard reason phrase ('' for an unknown status). */
      statusText: string;
      header: (name: string) => string | null;
      text: string;
    }
  /** A redirect to another origin, refused: nothing was sent there. */
  | { kind: 'other-origin'; status: number; to: URL }
  /** A redirect beyond {@link MAX_REDIRECTS}, refused. */
  | { kind: 'too-many'; status: number }
  /** A final answer whose body is larger than the cap; the rest of it was not read. */
  | { kind: 'too-large'; status: number }
  /** No complete answer within the timeout of a hop. */
  | { kind: 'timeout' }
  /** The connection failed or was dropped (or the URL was malformed), described by {@link describeNetworkError}. */
  | { kind: 'network'; description: string };

export interface SendLimits {
  /** Each request of the chain, and the final answer's body, within this. */
  timeoutMs: number;
  /** Bytes of the final answer's body held at most (decompressed). */
  maxBytes: number;
  /** Told of every request sent (the service client counts them). */
  onSend?: () => void;
  /**
   * How the final answer's body becomes its text (null: larger than `maxBytes`); default: read whole.
   * A stream reader (the EPSS CSV) keeps only what it needs of a body too large to hold.
   */
  readBody?: BodyReader;
}

/** Reads an answer's body as it comes: the text kept of it, or null when it is larger than the cap. */
export type BodyReader = (body: Readable, maxBytes: number) => Promise<string | null>;

/** Sends `sending` to `url`, following same-origin redirects; never rejects. */
export async function sendOnce(
  send: Transport,
  url: URL | string,
  sending: Omit<Sending, 'signal'>,
  { timeoutMs, maxBytes, onSend, readBody }: SendLimits,
): Promise<Sent> {
  const hops = hopTimeouts(timeoutMs);
  try {
    const followed = await followRedirects(send, new URL(url), sending, {
      maxRedirects: MAX_REDIRECTS,
      signal: hops.next,
      onSend,
    });
    if (followed.kind !== 'answer') return followed;
    const { status, statusText, header } = followed.answer;
    const { answer } = followed;
    const text =
      readBody && answer.ok && answer.bytes ? await readBody(answer.bytes(), maxBytes) : await answer.text(maxBytes);
    return text === null ? { kind: 'too-large', status } : { kind: 'answer', status, statusText, header, text };
  } catch (error) {
    return hops.expired() ? { kind: 'timeout' } : { kind: 'network', description: describeNetworkError(error) };
  } finally {
    hops.stop();
  }
}

/** The status of the final hop (or of the refused redirect); null without an answer. */
export function statusOf(sent: Sent): number | null {
  return 'status' in sent ? sent.status : null;
}

/** A fresh signal per hop, each aborted after `timeoutMs`; `expired` tells of the current hop. */
function hopTimeouts(timeoutMs: number) {
  let controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    next: () => {
      clearTimeout(timer);
      const hop = (controller = new AbortController());
      timer = setTimeout(() => hop.abort(), timeoutMs);
      return hop.signal;
    },
    expired: () => controller.signal.aborted,
    stop: () => clearTimeout(timer),
  };
}

/**
 * The code of a system, TLS or undici error (ECONNREFUSED, CERT_HAS_EXPIRED, UND_ERR_SOCKET), on the
 * error or on its cause; else its message.
 */
export function describeNetworkError(error: unknown): string {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: { code?: unknown; message?: string } };
  if (typeof cause?.code === 'string') return cause.code;
  if (typeof code === 'string') return code;
  return cause?.message ?? (error instanceof Error ? error.message : String(error));
}
