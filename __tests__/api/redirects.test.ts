// The one redirect follower, on a scripted transport: same origin only, the limit as a parameter,
// the method, headers and body re-sent on each hop, a signal asked for per hop.
import { describe, expect, test } from '@jest/globals';
import { followRedirects, type Followed } from '../../src/api/redirects.js';
import type { Answer, Sending, Transport } from '../../src/api/transport.js';

interface Sent {
  url: string;
  sending: Sending;
}

/** A transport answering each request with the next of `answers` ([status, Location?]). */
function scripted(answers: [number, string?][]): { send: Transport; sent: Sent[]; discarded: number[] } {
  const sent: Sent[] = [];
  const discarded: number[] = [];
  const send: Transport = async (url, sending) => {
    const [status, location] = answers[sent.length] ?? [200];
    sent.push({ url: String(url), sending });
    const answer: Answer = {
      status,
      statusText: '',
      ok: status >= 200 && status < 300,
      header: (name) => (name.toLowerCase() === 'location' ? (location ?? null) : null),
      text: async () => '',
      discard: async () => void discarded.push(sent.length),
    };
    return answer;
  };
  return { send, sent, discarded };
}

const START = new URL('https://service.test/api/v1/x');
const SENDING = { method: 'POST', headers: { 'X-Token': 't' }, body: '{"a":1}' } as const;
const limits = (maxRedirects: number) => ({ maxRedirects, signal: () => new AbortController().signal });

describe('followRedirects', () => {
  test.each<[string, [number, string?][], number, Followed['kind'], number]>([
    ['a plain answer', [[200]], 5, 'answer', 1],
    ['a relative same-origin redirect, then the answer', [[307, '/api/v1/y'], [200]], 5, 'answer', 2],
    ['an absolute same-origin redirect', [[301, 'https://service.test/z'], [200]], 5, 'answer', 2],
    ['a 3xx without a Location is the answer', [[302]], 5, 'answer', 1],
    ['an empty Location is no Location', [[302, '']], 5, 'answer', 1],
    ['another host: refused, nothing sent there', [[307, 'https://elsewhere.test/x']], 5, 'other-origin', 1],
    ['another port: refused', [[307, 'https://service.test:8443/x']], 5, 'other-origin', 1],
    ['another scheme: refused', [[307, 'http://service.test/x']], 5, 'other-origin', 1],
    ['exactly the limit (3): followed', [[307, '/a'], [307, '/b'], [307, '/c'], [200]], 3, 'answer', 4],
    [
      'one more than the limit (3): refused',
      [
        [307, '/a'],
        [307, '/b'],
        [307, '/c'],
        [307, '/d'],
      ],
      3,
      'too-many',
      4,
    ],
    ['no redirect allowed (0)', [[307, '/a']], 0, 'too-many', 1],
  ])('%s', async (_name, answers, maxRedirects, kind, requests) => {
    const { send, sent } = scripted(answers);
    const followed = await followRedirects(send, START, SENDING, limits(maxRedirects));
    expect(followed.kind).toBe(kind);
    expect(sent).toHaveLength(requests);
    expect(sent.every((s) => new URL(s.url).origin === START.origin)).toBe(true);
  });

  test('each hop re-sends the method, headers and body, and gets a signal of its own', async () => {
    const { send, sent, discarded } = scripted([[307, '/b'], [308, '/c'], [200]]);
    const signals: AbortSignal[] = [];
    let counted = 0;
    const followed = await followRedirects(send, START, SENDING, {
      maxRedirects: 5,
      signal: () => signals[signals.push(new AbortController().signal) - 1]!,
      onSend: () => counted++,
    });
    expect(followed).toMatchObject({ kind: 'answer', url: new URL('https://service.test/c') });
    expect(sent.map((s) => [s.url, s.sending.method, s.sending.body, s.sending.headers])).toEqual([
      ['https://service.test/api/v1/x', 'POST', '{"a":1}', { 'X-Token': 't' }],
      ['https://service.test/b', 'POST', '{"a":1}', { 'X-Token': 't' }],
      ['https://service.test/c', 'POST', '{"a":1}', { 'X-Token': 't' }],
    ]);
    expect(sent.map((s) => s.sending.signal)).toEqual(signals);
    expect(counted).toBe(3);
    expect(discarded).toEqual([1, 2]); // the redirects' bodies, not the answer's
  });

  test('the refused origin is reported, and the redirect answer discarded', async () => {
    const { send, discarded } = scripted([[301, 'https://Other.Test/x']]);
    const followed = await followRedirects(send, START, SENDING, limits(5));
    expect(followed).toEqual({ kind: 'other-origin', status: 301, to: new URL('https://other.test/x') });
    expect(discarded).toEqual([1]);
  });

  test('a signal aborted by the time a redirect is discarded ends the chain with its reason', async () => {
    const { send, sent } = scripted([[307, '/b'], [200]]);
    const controller = new AbortController();
    const reason = new Error('timed out');
    const aborting: Transport = async (url, sending) => {
      const answer = await send(url, sending);
      controller.abort(reason);
      return answer;
    };
    await expect(
      followRedirects(aborting, START, SENDING, { maxRedirects: 5, signal: () => controller.signal }),
    ).rejects.toBe(reason);
    expect(sent).toHaveLength(1);
  });
});
