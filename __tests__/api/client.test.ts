import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { z } from 'zod';
import { ApiError, createClient, parseRetryAfter, type ClientOptions } from '../../src/api/client.js';
import { PATHS } from '../../src/api/endpoints.js';
import { ApiError as ErrorsApiError } from '../../src/api/errors.js';
import { DEMO_TOKEN } from '../../simulator/data.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';

const ALERTS = PATHS.searchAlerts;
const okSchema = z.object({ ok: z.boolean() });
let sim: Simulator;
let other: Simulator;
const sleeps: number[] = [];

function client(overrides: Partial<ClientOptions> = {}) {
  return createClient({
    baseUrl: sim.url,
    tokenId: DEMO_TOKEN.id,
    tokenSecret: DEMO_TOKEN.secret,
    timeoutMs: 2_000,
    maxRetries: 3,
    sleep: async (ms) => void sleeps.push(ms),
    random: () => 0.5,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

beforeAll(async () => {
  sim = await startSimulator();
  other = await startSimulator();
});
afterAll(async () => {
  await sim.close();
  await other.close();
});
beforeEach(() => {
  sim.reset();
  other.reset();
  sleeps.length = 0;
});

describe('requests', () => {
  test('sends POST with JSON body and both token headers', async () => {
    await client().call(PATHS.setPrScanning, { repositoryId: 'repo_webshop', isPrScanningEnabled: true }, okSchema);
    const [request] = sim.requests;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(PATHS.setPrScanning);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-service-api-token-id']).toBe(DEMO_TOKEN.id);
    expect(request?.headers['x-service-api-token-secret']).toBe(DEMO_TOKEN.secret);
    expect(request?.body).toEqual({ repositoryId: 'repo_webshop', isPrScanningEnabled: true });
  });

  test('a base URL with a path prefix and trailing slash is joined correctly', async () => {
    const c = client({ baseUrl: `${sim.url}/` });
    await c.call(PATHS.setPrScanning, { repositoryId: 'repo_webshop', isPrScanningEnabled: false }, okSchema);
    expect(sim.requests[0]?.path).toBe(PATHS.setPrScanning);
  });
});

describe('an api-url that ends in /api/v1 (every path doubled)', () => {
  test('the 404 says the path is doubled, where the request went, and names api-url: not an unknown id', async () => {
    const error = await failure(client({ baseUrl: `${sim.url}/api/v1/` }).call(ALERTS, {}, okSchema));
    expect(sim.requests.map((r) => r.path)).toEqual([`/api/v1${ALERTS}`]);
    expect(error.kind).toBe('doubled-path');
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      `${ALERTS} failed: HTTP 404 Not Found. The service said: "no operation at /api/v1${ALERTS}". api-url ends in /api/v1, and the action adds /api/v1 to every path: the request went to …/api/v1/api/v1/sca/alerts/search. Give api-url without /api/v1, e.g. https://security.example.com.`,
    );
  });

  test('a prefix ending in /api/v1 that does serve the service is used as given', async () => {
    sim.script(`/api/v1${PATHS.setPrScanning}`, { status: 200, body: { ok: true } });
    const c = client({ baseUrl: `${sim.url}/api/v1` });
    await expect(c.call(PATHS.setPrScanning, {}, okSchema)).resolves.toEqual({ ok: true });
  });

  test('a 404 under another api-url is only a 404', async () => {
    const error = await failure(client({ baseUrl: `${sim.url}/gateway` }).call(ALERTS, {}, okSchema));
    expect(error.kind).toBe('request');
    expect(error.message).not.toContain('/api/v1/api/v1');
  });
});

describe('retries', () => {
  test('503 then success is retried once with backoff', async () => {
    sim.script(ALERTS, { status: 503, body: { error: 'busy' } });
    const retries: string[] = [];
    const result = await client({ onRetry: (e) => retries.push(e.reason) }).call(
      ALERTS,
      {},
      z.object({ totalCount: z.number() }),
    );
    expect(result.totalCount).toBeGreaterThan(0);
    expect(sim.requests).toHaveLength(2);
    expect(sleeps).toEqual([750]); // base 1000 ms, equal jitter at random 0.5
    expect(retries[0]).toContain('busy');
  });

  test('onResponse hears each attempt: endpoint, page, attempt, status and time, never a body', async () => {
    sim.script(ALERTS, { status: 503, body: { error: 'busy' } });
    const heard: unknown[] = [];
    let clock = 0;
    const c = client({ onResponse: (e) => heard.push(e), now: () => (clock += 5) });
    await c.call(ALERTS, { page: 2 }, z.object({ totalCount: z.number() }));
    expect(heard).toEqual([
      { endpoint: ALERTS, page: 2, attempt: 1, status: 503, ms: 5 },
      { endpoint: ALERTS, page: 2, attempt: 2, status: 200, ms: 5 },
    ]);
  });

  test.each([
    ['seconds', '2', 2_000],
    ['a cap of 60 s', '3600', 60_000],
  ])('429 with Retry-After in %s is honoured', async (_name, header, expected) => {
    sim.script(ALERTS, { status: 429, headers: { 'Retry-After': header }, body: { error: 'slow down' } });
    await client().call(ALERTS, {}, z.unknown());
    expect(sleeps).toEqual([expected]);
  });

  test.each([401, 403])('%i is not retried and names the credentials without leaking them', async (status) => {
    sim.script(ALERTS, { status, body: { error: `bad token ${DEMO_TOKEN.secret}` } });
    const error = await failure(client().call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('credentials');
    expect(error.status).toBe(status);
    expect(sim.requests).toHaveLength(1);
    expect(error.message).toContain('api-token-id');
    expect(error.message).not.toContain(DEMO_TOKEN.secret);
  });

  test('a wrong token gets the simulator 401 and its message', async () => {
    const error = await failure(client({ tokenSecret: 'wrong-secret-value' }).call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('credentials');
    expect(error.message).toMatch(/HTTP 401.*The service said/);
    expect(error.message).not.toContain('wrong-secret-value');
  });

  test('400 is not retried and carries the server message', async () => {
    sim.script(ALERTS, { status: 400, body: { error: 'pageSize must be >= 1' } });
    const error = await failure(client().call(ALERTS, {}, z.unknown()));
    expect(error).toMatchObject({ kind: 'request', status: 400, endpoint: ALERTS });
    expect(error.message).toContain('pageSize must be >= 1');
    expect(sim.requests).toHaveLength(1);
  });

  test('retries exhausted: 1 + max-retries attempts, then a server error', async () => {
    sim.script(ALERTS, ...Array.from({ length: 4 }, () => ({ status: 502 })));
    const error = await failure(client({ maxRetries: 3 }).call(ALERTS, {}, z.unknown()));
    expect(error).toMatchObject({ kind: 'server', status: 502, attempts: 4 });
    expect(error.message).toContain('after 4 attempts');
    expect(sleeps).toEqual([750, 1_500, 3_000]);
  });

  test('a dropped connection is a retried network error', async () => {
    sim.script(ALERTS, { drop: true });
    await client().call(ALERTS, {}, z.unknown());
    expect(sim.requests).toHaveLength(2);
  });

  test('a hanging request times out, is retried, and fails as a timeout', async () => {
    sim.script(ALERTS, { hang: true }, { hang: true });
    const error = await failure(client({ timeoutMs: 150, maxRetries: 1 }).call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('timeout');
    expect(error.message).toContain('request-timeout-seconds');
    expect(sim.requests).toHaveLength(2);
  });
});

describe('responses', () => {
  test('a non-JSON body is an invalid response naming the endpoint', async () => {
    sim.script(ALERTS, { status: 200, rawBody: 'gateway ok', headers: { 'Content-Type': 'text/plain' } });
    const error = await failure(client().call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain(ALERTS);
    expect(error.message).toContain('not JSON');
    expect(sim.requests).toHaveLength(1);
  });

  // Contract ("Errors blame the right input"): an HTML answer names api-url, its host and path.
  test('a web page for a 200 is not JSON, and names api-url with its host and path', async () => {
    const page = { status: 200, rawBody: '<html>gateway</html>', headers: { 'Content-Type': 'text/html' } };
    sim.script(`/prefix${ALERTS}`, page);
    const error = await failure(client({ baseUrl: `${sim.url}/prefix/` }).call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('api-url');
    expect(error.message).toContain('not JSON');
    expect(error.message).toContain(`api-url ${sim.url}/prefix (host ${sim.url}, path /prefix)`);
    expect(error.message).toContain(`POST ${sim.url}/prefix${ALERTS}`);
    expect(sim.requests).toHaveLength(1);
  });

  test('an answer larger than maxResponseBytes is a too-large error, not retried', async () => {
    sim.script(ALERTS, {
      status: 200,
      rawBody: JSON.stringify({ pad: 'x'.repeat(5_000) }),
      headers: { 'Content-Type': 'application/json' },
    });
    const error = await failure(client({ maxResponseBytes: 1_000 }).call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('too-large');
    expect(error.message).toContain('response larger than 1000 bytes');
    expect(sim.requests).toHaveLength(1);
  });

  test('each call hears of its own retries, with the status that caused them', async () => {
    sim.script(ALERTS, { status: 429, headers: { 'Retry-After': '0' } }, { status: 503 }, { body: { ok: true } });
    const heard: (number | null)[] = [];
    await client().call(ALERTS, {}, okSchema, { onRetry: (e) => heard.push(e.status) });
    expect(heard).toEqual([429, 503]);
  });

  test('a schema mismatch names the path of what was wrong', async () => {
    sim.script(ALERTS, { body: { alerts: [{ id: 7 }] } });
    const error = await failure(client().call(ALERTS, {}, z.object({ alerts: z.array(z.object({ id: z.string() })) })));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('alerts[0].id');
  });

  test('a token value inside service data is redacted before anything can render it', async () => {
    sim.script(ALERTS, { body: { note: `echo ${DEMO_TOKEN.secret} and ${DEMO_TOKEN.id}`, list: [DEMO_TOKEN.secret] } });
    const data = await client().call(ALERTS, {}, z.object({ note: z.string(), list: z.array(z.string()) }));
    expect(data).toEqual({ note: 'echo *** and ***', list: ['***'] });
  });

  test.each([204, 200])('an empty %i body reads as JSON null, which the schema accepts or refuses', async (status) => {
    sim.script(ALERTS, { status }, { status });
    expect(await client().call(ALERTS, {}, z.null())).toBeNull();
    const error = await failure(client().call(ALERTS, {}, okSchema));
    expect(error.kind).toBe('invalid-response');
    expect(error.message).toContain('an empty response, where the API answers with data');
    expect(sim.requests).toHaveLength(2); // not retried
  });

  test('onData hears the JSON, secrets redacted, before the check, and the check waits for what it returns', async () => {
    sim.script(
      ALERTS,
      { body: { ok: true, note: `echo ${DEMO_TOKEN.secret}` } },
      { body: { ok: 'not a boolean' } },
      { status: 500 },
    );
    const heard: unknown[] = [];
    let released!: () => void;
    let checked = false;
    const call = client({ maxRetries: 0 })
      .call(ALERTS, {}, okSchema, {
        onData: (data) => {
          heard.push(data);
          return new Promise<void>((resolve) => (released = resolve));
        },
      })
      .then((data) => ((checked = true), data));
    while (heard.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(heard).toEqual([{ ok: true, note: 'echo ***' }]);
    await new Promise((r) => setTimeout(r, 20));
    expect(checked).toBe(false); // waiting for onData's promise
    released();
    expect(await call).toEqual({ ok: true });
    // Heard whether or not the answer then passes its check; a failed answer is not data.
    const refused = await failure(
      client({ maxRetries: 0 }).call(ALERTS, {}, okSchema, { onData: (d) => void heard.push(d) }),
    );
    expect(refused.kind).toBe('invalid-response');
    await failure(client({ maxRetries: 0 }).call(ALERTS, {}, okSchema, { onData: (d) => void heard.push(d) }));
    expect(heard).toEqual([{ ok: true, note: 'echo ***' }, { ok: 'not a boolean' }]);
  });

  test('unknown fields are accepted and dropped', async () => {
    sim.script(ALERTS, { body: { ok: true, extra: 'x' } });
    expect(await client().call(ALERTS, {}, okSchema)).toEqual({ ok: true });
  });
});

describe('redirects', () => {
  test('a same-origin redirect is followed with the same POST body', async () => {
    sim.script(ALERTS, { redirect: `${sim.url}${PATHS.setPrScanning}` });
    const body = { repositoryId: 'repo_webshop', isPrScanningEnabled: true };
    expect(await client().call(ALERTS, body, okSchema)).toEqual({ ok: true });
    expect(sim.requests.map((r) => r.path)).toEqual([ALERTS, PATHS.setPrScanning]);
    expect(sim.requests[1]?.body).toEqual(body);
  });

  test('a redirect to another origin is refused and the other origin receives nothing', async () => {
    sim.script(ALERTS, { redirect: `${other.url}${ALERTS}` });
    const error = await failure(client().call(ALERTS, {}, z.unknown()));
    expect(error.kind).toBe('redirect');
    expect(other.requests).toHaveLength(0);
    expect(error.message).toContain(other.url);
  });
});

describe('an echoed token is redacted before the text is cut', () => {
  const pieces = (token: string) => Array.from({ length: token.length - 4 }, (_, at) => token.slice(at, at + 5));

  test.each([
    [
      'in an error body, past the cut at 300 characters',
      { status: 400, body: { error: `${'x'.repeat(290)}${DEMO_TOKEN.secret}` } },
    ],
    [
      'in a body that is not JSON, past the cut at 80',
      { status: 200, rawBody: `${'y'.repeat(75)}${DEMO_TOKEN.secret}` },
    ],
  ])('%s', async (_name, response) => {
    sim.script(ALERTS, response);
    const error = await failure(client({ maxRetries: 0 }).call(ALERTS, {}, z.unknown()));
    expect(error.message).toContain('***');
    expect(pieces(DEMO_TOKEN.secret).filter((piece) => error.message.includes(piece))).toEqual([]);
  });

  test('a token lower-cased in the host of a refused redirect', async () => {
    const c = client({ tokenSecret: 'Sim-Secret-UPPER' });
    sim.script(ALERTS, { redirect: 'http://Sim-Secret-UPPER.invalid/x' });
    const error = await failure(c.call(ALERTS, {}, z.unknown()));
    expect(error.message).toContain('(http://***.invalid)');
    expect(error.message.toLowerCase()).not.toContain('sim-secret-upper');
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  test.each([
    [null, null],
    ['', null],
    ['5', 5_000],
    ['0.5', 500],
    ['Thu, 01 Jan 2026 00:00:10 GMT', 10_000],
    ['Wed, 31 Dec 2025 23:00:00 GMT', 0],
    ['soon', null],
  ])('%p -> %p ms', (value, expected) => {
    expect(parseRetryAfter(value, now)).toBe(expected);
  });
});

describe('token values spelled with JSON escapes', () => {
  test.each([
    ['an escaped slash', (t: string) => t.replace(/-/g, '\\u002d')],
    [
      'unicode escapes for every character',
      (t: string) => [...t].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ],
  ])('are redacted after decoding (%s)', async (_name, spell) => {
    sim.script(ALERTS, {
      rawBody: `{"note":"seen ${spell(DEMO_TOKEN.secret)}","deep":[[{"k":"${spell(DEMO_TOKEN.id)}"}]]}`,
      headers: { 'Content-Type': 'application/json' },
    });
    const data = await client().call(
      ALERTS,
      {},
      z.object({ note: z.string(), deep: z.array(z.array(z.object({ k: z.string() }))) }),
    );
    expect(JSON.stringify(data)).not.toContain(DEMO_TOKEN.secret);
    expect(data).toEqual({ note: 'seen ***', deep: [[{ k: '***' }]] });
  });
});

describe('ApiError', () => {
  test('is the one error type of src/api/errors.ts, re-exported by the client', () => {
    expect(ApiError).toBe(ErrorsApiError);
  });

  test('an incomplete read names the endpoint, what is missing and what to do', () => {
    const error = new ApiError(ALERTS, 'incomplete', 'page 3 of 4 brought no alerts.', null, 2);
    expect(error).toMatchObject({ name: 'ApiError', kind: 'incomplete', endpoint: ALERTS, attempts: 2 });
    expect(error.message.startsWith(`${ALERTS} failed after 2 attempts: page 3 of 4 brought no alerts. `)).toBe(true);
    expect(error.message).toContain('did not return everything it announced');
  });
});
