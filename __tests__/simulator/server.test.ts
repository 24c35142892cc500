// The simulator as an HTTP server: auth, error shapes, request recording, scripted faults,
// latency, and a close() that does not wait for hanging requests.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { DEMO_TOKEN } from '../../simulator/data.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { AUTH, P, post } from './call.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  sim.setLatency(0);
});

async function elapsed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}

describe('protocol', () => {
  test('listens on 127.0.0.1 with no trailing slash', () => {
    expect(sim.url).toBe(`http://127.0.0.1:${sim.port}`);
  });

  test.each([
    ['no token headers', { 'Content-Type': 'application/json' }],
    ['a wrong secret', { ...AUTH, 'X-Service-API-Token-Secret': 'wrong' }],
    ['only the secret', { 'X-Service-API-Token-Secret': DEMO_TOKEN.secret }],
  ])('401 with the error body for %s', async (_name, headers) => {
    const reply = await post(sim, P.alerts, {}, { headers });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: 'invalid or missing API token' });
    expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  });

  test('another configured token replaces the demo token', async () => {
    const other = await startSimulator({ tokenId: 'id-2', tokenSecret: 'secret-2' });
    try {
      const headers = { 'X-Service-API-Token-Id': 'id-2', 'X-Service-API-Token-Secret': 'secret-2' };
      expect((await post(other, P.timeSaved, {}, { headers })).status).toBe(200);
      expect((await post(other, P.timeSaved, {})).status).toBe(401);
    } finally {
      await other.close();
    }
  });

  test('405 for a method other than POST', async () => {
    const response = await fetch(`${sim.url}${P.alerts}`, { headers: AUTH });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    expect(await response.json()).toEqual({ error: expect.stringContaining('GET') });
  });

  test('404 for an unknown path', async () => {
    const reply = await post(sim, '/api/v1/nope', {});
    expect(reply).toMatchObject({ status: 404, body: { error: 'no operation at /api/v1/nope' } });
  });

  test.each([
    ['not JSON', '{"page": ', /not valid JSON/],
    ['a JSON array', '[1, 2]', /must be a JSON object/],
  ])('400 for a body that is %s', async (_name, raw, message) => {
    const reply = await post(sim, P.alerts, raw);
    expect(reply.status).toBe(400);
    expect(reply.body).toEqual({ error: expect.stringMatching(message) });
  });

  test('an empty body counts as {}', async () => {
    expect((await post(sim, P.timeSaved, '')).status).toBe(200);
  });
});

describe('request recording', () => {
  test('records method, path without query, the URL as sent, lower-cased headers and parsed body, in order', async () => {
    const before = Date.now();
    await post(sim, `${P.alerts}?trace=1`, { page: 2 });
    await post(sim, '/unknown', 'not json', { headers: { 'X-Extra': 'Yes' } });
    expect(sim.requests).toEqual([
      {
        method: 'POST',
        path: P.alerts,
        url: `${P.alerts}?trace=1`,
        headers: expect.objectContaining({
          'x-service-api-token-id': DEMO_TOKEN.id,
          'content-type': 'application/json',
        }),
        body: { page: 2 },
        at: expect.any(Number),
        answeredAt: expect.any(Number),
      },
      expect.objectContaining({
        path: '/unknown',
        body: 'not json',
        headers: expect.objectContaining({ 'x-extra': 'Yes' }),
      }),
    ]);
    expect(sim.requests[0]!.at).toBeGreaterThanOrEqual(before);
    expect(sim.requests[0]!.answeredAt).toBeGreaterThanOrEqual(sim.requests[0]!.at);
  });

  test('answeredAt: when the answer went out, after the latency; absent for a dropped request', async () => {
    sim.setLatency(60);
    sim.script(P.alerts, { drop: true });
    await post(sim, P.alerts, {}).catch(() => undefined);
    await post(sim, P.timeSaved, {});
    const [dropped, answered] = sim.requests;
    expect(dropped!.answeredAt).toBeUndefined();
    expect(answered!.answeredAt! - answered!.at).toBeGreaterThanOrEqual(50);
  });

  test('reset() clears requests and queued scripts', async () => {
    sim.script(P.alerts, { status: 500 });
    await post(sim, P.timeSaved, {});
    sim.reset();
    expect(sim.requests).toEqual([]);
    expect((await post(sim, P.alerts, {})).status).toBe(200);
  });
});

describe('scripted responses', () => {
  test('status, body and Retry-After come first, before auth, then normal handling resumes', async () => {
    sim.script(P.alerts, { status: 429, headers: { 'Retry-After': '1' }, body: { error: 'slow down' } });
    const first = await post(sim, P.alerts, {}, { headers: {} });
    expect(first).toMatchObject({ status: 429, body: { error: 'slow down' } });
    expect(first.headers.get('retry-after')).toBe('1');
    expect((await post(sim, P.alerts, {})).status).toBe(200);
  });

  test('a status alone gets a JSON error body', async () => {
    sim.script(P.alerts, { status: 503 });
    expect(await post(sim, P.alerts, {})).toMatchObject({
      status: 503,
      body: { error: 'scripted 503 Service Unavailable' },
    });
  });

  test('responses queue in order, per path', async () => {
    sim.script(P.alerts, { status: 502 }, { status: 500 });
    sim.script(P.timeSaved, { body: { totalMinutesSaved: -1 } });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await post(sim, P.alerts, {})).status);
    expect(statuses).toEqual([502, 500, 200]);
    expect((await post(sim, P.timeSaved, {})).body).toEqual({ totalMinutesSaved: -1 });
  });

  test('rawBody is sent as-is', async () => {
    sim.script(P.alerts, { status: 200, rawBody: '<html>oops</html>' });
    const reply = await post(sim, P.alerts, {});
    expect(reply).toMatchObject({ status: 200, text: '<html>oops</html>' });
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  test("'*' matches any path, after the path's own queue", async () => {
    sim.script('*', { status: 500 }, { status: 502 });
    sim.script(P.issue, { status: 418 });
    expect((await post(sim, P.issue, {})).status).toBe(418);
    expect((await post(sim, '/anything', {})).status).toBe(500);
    expect((await post(sim, P.timeSaved, {})).status).toBe(502);
    expect((await post(sim, P.timeSaved, {})).status).toBe(200);
  });

  test('redirect answers 307 with the Location', async () => {
    const target = `${sim.url}${P.timeSaved}`;
    sim.script(P.alerts, { redirect: target });
    const response = await fetch(`${sim.url}${P.alerts}`, {
      method: 'POST',
      headers: AUTH,
      body: '{}',
      redirect: 'manual',
    });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(target);
  });

  test('a followed redirect reaches the target with the same body', async () => {
    sim.script(P.alerts, { redirect: `${sim.url}${P.timeSaved}` });
    const reply = await post(sim, P.alerts, { startDate: '2026-01-01', endDate: '2026-01-02' });
    expect(reply.status).toBe(200);
    expect(sim.requests.map((r) => [r.path, r.body])).toEqual([
      [P.alerts, { startDate: '2026-01-01', endDate: '2026-01-02' }],
      [P.timeSaved, { startDate: '2026-01-01', endDate: '2026-01-02' }],
    ]);
  });

  test('drop destroys the connection without an answer', async () => {
    sim.script(P.alerts, { drop: true });
    await expect(post(sim, P.alerts, {})).rejects.toThrow(/fetch failed/);
    expect(sim.requests).toHaveLength(1);
  });

  test('hang never answers; the client gives up', async () => {
    sim.script(P.alerts, { hang: true });
    const [outcome, ms] = await elapsed(() =>
      post(sim, P.alerts, {}, { signal: AbortSignal.timeout(150) }).catch((e: Error) => e.name),
    );
    expect(outcome).toBe('TimeoutError');
    expect(ms).toBeGreaterThanOrEqual(140);
    expect(sim.requests).toHaveLength(1);
  });

  test('delayMs delays the scripted answer', async () => {
    sim.script(P.alerts, { delayMs: 120, status: 500 });
    const [reply, ms] = await elapsed(() => post(sim, P.alerts, {}));
    expect(reply.status).toBe(500);
    expect(ms).toBeGreaterThanOrEqual(110);
  });

  test('delayMs alone delays the normal answer, and headers decorate it', async () => {
    sim.script(P.timeSaved, { delayMs: 100, headers: { 'X-RateLimit-Remaining': '0' } });
    const [reply, ms] = await elapsed(() => post(sim, P.timeSaved, {}));
    expect(reply.status).toBe(200);
    expect(reply.body).toHaveProperty('totalMinutesSaved');
    expect(reply.headers.get('x-ratelimit-remaining')).toBe('0');
    expect(ms).toBeGreaterThanOrEqual(90);
  });
});

describe('latency and shutdown', () => {
  test('setLatency delays every answer, including errors', async () => {
    sim.setLatency(100);
    const [reply, ms] = await elapsed(() => post(sim, P.alerts, {}, { headers: {} }));
    expect(reply.status).toBe(401);
    expect(ms).toBeGreaterThanOrEqual(90);
  });

  test('latencyMs option applies from the start', async () => {
    const slow = await startSimulator({ latencyMs: 80 });
    try {
      const [reply, ms] = await elapsed(() => post(slow, P.timeSaved, {}));
      expect(reply.status).toBe(200);
      expect(ms).toBeGreaterThanOrEqual(70);
    } finally {
      await slow.close();
    }
  });

  test('maxPageSize option sets the cap', async () => {
    const small = await startSimulator({ maxPageSize: 10 });
    try {
      expect((await post(small, P.alerts, { pageSize: 100 })).body).toMatchObject({
        pageSize: 10,
        alerts: expect.any(Array),
      });
    } finally {
      await small.close();
    }
  });

  test('close() with a hanging request and a pending delay in flight finishes promptly', async () => {
    const doomed = await startSimulator({});
    doomed.script(P.alerts, { hang: true });
    doomed.script(P.timeSaved, { delayMs: 60_000 });
    const hanging = post(doomed, P.alerts, {}).then(
      () => 'answered',
      () => 'failed',
    );
    const delayed = post(doomed, P.timeSaved, {}).then(
      () => 'answered',
      () => 'failed',
    );
    while (doomed.requests.length < 2) await new Promise((r) => setTimeout(r, 5));
    const [, ms] = await elapsed(() => doomed.close());
    expect(ms).toBeLessThan(500);
    expect(await Promise.all([hanging, delayed])).toEqual(['failed', 'failed']);
    await doomed.close(); // a second close() is harmless
  });
});
