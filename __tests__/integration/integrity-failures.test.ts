// Verdict integrity when things go wrong, on the bundled action: every failure is a result (output
// result=error, a message naming the cause, the job summary written); secrets are redacted before
// any text is cut and in any case; a byte-order mark before a JSON answer is accepted.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CLEAN, PATHS, plain, PUSH, useFakeGitHub, useSimulator, type GateOptions, type GateRun } from './harness.js';

// Tokens with capitals and no ordinary word in them: a piece of one is found only if it leaked.
const TOKENS = { id: 'IdQ7vXk2Lp9ZtR4wHc', secret: 'SeMn8BcY3hJ6dF1gKqWz' } as const;
const CONFIG_TOKEN = 'GhpV5rT0yU8iO2pAs4Df';

const h = useSimulator({ tokenId: TOKENS.id, tokenSecret: TOKENS.secret });
const fake = useFakeGitHub();

/** A run with this file's tokens. */
const gate = (inputs: Record<string, string> = {}, options: GateOptions = {}) =>
  h.gate({ 'api-token-id': TOKENS.id, 'api-token-secret': TOKENS.secret, ...inputs }, options);

/** Every place a reader could see text, lower-cased: stdout (but the ::add-mask:: lines), stderr, outputs, summary, files. */
function seen(run: GateRun, tokens: string[]): Record<string, string> {
  const stdout = run.stdout
    .split(/\r?\n/)
    .filter((line) => !tokens.some((t) => line.trim() === `::add-mask::${t}`))
    .join('\n');
  const places: Record<string, string> = {
    stdout,
    stderr: run.stderr,
    outputs: JSON.stringify(run.outputs),
    summary: run.summary,
    ...Object.fromEntries(Object.entries(run.files).map(([path, text]) => [`file ${path}`, text])),
  };
  return Object.fromEntries(Object.entries(places).map(([place, text]) => [place, text.toLowerCase()]));
}

/** No piece of 5 or more characters of any token, in any case, anywhere a reader could see. */
function expectNoPieceOf(run: GateRun, tokens: string[]): void {
  const leaks: string[] = [];
  for (const [place, text] of Object.entries(seen(run, tokens))) {
    for (const token of tokens) {
      for (let at = 0; at + 5 <= token.length; at++) {
        const piece = token.slice(at, at + 5).toLowerCase();
        if (text.includes(piece)) leaks.push(`${JSON.stringify(piece)} of ${JSON.stringify(token)} in ${place}`);
      }
    }
  }
  expect(leaks).toEqual([]);
}

describe('secrets are redacted before text is cut, and in any case', () => {
  test.each([
    ['a 400 whose error echoes the token after 290 characters (cut at 300)', 400, 290],
    ['a 422 whose error echoes the token after 295 characters', 422, 295],
  ])('%s: no piece of it anywhere', async (_name, status, at) => {
    const body = { error: `${'x'.repeat(at)}${TOKENS.secret}` };
    // A 4xx to the first page is asked once more, in pages of 100 (contract).
    h.sim.script(PATHS.alerts, { status, body }, { status, body });
    const run = await gate({ 'max-retries': '0', 'report-file': 'report.json' });
    expect(run.outputs.result).toBe('error');
    expect(run.errors.join('\n')).toContain(`HTTP ${status}`);
    expect(run.errors.join('\n')).toContain('***');
    expectNoPieceOf(run, [TOKENS.id, TOKENS.secret]);
  });

  test('a body that is not JSON, echoing the token where its preview is cut: no piece of it anywhere', async () => {
    h.sim.script(PATHS.alerts, {
      status: 200,
      rawBody: `<html>${'y'.repeat(66)} ${TOKENS.id} ${TOKENS.secret}</html>`,
    });
    const run = await gate({ 'max-retries': '0', 'on-api-error': 'warn' });
    expect(run.outputs.result).toBe('error');
    expect(run.warnings.join('\n')).toContain('not JSON');
    expectNoPieceOf(run, [TOKENS.id, TOKENS.secret]);
  });

  test('a redirect to another host named after the token (lower-cased in the URL): refused, and redacted', async () => {
    h.sim.script(PATHS.alerts, { redirect: `http://${TOKENS.secret}.invalid:9${PATHS.alerts}` });
    const run = await gate({ 'max-retries': '0' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.errors.join('\n')).toMatch(/redirect to another origin \(http:\/\/\*\*\*\.invalid:9\) refused/);
    expectNoPieceOf(run, [TOKENS.id, TOKENS.secret]);
  });

  test('a policy file whose repository GitHub redirects to a host named after config-token: refused, and redacted', async () => {
    fake.github.moved.set('acme/policies', `https://${CONFIG_TOKEN}.elsewhere.example/p.yml`);
    const run = await gate(
      { 'config-file': 'acme/policies/p.yml@main', 'config-token': CONFIG_TOKEN },
      { env: { GITHUB_API_URL: fake.github.url } },
    );
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.errors.join('\n')).toContain(
      'GitHub redirected to https://***.elsewhere.example, where the token is not sent',
    );
    expect(h.sim.requests).toEqual([]);
    expectNoPieceOf(run, [TOKENS.id, TOKENS.secret, CONFIG_TOKEN]);
  });
});

describe('a UTF-8 byte-order mark before a JSON answer', () => {
  /** What a run decided and reported, for comparing runs. */
  const outcome = (run: GateRun) => ({ exitCode: run.exitCode, outputs: run.outputs, warnings: run.warnings });

  test.each<[string, GateOptions, string]>([
    ['a gate that fails (acme/webshop)', {}, 'fail'],
    ['a gate that passes (acme/clean-lib)', CLEAN, 'pass'],
  ])('before every service answer: %s decides as without it', async (_name, options, result) => {
    const plain = await gate({ 'report-file': 'r.json' }, options);
    h.sim.faults.byteOrderMark = true;
    const marked = await gate({ 'report-file': 'r.json' }, options);
    expect(marked.outputs.result).toBe(result);
    expect(marked.stdout).not.toContain('not JSON');
    expect(outcome(marked)).toEqual(outcome(plain));
  });

  test('before a policy file read from another repository', async () => {
    fake.github.files.set('acme/policies/p.yml@main', { text: '\uFEFFfail-on-severity: low\n', token: CONFIG_TOKEN });
    const run = await gate(
      { 'config-file': 'acme/policies/p.yml@main', 'config-token': CONFIG_TOKEN, 'report-file': 'r.json' },
      { ...CLEAN, env: { GITHUB_API_URL: fake.github.url } },
    );
    const report = JSON.parse(run.files['r.json']!) as { options: { failOnSeverity: string } };
    expect(report.options.failOnSeverity).toBe('low');
  });
});

describe('every failure is a result: result=error, a message naming the cause, the summary written', () => {
  const SOCKS = { https_proxy: 'socks5://runner:Px9wQz4Lk7@127.0.0.1:1080' };
  const PROXY_PASSWORD = 'Px9wQz4Lk7';
  /** Headings of job summary pages: one per page written. */
  const pages = (run: GateRun) => run.summary.match(/^## Security gate/gm)?.length ?? 0;

  test('https_proxy of a scheme requests cannot go through (socks5) for the service: the proxy is named, nothing is sent', async () => {
    const run = await gate({ 'api-url': 'https://security.test' }, { env: SOCKS });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.errors.join('\n')).toMatch(/https_proxy names a socks5:\/\/ proxy \(127\.0\.0\.1:1080\)/);
    expect(run.errors.join('\n')).not.toMatch(/unexpectedly/);
    expect(pages(run)).toBe(1);
    expect(run.summary).toMatch(/no verdict/i);
    expect(run.summary).toContain('https_proxy names a socks5');
    expectNoPieceOf(run, [TOKENS.id, TOKENS.secret, PROXY_PASSWORD]);
  });

  test('the same under summary: false: result=error and the message, no summary', async () => {
    const run = await gate({ 'api-url': 'https://security.test', summary: 'false' }, { env: SOCKS });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.errors.join('\n')).toContain('https_proxy');
    expect(run.summary).toBe('');
  });

  test('a socks5 https_proxy that no request uses (the service on loopback, never proxied) changes nothing', async () => {
    const run = await gate({}, { ...CLEAN, env: SOCKS });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.result).toBe('pass');
  });

  test.each([
    [
      'a malformed GITHUB_API_URL',
      { GITHUB_API_URL: 'https://exa mple/%%' },
      /GITHUB_API_URL\): "https:\/\/exa mple\/%%" is not an http\(s\) URL/,
    ],
    [
      'a socks5 https_proxy for GitHub',
      { GITHUB_API_URL: 'https://github.invalid', ...SOCKS },
      /GITHUB_API_URL\): https_proxy names a socks5:\/\/ proxy/,
    ],
  ])(
    '%s, with a policy file read through GitHub: an input error naming it, in the summary too',
    async (_name, env, cause) => {
      const run = await gate({ 'config-file': 'acme/policies/p.yml@main', 'config-token': CONFIG_TOKEN }, { env });
      expect(run.exitCode).toBe(1);
      expect(run.outputs.result).toBe('error');
      expect(run.errors.join('\n')).toMatch(
        /^Invalid inputs \(no request was sent\):\n- config-file acme\/policies\/p\.yml@main: cannot reach GitHub/,
      );
      expect(run.errors.join('\n')).toMatch(cause);
      expect(plain(run.summary)).toMatch(cause);
      expect(h.sim.requests).toEqual([]);
      expectNoPieceOf(run, [TOKENS.id, TOKENS.secret, CONFIG_TOKEN]);
    },
  );

  test('invalid inputs: the summary lists each bad input and why', async () => {
    const run = await gate({ 'fail-on-severity': 'severe', 'posture-days': '0', 'on-api-error': 'ignore' });
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(h.sim.requests).toEqual([]);
    expect(pages(run)).toBe(1);
    const text = plain(run.summary);
    expect(text).toMatch(/no verdict for acme\/webshop/i);
    expect(text).toContain('invalid inputs; no request was sent to the service');
    expect(text).toContain('- fail-on-severity: "severe" is not one of critical, high, medium, low, none');
    expect(text).toContain('- posture-days: "0" is not accepted; expected a whole number from 1 to 366.');
    expect(text).toContain('- on-api-error: "ignore" is not one of fail, warn');
  });

  test.each<[string, Record<string, string>, GateOptions]>([
    ['given as an input', { 'fail-on-severity': 'severe', summary: 'false' }, {}],
    [
      'set by the policy file, beside a bad key in it',
      { 'config-file': 'p.yml' },
      { ...PUSH, files: { 'p.yml': 'summary: false\nfail-on-severty: high\n' } },
    ],
  ])('invalid inputs under summary: false (%s): result=error, no summary', async (_name, inputs, options) => {
    const run = await gate(inputs, options);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(run.summary).toBe('');
  });

  test('an unreadable summary input is itself listed, and the summary written (its default)', async () => {
    const run = await gate({ summary: 'maybe' });
    expect(run.outputs.result).toBe('error');
    expect(plain(run.summary)).toContain('- summary: "maybe" is not a boolean');
  });

  describe('a fault nobody planned for (the entry without its chunks: a module cannot be loaded)', () => {
    const DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../dist');
    let lonely = '';
    beforeAll(async () => {
      lonely = await mkdtemp(join(tmpdir(), 'security-gate-entry-only-'));
      await Promise.all(['index.js', 'package.json'].map((f) => copyFile(join(DIST, f), join(lonely, f))));
    });
    afterAll(async () => {
      await rm(lonely, { recursive: true, force: true });
    });

    test('result=error, the message says what and to report it, the summary written', async () => {
      const run = await gate({}, { entry: join(lonely, 'index.js') });
      expect(run.exitCode).toBe(1);
      expect(run.outputs.result).toBe('error');
      expect(run.errors.join('\n')).toMatch(
        /^security-gate stopped unexpectedly: .*Cannot find module.*Please report this with the log\./s,
      );
      expect(pages(run)).toBe(1);
      expect(plain(run.summary)).toMatch(
        /no verdict for acme\/webshop[\s\S]*security-gate stopped unexpectedly: .*Cannot find module/i,
      );
    });

    test('under summary: false, no summary', async () => {
      const run = await gate({ summary: 'false' }, { entry: join(lonely, 'index.js') });
      expect(run.outputs.result).toBe('error');
      expect(run.summary).toBe('');
    });
  });

  test('a fault after the reports were written (GITHUB_OUTPUT unwritable): the summary is not written twice', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'security-gate-output-'));
    try {
      const run = await gate({}, { env: { GITHUB_OUTPUT: directory } });
      expect(run.exitCode).toBe(1);
      expect(run.errors.join('\n')).toMatch(/EISDIR/);
      expect(pages(run)).toBe(1);
      expect(run.summary).toContain('## Security gate: ❌ Fails: 5 critical alerts already on main');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
