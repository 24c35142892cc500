// Errors blame the right input (contract: "Bad input, faults and secrets"): an answer naming the
// organization names organization-id; a 404 on every endpoint tried, a web page or a 405 names
// api-url (its host and path), never app-id; app-id only when the installations read says the
// installation is unknown. 501 and 505 are sent once; 503 is retried.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAIN_REPO } from '../../simulator/data.js';
import { errorText, PATHS, useSimulator, type GateRun } from './harness.js';

const h = useSimulator();

/** With repository-id and no app-id: installations/repositories is never asked. */
const BY_ID = { 'repository-id': MAIN_REPO.id, 'app-id': '' };

/** A stopped run: exit 1, result error, and the messages of its ::error:: lines. */
function failed(run: GateRun): string {
  expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
  return errorText(run);
}

/** A web server's "Not Found" page, as a host that is not the service answers. */
const WEB_PAGE = {
  status: 404,
  rawBody: '<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1></body></html>',
  headers: { 'Content-Type': 'text/html; charset=utf-8' },
};

describe('a wrong organization-id names organization-id, never app-id', () => {
  // The simulator answers every endpoint 404 {"error": "organization org_unknown not found"}.
  test.each([
    ['resolving through app-id', {}],
    ['repository-id alone', BY_ID],
  ])('%s: the 404 naming the organization', async (_name, inputs) => {
    const run = await h.gate({ ...inputs, 'organization-id': 'org_unknown' });
    const message = failed(run);
    expect(message).toContain('organization org_unknown not found');
    expect(message).toContain('Check organization-id');
    expect(message).not.toContain('app-id');
    expect(message).not.toContain('api-url');
  });

  test('a 400 whose body names the organization, from the installations read', async () => {
    h.sim.script(PATHS.repositories, { status: 400, body: { error: 'organization org_demo not found' } });
    const message = failed(await h.gate());
    expect(message).toContain('Check organization-id');
    expect(message).not.toContain('app-id');
  });
});

describe('an api-url that is not the service names api-url with its host and path, never app-id', () => {
  test.each([
    ['resolving through app-id', {}],
    ['repository-id alone', BY_ID],
  ])('a wrong path (the simulator answers 404 "no operation at …" on every path), %s', async (_name, inputs) => {
    const run = await h.gate({ ...inputs, 'api-url': `${h.sim.url}/wrong` });
    expect(h.sim.requests.length).toBeGreaterThan(0);
    expect(h.sim.requests.every((r) => r.path.startsWith('/wrong/api/v1/'))).toBe(true);
    const message = failed(run);
    expect(message).toContain('api-url');
    expect(message).toContain(h.sim.url); // the host
    expect(message).toContain('/wrong'); // the path
    expect(message).not.toContain('app-id');
    expect(message).not.toContain('organization-id');
  });

  test('resolving through app-id, a wrong path: the message says every request answered 404', async () => {
    const message = failed(await h.gate({ 'api-url': `${h.sim.url}/wrong` }));
    expect(message).toMatch(/every request answered (HTTP )?404/);
    for (const path of ['installations/repositories', 'stats/securityPosture', 'stats/timeSaved'])
      expect(message).toContain(path);
  });

  describe('a host answering 404 to everything', () => {
    let host: Server;
    let hostUrl = '';
    const bodies = [
      ['a JSON body', 'application/json', '{"message":"Not Found"}'],
      ['a plain-text body', 'text/plain; charset=utf-8', '404 page not found\n'],
      ['an empty body', 'text/plain', ''],
    ] as const;
    let body: (typeof bodies)[number] = bodies[0];
    beforeAll(async () => {
      host = createServer((req, res) => {
        req.resume();
        res.writeHead(404, { 'Content-Type': body[1] }).end(body[2]);
      });
      await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
      hostUrl = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => host.close(() => resolve())));

    test.each(bodies)('%s: names api-url and the host, never app-id', async (...answer) => {
      body = answer;
      const run = await h.gate({ 'api-url': hostUrl, 'on-api-error': 'warn' });
      const message = failed(run); // a repository that cannot be found fails even under warn
      expect(message).toContain(`api-url ${hostUrl}`);
      expect(message).not.toContain('app-id');
    });
  });

  test.each([
    ['resolving through app-id', PATHS.repositories, {}],
    ['repository-id alone', PATHS.alerts, BY_ID],
  ])('a web page (HTML) for an answer, %s', async (_name, path, inputs) => {
    h.sim.script(path, WEB_PAGE);
    const message = failed(await h.gate(inputs));
    expect(message).toContain('api-url');
    expect(message).toContain(h.sim.url);
    expect(message).not.toContain('app-id');
    expect(message).not.toContain('organization-id');
  });

  test.each([
    ['resolving through app-id', PATHS.repositories, {}],
    ['repository-id alone', PATHS.alerts, BY_ID],
  ])('a 405, %s', async (_name, path, inputs) => {
    h.sim.script(path, { status: 405, headers: { Allow: 'GET' } });
    const message = failed(await h.gate(inputs));
    expect(message).toContain('405');
    expect(message).toContain('api-url');
    expect(message).toContain(h.sim.url);
    expect(message).not.toContain('app-id');
    expect(message).not.toContain('organization-id');
    // Not asked again with smaller pages: a 405 does not depend on the page size.
    expect(h.requests(path)).toHaveLength(1);
  });
});

describe('app-id is named when the installations read says the installation is unknown', () => {
  test('the service says "installation 9999 not found": app-id, and no other input', async () => {
    const message = failed(await h.gate({ 'app-id': '9999', 'on-api-error': 'warn' }));
    expect(message).toContain('app-id 9999: the service knows no such installation');
    expect(message).toContain('installation 9999 not found');
    expect(message).not.toContain('organization-id');
    expect(message).not.toContain('api-url');
  });

  test('a bare 404 from installations/repositories while the statistics are answered: app-id', async () => {
    h.sim.script(PATHS.repositories, { status: 404, body: { error: 'Not Found' } });
    const run = await h.gate();
    const message = failed(run);
    expect(h.requests(PATHS.posture)).toHaveLength(1);
    expect(message).toContain('app-id 4242: the service knows no such installation');
    expect(message).not.toContain('organization-id');
    expect(message).not.toContain('api-url');
  });
});

describe('501 and 505 are not retried; 503 is, max-retries times', () => {
  test.each([
    [501, 1],
    [505, 1],
    [503, 3],
  ])('HTTP %i on the alerts read with max-retries 2: %i request(s)', async (status, requests) => {
    const answer = { status, headers: { 'Retry-After': '0' } };
    h.sim.script(PATHS.alerts, answer, answer, answer);
    const run = await h.gate({ 'max-retries': '2' });
    expect(h.requests(PATHS.alerts)).toHaveLength(requests);
    const message = failed(run);
    expect(message).toContain(`HTTP ${status}`);
    expect(message).toContain('sca/alerts/search');
    if (requests > 1) expect(message).toContain(`after ${requests} attempts`);
    else expect(message).not.toContain('attempts');
  });
});
