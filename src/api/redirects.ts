// The one redirect follower, under api/send.ts's sending once (the service's POST, re-sent on each
// hop; the GETs of GitHub's REST API and the KEV catalog): a redirect is followed only within the
// origin it started from, because the request carries a token (contract: "Never follow a redirect
// that would send the token headers to another origin"). The limit and the signals are its caller's.
import type { Answer, Sending, Transport } from './transport.js';

export interface FollowLimits {
  /** Redirects followed at most; one more is refused. */
  maxRedirects: number;
  /**
   * The signal of each request, asked for once per hop: a fresh one gives every hop its own timeout,
   * the same one gives the whole fetch one timeout.
   */
  signal: () => AbortSignal;
  /** Told of every request sent (the client counts them). */
  onSend?: () => void;
}

/** Where a chain of redirects ended. */
export type Followed =
  /** A final answer: not a redirect, or a 3xx without a (non-empty) Location header; its body not yet read. */
  | { kind: 'answer'; answer: Answer; url: URL }
  /** A redirect to another origin, refused: nothing was sent there. */
  | { kind: 'other-origin'; status: number; to: URL }
  /** A redirect beyond `maxRedirects`, refused. */
  | { kind: 'too-many'; status: number };

/**
 * Sends `sending` to `url`, following same-origin redirects with the same method, headers and body
 * (an API redirect keeps the method: 307/308, and the service's 301/302 too). A redirect's body is
 * discarded. Rejects as the transport does (a network error, an abort).
 */
export async function followRedirects(
  send: Transport,
  url: URL,
  sending: Omit<Sending, 'signal'>,
  { maxRedirects, signal: signalFor, onSend }: FollowLimits,
): Promise<Followed> {
  const origin = url.origin;
  for (let target = url, hop = 0; ; hop++) {
    const signal = signalFor();
    onSend?.();
    const answer = await send(target, { ...sending, signal });
    const location = answer.status >= 300 && answer.status < 400 ? answer.header('location') : null;
    if (!location) return { kind: 'answer', answer, url: target };
    await answer.discard();
    // A timeout while the body was discarded is a timeout, not the next hop.
    if (signal.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
    const next = new URL(location, target);
    if (next.origin !== origin) return { kind: 'other-origin', status: answer.status, to: next };
    if (hop >= maxRedirects) return { kind: 'too-many', status: answer.status };
    target = next;
  }
}
