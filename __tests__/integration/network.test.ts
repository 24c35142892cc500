// The network as self-hosted runners have it: a forward proxy (CONNECT, with credentials) in front
// of the service over TLS, a test CA trusted through NODE_EXTRA_CA_CERTS, no_proxy, the loopback
// bypass, and GitHub Enterprise Server's API under a path prefix. The service is reached by a name
// that resolves nowhere (security.test): only through the proxy can a request arrive.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { startFakeGitHub, type FakeGitHub } from '../../simulator/github.js';
import { startProxy, type TestProxy } from '../../simulator/proxy.js';
import { selfSignedCertificate } from '../fixtures/tls.js';
import { errorText, PATHS, useSimulator, type GateRun } from './harness.js';

const { certFile, tls, remove } = selfSignedCertificate('security.test');

const h = useSimulator({ tls });
const PASSWORD = 'pr0xy-s3cret-pa55';
let proxy: TestProxy;
let github: FakeGitHub;
beforeAll(async () => {
  proxy = await startProxy({ user: 'runner', password: PASSWORD });
  github = await startFakeGitHub();
});
afterAll(async () => {
  await proxy.close();
  await github.close();
  remove();
});
beforeEach(() => {
  proxy.requests.length = 0;
  github.comments.length = 0;
  github.requests.length = 0;
});

const serviceUrl = () => `https://security.test:${h.sim.port}`;
const proxied = (extra: Record<string, string> = {}) => ({
  https_proxy: `http://runner:${PASSWORD}@127.0.0.1:${proxy.port}`,
  NODE_EXTRA_CA_CERTS: certFile,
  ...extra,
});

/** The password appears only where it is registered as a secret (`::add-mask::`). */
function expectNoProxyPassword(run: GateRun, password = PASSWORD): void {
  const masked = run.stdout
    .split('\n')
    .filter((line) => line.trim() !== `::add-mask::${password}`)
    .join('\n');
  for (const [where, text] of Object.entries({
    stdout: masked,
    stderr: run.stderr,
    summary: run.summary,
    outputs: JSON.stringify(run.outputs),
  })) {
    expect({ where, leaked: text.includes(password) }).toEqual({ where, leaked: false });
  }
}

describe('https_proxy', () => {
  test('every request to the service goes through the proxy, authenticated, over TLS trusted through NODE_EXTRA_CA_CERTS', async () => {
    const run = await h.gate({ 'api-url': serviceUrl() }, { env: proxied() });
    expect(run.outputs.result).toBe('fail'); // the gate itself ran: acme/webshop has critical alerts
    expect(run.exitCode).toBe(1);
    expect(h.requests(PATHS.alerts).length).toBeGreaterThan(0);
    expect(proxy.requests.length).toBeGreaterThan(0);
    expect(
      proxy.requests.every((r) => r.method === 'CONNECT' && r.target === `security.test:${h.sim.port}` && r.authorized),
    ).toBe(true);
    expect(run.stdout).toContain(`::add-mask::${PASSWORD}`);
    expectNoProxyPassword(run);
  });

  test('without the CA in NODE_EXTRA_CA_CERTS, the certificate is refused: a network error, never a pass', async () => {
    const run = await h.gate(
      { 'api-url': serviceUrl(), 'max-retries': '0' },
      { env: proxied({ NODE_EXTRA_CA_CERTS: '' }) },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/network error: .*(CERT|SIGNATURE|certificate)/i);
    expectNoProxyPassword(run);
  });

  test('wrong proxy credentials: an error that does not print them', async () => {
    const run = await h.gate(
      { 'api-url': serviceUrl(), 'max-retries': '0' },
      { env: proxied({ https_proxy: `http://runner:wrong-${PASSWORD}@127.0.0.1:${proxy.port}` }) },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(proxy.requests.some((r) => !r.authorized)).toBe(true);
    expect(errorText(run)).toMatch(/network error/);
    expectNoProxyPassword(run, `wrong-${PASSWORD}`);
  });
});

describe('no_proxy and loopback: direct, never through the proxy', () => {
  test.each([
    ['the host', 'security.test'],
    ['the host in capitals', 'SECURITY.TEST'],
    ['a .domain', '.test'],
    ['a domain suffix', 'test'],
    ['host:port', 'security.test:PORT'],
    ['*', '*'],
    ['one of a list', 'example.com, security.test ,other.org'],
  ])('no_proxy with %s: the proxy is not asked (and security.test resolves nowhere)', async (_name, noProxy) => {
    const run = await h.gate(
      { 'api-url': serviceUrl(), 'max-retries': '0' },
      { env: proxied({ no_proxy: noProxy.replace('PORT', String(h.sim.port)) }) },
    );
    expect(proxy.requests).toEqual([]);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toMatch(/network error: (ENOTFOUND|EAI_AGAIN)/);
  });

  test('NO_PROXY for another host leaves the proxy in use', async () => {
    const run = await h.gate({ 'api-url': serviceUrl() }, { env: proxied({ NO_PROXY: 'example.com,.internal' }) });
    expect(run.outputs.result).toBe('fail');
    expect(proxy.requests.length).toBeGreaterThan(0);
  });

  test('a loopback service is never proxied, even with https_proxy set', async () => {
    const run = await h.gate({ 'api-url': `https://127.0.0.1:${h.sim.port}` }, { env: proxied() });
    expect(run.outputs.result).toBe('fail');
    expect(proxy.requests).toEqual([]);
  });
});

describe('GitHub Enterprise Server', () => {
  test('the PR comment goes to GITHUB_API_URL with its /api/v3 prefix, and links use GITHUB_SERVER_URL', async () => {
    const env = {
      GITHUB_API_URL: `${github.url}/api/v3`,
      GITHUB_SERVER_URL: 'https://ghe.example.com',
      GITHUB_RUN_ID: '7',
      NODE_EXTRA_CA_CERTS: certFile,
    };
    const run = await h.gate({ 'api-url': `https://127.0.0.1:${h.sim.port}`, 'comment-on-pr': 'always' }, { env });
    expect(run.outputs.result).toBe('fail');
    expect(github.requests.length).toBeGreaterThan(0);
    // The comment under /api/v3, and the gating alerts' fixes at GHES's GraphQL endpoint, /api/graphql.
    expect(
      github.requests.every(
        (r) => r.path.startsWith('/api/v3/repos/acme/webshop/issues/') || r.path === '/api/graphql',
      ),
    ).toBe(true);
    expect(github.requests.filter((r) => r.path === '/api/graphql')).toHaveLength(1);
    expect(github.comments).toHaveLength(1);
    expect(github.comments[0]!.body).toContain('https://ghe.example.com/acme/webshop/actions/runs/7');
    expect(github.comments[0]!.body).not.toContain('https://github.com/acme/webshop/actions');
  });
});
