// EPSS scores read through the runner's network, end to end (contract: "Exploit prediction (EPSS)":
// "same proxies, timeouts and retries as every read"; "Network: proxies and GitHub Enterprise"):
// FIRST's API and its CSV served over TLS by a name that resolves nowhere (epss.test), so only the
// proxy can reach them, with the test CA trusted through NODE_EXTRA_CA_CERTS; the service a second
// simulator on loopback over http (never proxied), so that what happens is the scores' read.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { EPSS_API_PATH, EPSS_CSV_GZ_PATH } from '../../simulator/epss.js';
import { startProxy, type TestProxy } from '../../simulator/proxy.js';
import { startSimulator, type Simulator } from '../../simulator/server.js';
import { selfSignedCertificate } from '../fixtures/tls.js';
import { OPS } from './kev-fixtures.js';
import { errorText, useSimulator } from './harness.js';

const { certFile, tls, remove } = selfSignedCertificate('epss.test');

const h = useSimulator({ tls });
const PASSWORD = 'epss-pr0xy-pa55';
let proxy: TestProxy;
let service: Simulator;
beforeAll(async () => {
  proxy = await startProxy({ user: 'runner', password: PASSWORD });
  service = await startSimulator();
});
afterAll(async () => {
  await proxy.close();
  await service.close();
  remove();
});
beforeEach(() => {
  proxy.requests.length = 0;
});

/** acme/ops-console under epss 0.5, the service on loopback, the proxy in https_proxy. */
const judge = (path: string, env: Record<string, string> = {}) =>
  h.gate(
    { 'api-url': service.url, epss: '0.5', 'epss-url': `https://epss.test:${h.sim.port}${path}`, 'max-retries': '0' },
    {
      ...OPS,
      env: { https_proxy: `http://runner:${PASSWORD}@127.0.0.1:${proxy.port}`, NODE_EXTRA_CA_CERTS: certFile, ...env },
    },
  );

describe('through https_proxy', () => {
  test.each([
    ['the API', EPSS_API_PATH],
    ['the .csv.gz', EPSS_CSV_GZ_PATH],
  ])(
    '%s on another host: read through the proxy, authenticated, TLS trusted; the scored alert gates',
    async (_name, path) => {
      const run = await judge(path);
      expect({ exitCode: run.exitCode, result: run.outputs.result, epss: run.outputs['epss-count'] }).toEqual({
        exitCode: 1,
        result: 'fail',
        epss: '1',
      });
      expect(service.requests.length).toBeGreaterThan(0);
      expect(proxy.requests.length).toBeGreaterThan(0);
      for (const request of proxy.requests)
        expect(request).toEqual({ method: 'CONNECT', target: `epss.test:${h.sim.port}`, authorized: true });
      for (const request of h.requests(path)) expect(request.headers['proxy-authorization']).toBeUndefined();
      for (const text of [run.stdout.replace(`::add-mask::${PASSWORD}`, ''), run.stderr, run.summary])
        expect(text).not.toContain(PASSWORD);
    },
  );

  test('no_proxy naming the host: the request goes direct, where the name resolves nowhere: an API error', async () => {
    const run = await judge(EPSS_API_PATH, { no_proxy: 'epss.test' });
    expect({ exitCode: run.exitCode, result: run.outputs.result }).toEqual({ exitCode: 1, result: 'error' });
    expect(proxy.requests).toEqual([]);
    expect(errorText(run)).toMatch(
      /The EPSS scores \(epss-url https:\/\/epss\.test:\d+\/epss\/data\/v1\/epss\) could not/,
    );
  });
});
