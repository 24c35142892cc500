// Verdict integrity when things go wrong, on the bundled action: every failure is a result (output
// result=error, a message naming the cause, the job summary written); secrets are redacted before
// any text is cut and in any case; a byte-order mark before a JSON answer is accepted.
import { describe, expect, test } from '@jest/globals';
import { CLEAN, PATHS, useFakeGitHub, useSimulator, type GateOptions, type GateRun } from './harness.js';

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
