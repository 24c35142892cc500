// The one retry rule of every HTTP read: Retry-After as RFC 9110 section 10.2.3 defines it (seconds,
// or an HTTP date in one of the three forms of section 5.6.7), the backoff the contract describes
// (1 s doubling, capped at 30 s, half of each step random; Retry-After honoured up to 60 s), and the
// loop (only network errors, timeouts, 429 and 5xx are retried, at most max-retries times).
import { describe, expect, test } from '@jest/globals';
import { parseRetryAfter, retryDelayMs, retrying, type Retry } from '../../src/api/retry.js';
import type { Sent } from '../../src/api/send.js';

describe('parseRetryAfter', () => {
  // The RFC's own example instant, in its three forms.
  const now = Date.UTC(1994, 10, 6, 8, 49, 0);
  test.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['   ', null],
    ['0', 0],
    ['120', 120_000],
    [' 120 ', 120_000],
    ['0.5', 500], // not the RFC's, but servers send it and it has always been read
    ['0x10', null], // hexadecimal: Number() reads it as 16
    ['1e3', null], // an exponent: Number() reads it as 1,000
    ['-5', null], // negative: Date.parse() reads it as the year -5 or as May 2001
    ['+5', null],
    ['5 s', null],
    ['Infinity', null],
    ['soon', null],
    ['Sun, 06 Nov 1994 08:49:37 GMT', 37_000], // IMF-fixdate
    ['Sunday, 06-Nov-94 08:49:37 GMT', 37_000], // obsolete RFC 850 form
    ['Sun Nov  6 08:49:37 1994', 37_000], // obsolete asctime form, GMT although it says no zone
    ['Sun, 06 Nov 1994 08:59:00 GMT', 600_000],
    ['Sun, 06 Nov 1994 08:00:00 GMT', 0], // in the past: at once
    ['Fri, 31 Dec 1993 23:59:59 GMT', 0],
    ['1994-11-06T08:49:37Z', null], // ISO 8601 is no HTTP date
    ['Sun, 06 Nov 1994 08:49:37 +0000', null],
    ['Thu, 31 Feb 1994 08:49:37 GMT', null], // no such day, not 3 March
    ['Sun, 06 Nov 1994 24:49:37 GMT', null],
  ])('%p -> %p ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });

  test('a two-digit year more than 50 years ahead is the last such year in the past', () => {
    const in2026 = Date.UTC(2026, 0, 1);
    expect(parseRetryAfter('Thursday, 01-Jan-26 00:00:10 GMT', in2026)).toBe(10_000); // 2026
    expect(parseRetryAfter('Wednesday, 01-Jan-76 00:00:10 GMT', in2026)).toBe(Date.UTC(2076, 0, 1, 0, 0, 10) - in2026);
    expect(parseRetryAfter('Saturday, 01-Jan-77 00:00:10 GMT', in2026)).toBe(0); // 1977, in the past
  });
});

describe('retryDelayMs', () => {
  const at = (random: number) => ({ random: () => random });
  test.each<[string, number, number, number]>([
    // [case, attempt that failed, random, expected ms]: step 1 s, 2 s, 4 s … capped at 30 s, half fixed.
    ['the first retry, no jitter', 1, 0, 500],
    ['the first retry, full jitter', 1, 0.999_999, 1_000],
    ['the second retry, half jitter', 2, 0.5, 1_500],
    ['the third retry, full jitter', 3, 0.999_999, 4_000],
    ['the sixth retry: the 30 s cap, no jitter', 6, 0, 15_000],
    ['the sixth retry: the 30 s cap, full jitter', 6, 0.999_999, 30_000],
    ['the tenth retry: still the cap', 10, 0.999_999, 30_000],
  ])('backoff: %s', (_name, attempt, random, expected) => {
    expect(retryDelayMs(attempt, null, at(random))).toBe(expected);
  });

  test.each([1, 2, 3, 4, 5, 6, 7, 8])('backoff after attempt %i lies within half a step and the step', (attempt) => {
    const step = Math.min(30_000, 1_000 * 2 ** (attempt - 1));
    for (const random of [0, 0.25, 0.5, 0.75, 0.999]) {
      const delay = retryDelayMs(attempt, null, at(random));
      expect(delay).toBeGreaterThanOrEqual(step / 2);
      expect(delay).toBeLessThanOrEqual(step);
    }
  });

  test('Retry-After wins over the backoff, up to 60 s', () => {
    expect(retryDelayMs(3, 0, at(0.5))).toBe(0);
    expect(retryDelayMs(1, 7_000, at(0.5))).toBe(7_000);
    expect(retryDelayMs(1, 3_600_000, at(0.5))).toBe(60_000);
    expect(retryDelayMs(1, 3_600_000, { maxRetryAfterMs: 5_000 })).toBe(5_000);
  });
});

describe('retrying', () => {
  const answer = (status: number, headers: Record<string, string> = {}): Sent => ({
    kind: 'answer',
    status,
    statusText: '',
    header: (name) => headers[name.toLowerCase()] ?? null,
    text: '',
  });

  /** Runs the loop over `script` (one send per attempt, the last repeated), with sleeps recorded. */
  async function run(script: Sent[], maxRetries: number, random = 0.5) {
    const sleeps: number[] = [];
    const retries: Retry<string>[] = [];
    let sent = 0;
    const { result, attempts } = await retrying(
      async (n) => {
        sent++;
        const attempt = script[Math.min(n, script.length) - 1]!;
        return { sent: attempt, result: `attempt ${n}: ${attempt.kind} ${'status' in attempt ? attempt.status : ''}` };
      },
      {
        maxRetries,
        sleep: async (ms) => void sleeps.push(ms),
        random: () => random,
        onRetry: (retry) => retries.push(retry),
      },
    );
    return { result, attempts, sent, sleeps, retries };
  }

  test('retries a network error, a timeout, a 429 and a 5xx, and stops at the first final answer', async () => {
    const script: Sent[] = [
      { kind: 'network', description: 'ECONNRESET' },
      { kind: 'timeout' },
      answer(429),
      answer(500),
      answer(503),
      answer(200),
    ];
    const { result, attempts, sleeps } = await run(script, 10, 0);
    expect(attempts).toBe(6);
    expect(result).toBe('attempt 6: answer 200');
    expect(sleeps).toEqual([500, 1_000, 2_000, 4_000, 8_000]);
  });

  test.each([429, 500, 502, 503, 504, 507, 599])('retries a %i, max-retries times', async (status) => {
    const { attempts, sent } = await run([answer(status)], 2);
    expect({ attempts, sent }).toEqual({ attempts: 3, sent: 3 });
  });

  test('stops when max-retries retries are spent: 1 + maxRetries attempts, the last one returned', async () => {
    const { result, attempts, sent, sleeps, retries } = await run([answer(502)], 3);
    expect({ attempts, sent, result }).toEqual({ attempts: 4, sent: 4, result: 'attempt 4: answer 502' });
    expect(sleeps).toEqual([750, 1_500, 3_000]);
    expect(retries).toEqual([
      { attempt: 1, result: 'attempt 1: answer 502', delayMs: 750 },
      { attempt: 2, result: 'attempt 2: answer 502', delayMs: 1_500 },
      { attempt: 3, result: 'attempt 3: answer 502', delayMs: 3_000 },
    ]);
  });

  test('max-retries 0 sends once', async () => {
    const { attempts, sleeps } = await run([{ kind: 'timeout' }], 0);
    expect(attempts).toBe(1);
    expect(sleeps).toEqual([]);
  });

  test.each<[string, Sent]>([
    ['a 200', answer(200)],
    ['a 400', answer(400)],
    ['a 401', answer(401)],
    ['a 403', answer(403)],
    ['a 404', answer(404, { 'retry-after': '1' })],
    ['a 3xx without a Location', answer(302)],
    ['a redirect to another origin', { kind: 'other-origin', status: 307, to: new URL('https://elsewhere.test/') }],
    ['too many redirects', { kind: 'too-many', status: 307 }],
    ['a 503 too large to read', { kind: 'too-large', status: 503 }],
    // Contract ("Errors blame the right input"): they will not get better.
    ['a 501 Not Implemented', answer(501, { 'retry-after': '0' })],
    ['a 505 HTTP Version Not Supported', answer(505)],
  ])('does not retry %s', async (_name, sent) => {
    const { attempts, sleeps } = await run([sent], 3);
    expect(attempts).toBe(1);
    expect(sleeps).toEqual([]);
  });

  test.each<[string, string, number]>([
    ['seconds', '7', 7_000],
    ['zero', '0', 0],
    ['a cap of 60 s', '3600', 60_000],
    ['unreadable (0x10): the backoff', '0x10', 750],
    ['unreadable (1e3): the backoff', '1e3', 750],
  ])('honours Retry-After in %s', async (_name, value, expected) => {
    const { sleeps } = await run([answer(503, { 'retry-after': value }), answer(200)], 3);
    expect(sleeps).toEqual([expected]);
  });

  test('Retry-After as an HTTP date counts from the wall clock', async () => {
    const later = new Date(Date.now() + 30_000).toUTCString();
    const { sleeps } = await run([answer(429, { 'retry-after': later }), answer(200)], 3);
    expect(sleeps).toHaveLength(1);
    // The date has whole seconds, so up to a second less than 30 s.
    expect(sleeps[0]).toBeGreaterThan(28_000);
    expect(sleeps[0]).toBeLessThanOrEqual(30_000);
  });
});
