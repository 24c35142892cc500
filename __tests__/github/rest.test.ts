// githubGet against a local server on 127.0.0.1: what GitHub is sent, and how its answers are
// retried and worded, through the one send and the one retry loop (api/send.ts, api/retry.ts).
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { githubGet, type GitHubGetOptions } from '../../src/github/rest.js';

type Handler = (res: ServerResponse) => void;
let server: Server;
let base = '';
let handlers: Handler[] = [];
let requests: IncomingHttpHeaders[] = [];
const sleeps: number[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.headers);
    // The last handler answers every request after the others.
    handlers[Math.min(requests.length, handlers.length) - 1]?.(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  handlers = [];
  requests = [];
  sleeps.length = 0;
});

const options = (over: Partial<GitHubGetOptions> = {}): GitHubGetOptions => ({
  token: 'ghs_restToken1',
  timeoutMs: 5_000,
  maxRetries: 2,
  sleep: async (ms) => void sleeps.push(ms),
  ...over,
});
const answer =
  (status: number, headers: Record<string, string> = {}, body = '{"sha":"a1b2"}'): Handler =>
  (res) =>
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);

describe('githubGet', () => {
  test("GitHub's media type, API version and the token, and the answer as text", async () => {
    handlers = [answer(200)];
    const got = await githubGet(`${base}/repos/acme/webshop/commits/a1b2`, options());
    expect(got).toEqual({
      ok: true,
      status: 200,
      text: '{"sha":"a1b2"}',
      contentType: 'application/json',
      header: expect.any(Function),
    });
    expect(got.ok && got.header('content-type')).toBe('application/json');
    expect(requests[0]).toMatchObject({
      accept: 'application/vnd.github+json',
      'x-github-api-version': '2022-11-28',
      authorization: 'Bearer ghs_restToken1',
    });
  });

  test('a 429 with Retry-After in seconds: waits as told', async () => {
    handlers = [answer(429, { 'retry-after': '2' }), answer(200)];
    expect(await githubGet(`${base}/x`, options())).toMatchObject({ ok: true, status: 200 });
    expect(sleeps).toEqual([2_000]);
  });

  test('a 429 with Retry-After 0x10, which RFC 9110 does not allow: the backoff, not 16 s', async () => {
    handlers = [answer(429, { 'retry-after': '0x10' }), answer(200)];
    expect(await githubGet(`${base}/x`, options())).toMatchObject({ ok: true, status: 200 });
    expect(sleeps).toHaveLength(1);
    expect(sleeps[0]).toBeGreaterThanOrEqual(500); // the first step, 1 s, half of it random
    expect(sleeps[0]).toBeLessThanOrEqual(1_000);
  });

  test('a 404 is the answer, not retried', async () => {
    handlers = [answer(404, { 'retry-after': '1' }, '{"message":"Not Found"}')];
    expect(await githubGet(`${base}/x`, options())).toMatchObject({ ok: true, status: 404 });
    expect(requests).toHaveLength(1);
  });

  test('no answer in time, after the retries: named as it always was', async () => {
    handlers = [() => undefined]; // never answers
    expect(await githubGet(`${base}/x`, options({ timeoutMs: 100, maxRetries: 1 }))).toEqual({
      ok: false,
      status: null,
      reason: 'GitHub could not be reached (TimeoutError)',
    });
    expect(requests).toHaveLength(2);
  });
});
