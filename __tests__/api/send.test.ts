// Sending once, on a scripted transport: what each way a send can end is reported as, one redirect
// limit for every caller, a timeout per hop (not one over the chain), and network errors named by
// their code.
import { describe, expect, test } from '@jest/globals';
import { describeNetworkError, MAX_REDIRECTS, sendOnce, statusOf } from '../../src/api/send.js';
import type { Answer, Transport } from '../../src/api/transport.js';

interface Scripted {
  status: number;
  location?: string;
  body?: string;
  /** ms before the answer comes, or `never` (until the request is aborted). */
  delayMs?: number | 'never';
}

/** A transport answering each request with the next of `script` (the last repeated). */
function scripted(script: Scripted[]): { send: Transport; sent: string[] } {
  const sent: string[] = [];
  const send: Transport = async (url, { signal }) => {
    const { status, location, body = '', delayMs = 0 } = script[Math.min(sent.length, script.length - 1)]!;
    sent.push(String(url));
    await waited(delayMs, signal);
    const answer: Answer = {
      status,
      statusText: status === 200 ? 'OK' : '',
      ok: status >= 200 && status < 300,
      header: (name) => ({ location, 'retry-after': '3' })[name.toLowerCase()] ?? null,
      text: async (limit = Infinity) => (Buffer.byteLength(body) > limit ? null : body),
      discard: async () => undefined,
    };
    return answer;
  };
  return { send, sent };
}

function waited(delayMs: number | 'never', signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = delayMs === 'never' ? undefined : setTimeout(resolve, delayMs);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}

const URL_ = 'https://host.test/a';
const GET = { method: 'GET', headers: {} } as const;
const limits = { timeoutMs: 2_000, maxBytes: 100 };

describe('sendOnce', () => {
  test('an answer: status, reason phrase, headers and the body as text', async () => {
    const { send } = scripted([{ status: 200, body: '{"ok":true}' }]);
    const sent = await sendOnce(send, URL_, GET, limits);
    expect(sent).toMatchObject({ kind: 'answer', status: 200, statusText: 'OK', text: '{"ok":true}' });
    expect(sent.kind === 'answer' && sent.header('Retry-After')).toBe('3');
    expect(statusOf(sent)).toBe(200);
  });

  test('a 3xx without a Location is an answer, its body read', async () => {
    const { send } = scripted([{ status: 302, body: 'moved?' }]);
    expect(await sendOnce(send, URL_, GET, limits)).toMatchObject({ kind: 'answer', status: 302, text: 'moved?' });
  });

  test('a body over the cap is too large, with its status', async () => {
    const { send } = scripted([{ status: 503, body: 'x'.repeat(101) }]);
    expect(await sendOnce(send, URL_, GET, limits)).toEqual({ kind: 'too-large', status: 503 });
  });

  test('a redirect to another origin is refused, nothing sent there', async () => {
    const { send, sent } = scripted([{ status: 301, location: 'https://elsewhere.test/a' }]);
    expect(await sendOnce(send, URL_, GET, limits)).toEqual({
      kind: 'other-origin',
      status: 301,
      to: new URL('https://elsewhere.test/a'),
    });
    expect(sent).toEqual([URL_]);
  });

  test('one limit for every caller: 5 redirects followed, a 6th refused', async () => {
    expect(MAX_REDIRECTS).toBe(5);
    const hops = (n: number): Scripted[] => [
      ...Array.from({ length: n }, (_, i) => ({ status: 307, location: `/hop${i + 1}` })),
      { status: 200, body: 'here' },
    ];
    const five = scripted(hops(5));
    expect(await sendOnce(five.send, URL_, GET, limits)).toMatchObject({ kind: 'answer', text: 'here' });
    expect(five.sent).toHaveLength(6);
    const six = scripted(hops(6));
    expect(await sendOnce(six.send, URL_, GET, limits)).toEqual({ kind: 'too-many', status: 307 });
    expect(six.sent).toHaveLength(6);
  });

  test('each hop has its own timeout: two hops of 60% of it each are answered', async () => {
    const { send } = scripted([
      { status: 307, location: '/b', delayMs: 240 },
      { status: 200, delayMs: 240 },
    ]);
    expect(await sendOnce(send, URL_, GET, { ...limits, timeoutMs: 400 })).toMatchObject({ kind: 'answer' });
  });

  test('a hop without an answer within the timeout is a timeout', async () => {
    const { send } = scripted([
      { status: 307, location: '/b' },
      { status: 200, delayMs: 'never' },
    ]);
    expect(await sendOnce(send, URL_, GET, { ...limits, timeoutMs: 50 })).toEqual({ kind: 'timeout' });
  });

  test('a transport that rejects is a network error, named by its code', async () => {
    const refused: Transport = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    };
    expect(await sendOnce(refused, URL_, GET, limits)).toEqual({ kind: 'network', description: 'ECONNREFUSED' });
  });

  test('a malformed URL is a network error, never a rejection', async () => {
    const { send, sent } = scripted([{ status: 200 }]);
    expect(await sendOnce(send, 'http://exa mple/', GET, limits)).toEqual({
      kind: 'network',
      description: 'ERR_INVALID_URL',
    });
    expect(sent).toEqual([]);
  });

  test('every request of the chain is told of', async () => {
    const { send } = scripted([{ status: 308, location: '/b' }, { status: 200 }]);
    let told = 0;
    await sendOnce(send, URL_, GET, { ...limits, onSend: () => told++ });
    expect(told).toBe(2);
  });
});

describe('describeNetworkError', () => {
  test.each<[string, unknown, string]>([
    [
      'the code of the cause first',
      Object.assign(new Error('x'), { code: 'UND_ERR_SOCKET', cause: { code: 'ECONNRESET' } }),
      'ECONNRESET',
    ],
    ['the code of the error', Object.assign(new Error('x'), { code: 'CERT_HAS_EXPIRED' }), 'CERT_HAS_EXPIRED'],
    ['the message of a cause without a code', new Error('x', { cause: new Error('socket hang up') }), 'socket hang up'],
    ['the message of an error without a code', new Error('other side closed'), 'other side closed'],
    ['what is thrown that is no error', 'boom', 'boom'],
  ])('%s', (_name, error, expected) => {
    expect(describeNetworkError(error)).toBe(expected);
  });
});
