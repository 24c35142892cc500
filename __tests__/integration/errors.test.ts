// Service faults end to end: on-api-error fail/warn, rejected credentials, a failing posture beside a
// failing gate, unusable responses, retries, timeouts and redirects.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAIN_REPO } from '../../simulator/data.js';
import type { ScriptedResponse } from '../../simulator/server.js';
import { CLEAN, errorText, PATHS, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

/** What the run said about an API error: the ::error:: under fail, the ::warning::s under warn. */
const said = (run: GateRun) => [...run.errors, ...run.warnings].join('\n');

describe('alerts endpoint failing beyond the retries', () => {
  test('on-api-error fail (max-retries 0): exit 1, result error, the message names the endpoint and status', async () => {
    h.sim.script(PATHS.alerts, { status: 503 });
    const run = await h.gate({ 'max-retries': '0' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(h.requests(PATHS.alerts)).toHaveLength(1);
    expect(errorText(run)).toContain('sca/alerts/search');
    expect(errorText(run)).toContain('503');
  });

  test('max-retries 1 (Retry-After 0): two attempts, then the error', async () => {
    h.sim.script(
      PATHS.alerts,
      { status: 503, headers: { 'Retry-After': '0' } },
      { status: 503, headers: { 'Retry-After': '0' } },
    );
    const run = await h.gate({ 'max-retries': '1' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(h.requests(PATHS.alerts)).toHaveLength(2);
    expect(errorText(run)).toContain('sca/alerts/search');
  });

  test('on-api-error warn: exit 0, result error, a warning, and the summary is still written', async () => {
    h.sim.script(PATHS.alerts, { status: 503 });
    const run = await h.gate({ 'max-retries': '0', 'on-api-error': 'warn' });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('error');
    expect(run.errors).toEqual([]);
    expect(run.warnings.join('\n')).toContain('sca/alerts/search');
    expect(run.summary).toContain('## Security gate');
    expect(run.summary).toMatch(/error/i);
    // what did arrive is still reported
    expect(run.outputs['minutes-saved']).toMatch(/^\d+$/);
    expect(run.outputs.schedule).toBe('0 2 * * 1-5');
  });
});

describe('retries', () => {
  test.each([
    ['429 with Retry-After 0', { status: 429, headers: { 'Retry-After': '0' } }],
    [
      '503 with Retry-After as a past HTTP date',
      { status: 503, headers: { 'Retry-After': new Date(Date.now() - 60_000).toUTCString() } },
    ],
    ['a dropped connection', { drop: true }],
  ])('%s, then a normal answer: retried, the gate is decided', async (_name, fault) => {
    h.sim.script(PATHS.alerts, fault);
    const run = await h.gate({ 'max-retries': '1' }, { ...CLEAN });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(h.requests(PATHS.alerts)).toHaveLength(2);
  });

  test('a 400 is not retried: page 1 is asked once more with pageSize 100 (contract), and no more', async () => {
    h.sim.script(
      PATHS.alerts,
      { status: 400, body: { error: 'pageSize too large' } },
      { status: 400, body: { error: 'bad request' } },
    );
    const run = await h.gate({ 'max-retries': '3' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(h.requests(PATHS.alerts).map((r) => (r.body as { pageSize: number }).pageSize)).toEqual([1000, 100]);
    expect(errorText(run)).toContain('400');
  });

  test.each([
    ['pageSize must be <= 500'],
    // Words that name the organization or the app choose the advice, not whether 100 is tried.
    ['pageSize exceeds the limit of organization org_demo'],
    ['pageSize exceeds the app installation limit'],
  ])('a 400 to pageSize 1000 on page 1 ("%s"), then pages of 100: the whole read, one request more', async (error) => {
    h.sim.script(PATHS.alerts, { status: 400, body: { error } });
    const run = await h.gate({ 'fail-on-severity': 'none' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(h.requests(PATHS.alerts).map((r) => (r.body as { pageSize: number }).pageSize)).toEqual([1000, 100]);
  });
});

describe('an api-url that ends in /api/v1: every path doubled', () => {
  const DOUBLED =
    'api-url ends in /api/v1, and the action adds /api/v1 to every path: the request went to …/api/v1/api/v1/';

  test('resolving through app-id: the 404 is blamed on api-url, not on app-id, and the step fails even under warn', async () => {
    const run = await h.gate({ 'api-url': `${h.sim.url}/api/v1/`, 'on-api-error': 'warn' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(h.sim.requests.map((r) => r.path)).toContain(`/api/v1${PATHS.repositories}`);
    expect(errorText(run)).toContain(`${DOUBLED}installations/repositories.`);
    expect(errorText(run)).toContain('Give api-url without /api/v1');
    expect(errorText(run)).not.toContain('app-id');
  });

  test('with repository-id: the alerts read says the same, as an API error', async () => {
    const run = await h.gate({ 'api-url': `${h.sim.url}/api/v1`, 'repository-id': MAIN_REPO.id, 'app-id': '' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(`${DOUBLED}sca/alerts/search.`);
    // One request: a 404 to a doubled path is not asked again with smaller pages.
    expect(h.sim.requests.filter((r) => r.path.endsWith('/sca/alerts/search'))).toHaveLength(1);
  });
});

describe('rejected credentials always fail, even under warn', () => {
  test.each([
    ['wrong secret, resolving through app-id', { 'api-token-secret': 'wrong-secret-0f9e8d7c' }],
    [
      'wrong secret, repository-id given',
      { 'api-token-secret': 'wrong-secret-0f9e8d7c', 'repository-id': MAIN_REPO.id },
    ],
    ['wrong token id', { 'api-token-id': 'wrong-token-id-1234', 'repository-id': MAIN_REPO.id }],
  ])('%s: exit 1', async (_name, inputs) => {
    const run = await h.gate({ ...inputs, 'on-api-error': 'warn' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).not.toBe('pass');
    expect(errorText(run)).toContain('401');
    expect(errorText(run)).toMatch(/token/i);
  });

  test('a 403 on the alerts read, under warn: exit 1', async () => {
    h.sim.script(PATHS.alerts, { status: 403, body: { error: 'token may not read this organization' } });
    const run = await h.gate({ 'on-api-error': 'warn' }, CLEAN);
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain('403');
  });
});

describe('the posture endpoint failing', () => {
  // Without fail-on-critical-issues the posture only feeds the reports: never the verdict.
  test.each([
    ['fail', 'false', 'acme/webshop (gate fails)', 1, 'fail', {}],
    ['warn', 'false', 'acme/webshop (gate fails)', 1, 'fail', {}],
    ['fail', 'false', 'acme/clean-lib (gate passes)', 0, 'pass', CLEAN],
    ['warn', 'false', 'acme/clean-lib (gate passes)', 0, 'pass', CLEAN],
    ['fail', 'true', 'acme/webshop (gate fails)', 1, 'fail', {}],
    ['fail', 'true', 'acme/clean-lib (gate cannot be decided)', 1, 'error', CLEAN],
    ['warn', 'true', 'acme/clean-lib (gate cannot be decided)', 0, 'error', CLEAN],
  ])(
    'on-api-error %s, fail-on-critical-issues %s, %s: exit %d, result %s',
    async (mode, critical, _repo, exitCode, result, options) => {
      h.sim.script(PATHS.posture, { status: 503 });
      const run = await h.gate(
        { 'on-api-error': mode, 'fail-on-critical-issues': critical, 'max-retries': '0' },
        options,
      );
      expect(run.exitCode).toBe(exitCode);
      expect(run.outputs.result).toBe(result);
      expect(said(run)).toContain('stats/securityPosture');
      expect(run.outputs['risk-score']).toBe('');
      expect(run.summary).toContain('Posture not available.');
      if (result === 'fail') expect(errorText(run)).toMatch(/security gate failed/i);
    },
  );
});

describe('unusable responses are API errors naming the endpoint and the problem', () => {
  test.each([
    [
      'not JSON',
      { status: 200, rawBody: '<html><body>Sign in</body></html>', headers: { 'Content-Type': 'text/html' } },
      /not JSON/i,
    ],
    ['JSON of the wrong shape', { status: 200, body: { alerts: 'none', totalCount: 'many' } }, /alerts/],
    ['an empty 200', { status: 200, rawBody: '' }, /empty/i],
  ])('%s', async (_name, response, problem) => {
    h.sim.script(PATHS.alerts, response);
    const run = await h.gate({ 'max-retries': '0' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain('sca/alerts/search');
    expect(errorText(run)).toMatch(problem);
  });

  test('fields the spec does not list are accepted and ignored', async () => {
    h.sim.script(PATHS.schedule, {
      status: 200,
      body: { ...h.sim.state.schedules[MAIN_REPO.id], extraField: { nested: true }, timezone: 'UTC' },
    });
    const run = await h.gate();
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs.schedule).toBe('0 2 * * 1-5');
  });
});

describe('timeouts', () => {
  test('request-timeout-seconds 0.5, the alerts request hangs, max-retries 0: an API error naming the timeout', async () => {
    h.sim.script(PATHS.alerts, { hang: true });
    const run = await h.gate({ 'request-timeout-seconds': '0.5', 'max-retries': '0' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain('sca/alerts/search');
    expect(errorText(run)).toMatch(/time(d )?out|no answer within/i);
    expect(errorText(run)).toContain('0.5');
    expect(run.ms).toBeLessThan(5_000);
  });

  test('a hang then a normal answer with max-retries 1: the retry succeeds', async () => {
    h.sim.script(PATHS.alerts, { hang: true });
    const run = await h.gate({ 'request-timeout-seconds': '0.5', 'max-retries': '1' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
    expect(h.requests(PATHS.alerts)).toHaveLength(2);
  });

  test('a slow answer within the timeout is not a timeout', async () => {
    h.sim.script(PATHS.alerts, { delayMs: 300 });
    const run = await h.gate({ 'request-timeout-seconds': '2', 'max-retries': '0' }, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(h.requests(PATHS.alerts)).toHaveLength(1);
  });
});

describe('redirects', () => {
  let other: Server;
  const seen: IncomingHttpHeaders[] = [];
  beforeAll(async () => {
    other = createServer((req, res) => {
      seen.push(req.headers);
      res
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end('{"alerts":[],"totalCount":0,"page":1,"pageSize":100}');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  });
  afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

  test('a redirect to another origin is not followed: the token never reaches it', async () => {
    const port = (other.address() as AddressInfo).port;
    h.sim.script(PATHS.alerts, { redirect: `http://127.0.0.1:${port}${PATHS.alerts}` });
    const run = await h.gate({ 'max-retries': '0' });
    expect(seen).toEqual([]);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/redirect/i);
  });

  test('a redirect within the same origin is followed', async () => {
    h.sim.script(PATHS.alerts, { redirect: `${h.sim.url}${PATHS.alerts}` });
    const run = await h.gate({}, CLEAN);
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
  });
});

describe('a service that echoes the token', () => {
  // The harness checks every run for token values in stdout (outside ::add-mask::), stderr, outputs,
  // the summary and every file written; these runs make the service hand the values back.
  const echo = `headers seen: X-Service-API-Token-Id=sim-token-id X-Service-API-Token-Secret=sim-secret-7f3a9c1e4b2d8a6f`;

  test.each<[string, ScriptedResponse | ScriptedResponse[]]>([
    ['in a JSON error body (500), under warn', { status: 500, body: { error: echo } }],
    [
      'in a JSON error body (400), twice (pageSize 1000, then 100)',
      [
        { status: 400, body: { error: echo } },
        { status: 400, body: { error: echo } },
      ],
    ],
    ['in a 401 error body', { status: 401, body: { error: echo } }],
    ['in a non-JSON 200 body', { status: 200, rawBody: echo }],
    [
      'in a non-JSON 502 body from a proxy',
      { status: 502, rawBody: `<html>${echo}</html>`, headers: { 'Content-Type': 'text/html' } },
    ],
  ])('%s: no token value anywhere', async (_name, response) => {
    h.sim.script(PATHS.alerts, ...[response].flat());
    const run = await h.gate({ 'max-retries': '0', 'on-api-error': 'warn', 'report-file': 'report.json' });
    expect(run.outputs.result).toBe('error');
    expect(said(run)).toContain('sca/alerts/search');
  });

  test('in service data (the summary of a gating alert): no token value in the summary, the report or the annotations', async () => {
    const alert = h.sim.state.alerts[MAIN_REPO.id]!.find((a) => a.metadata.id === 'GHSA-jfh8-c2jp-5v3q')!;
    alert.metadata.summary = echo;
    const run = await h.gate({ 'report-file': 'report.json' });
    expect(run.outputs.result).toBe('fail');
  });
});
