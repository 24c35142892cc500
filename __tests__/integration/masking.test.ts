// Secrets and workflow commands end to end, on the bundled action: the token values are masked
// before anything else is printed (valid and invalid inputs alike); a hostile service error body
// cannot inject workflow commands; and the posture window sent is the contract's.
import { describe, expect, test } from '@jest/globals';
import { DEMO_TOKEN } from '../../simulator/data.js';
import { PATHS, useSimulator, utcDay, type GateRun } from './harness.js';

const h = useSimulator();

const GITHUB_TOKEN = 'ghs_maskingTestGithubToken0123';

/** Lines of stdout as the runner reads them, blank ones dropped. */
const lines = (run: GateRun) => run.stdout.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '');

/** The leading run of stdout lines that are `::add-mask::` commands, as their values. */
function leadingMasks(run: GateRun): string[] {
  const masks: string[] = [];
  for (const line of lines(run)) {
    const m = /^::add-mask::(.*)$/.exec(line.trim());
    if (!m) break;
    masks.push(m[1]!);
  }
  return masks;
}

describe('the tokens are masked before anything else is printed', () => {
  test.each<[string, Record<string, string>, number]>([
    ['a valid run (the gate fails on the default data)', {}, 1],
    ['a valid run that passes', { 'fail-on-severity': 'none' }, 0],
    ['an invalid enumerated input', { 'fail-on-severity': 'severe' }, 1],
    ['an invalid api-url', { 'api-url': 'http://security.example.com' }, 1],
    ['several invalid inputs', { 'posture-days': '0', 'max-retries': '11', 'on-api-error': 'ignore' }, 1],
  ])('%s', async (_name, inputs, exitCode) => {
    const run = await h.gate({ 'github-token': GITHUB_TOKEN, ...inputs });
    expect(run.exitCode).toBe(exitCode);
    // The first commands are the masks…
    const firstCommands = run.commands.slice(0, 3);
    expect(firstCommands.map((c) => c.command)).toEqual(['add-mask', 'add-mask', 'add-mask']);
    expect(firstCommands.map((c) => c.message).sort()).toEqual([DEMO_TOKEN.id, DEMO_TOKEN.secret, GITHUB_TOKEN].sort());
    // …and no line at all (command or plain log) comes before any of them.
    expect(leadingMasks(run).sort()).toEqual(expect.arrayContaining([DEMO_TOKEN.id, DEMO_TOKEN.secret, GITHUB_TOKEN]));
    const firstOther = lines(run).findIndex((l) => !/^::add-mask::/.test(l.trim()));
    expect(firstOther === -1 ? lines(run).length : firstOther).toBeGreaterThanOrEqual(3);
    expect(run.stderr).toBe('');
  });

  test('an invalid run with custom token values masks those values first', async () => {
    const tokens = { 'api-token-id': 'custom-token-id-5678', 'api-token-secret': 'custom-token-secret-9abc' };
    const run = await h.gate({ ...tokens, 'github-token': GITHUB_TOKEN, 'comment-on-pr': 'sometimes' });
    expect(run.exitCode).toBe(1);
    expect(h.sim.requests).toEqual([]);
    expect(leadingMasks(run).sort()).toEqual(
      expect.arrayContaining([tokens['api-token-id'], tokens['api-token-secret'], GITHUB_TOKEN]),
    );
  });
});

describe('a hostile service error body cannot inject workflow commands', () => {
  const HOSTILE = 'busy\n::set-output name=result::pass\n::add-mask::evil';

  /** No line of stdout, trimmed as the runner trims it, is an injected command. */
  function expectNoInjection(run: GateRun): void {
    for (const line of lines(run)) {
      const trimmed = line.replace(/^[\s\u0085]+/, '');
      expect(trimmed.startsWith('::set-output')).toBe(false);
      expect(trimmed.startsWith('::add-mask::evil')).toBe(false);
      expect(line).not.toContain('##[');
    }
    expect(run.commands.filter((c) => c.command === 'set-output')).toEqual([]);
    expect(run.commands.filter((c) => c.command === 'add-mask').map((c) => c.message)).not.toContain('evil');
  }

  test('a 503 with the body, then a normal answer: retried, nothing injected, the gate still fails', async () => {
    h.sim.script(PATHS.alerts, { status: 503, headers: { 'Retry-After': '0' }, body: { error: HOSTILE } });
    const run = await h.gate({ 'max-retries': '1' });
    expect(h.requests(PATHS.alerts).length).toBeGreaterThanOrEqual(2);
    expectNoInjection(run);
    expect(run.outputs.result).toBe('fail');
    expect(run.exitCode).toBe(1);
  });

  test('the same body without Retry-After (the backoff path)', async () => {
    h.sim.script(PATHS.alerts, { status: 503, body: { error: HOSTILE } });
    const run = await h.gate({ 'max-retries': '1' });
    expectNoInjection(run);
    expect(run.outputs.result).toBe('fail');
  });

  test.each([
    ['fail', 1],
    ['warn', 0],
  ] as const)(
    'the body on the final error, on-api-error %s: nothing injected, result error',
    async (mode, exitCode) => {
      h.sim.script(PATHS.alerts, { status: 503, body: { error: HOSTILE } });
      const run = await h.gate({ 'max-retries': '0', 'on-api-error': mode });
      expectNoInjection(run);
      expect(run.exitCode).toBe(exitCode);
      expect(run.outputs.result).toBe('error');
    },
  );

  test('a CRLF / lone-CR hostile body on a retried posture read', async () => {
    h.sim.script(PATHS.posture, {
      status: 502,
      headers: { 'Retry-After': '0' },
      body: { error: 'x\r\n  ::set-output name=result::pass\r::add-mask::evil ##[error]y' },
    });
    const run = await h.gate({ 'max-retries': '1' });
    expectNoInjection(run);
    expect(run.outputs.result).toBe('fail');
  });

  test('a line that starts with NEXT LINE (U+0085), which the runner trims as whitespace', async () => {
    h.sim.script(PATHS.alerts, {
      status: 503,
      headers: { 'Retry-After': '0' },
      body: { error: 'busy\n\u0085::set-output name=result::pass\n\u0085::add-mask::evil' },
    });
    const run = await h.gate({ 'max-retries': '1' });
    expectNoInjection(run);
    expect(run.outputs.result).toBe('fail');
  });
});

describe('the posture window sent', () => {
  /** YYYY-MM-DD `days` before `date`. */
  const minus = (date: string, days: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

  test.each([
    ['default posture-days (30)', {}, 29],
    ['posture-days 7', { 'posture-days': '7' }, 6],
    ['posture-days 1', { 'posture-days': '1' }, 0],
    ['posture-days 366', { 'posture-days': '366' }, 365],
  ])('%s: endDate today (UTC), startDate today − (days − 1), the same for timeSaved', async (_name, inputs, back) => {
    const before = utcDay();
    await h.gate(inputs);
    const after = utcDay();
    const posture = h.requests(PATHS.posture);
    expect(posture).toHaveLength(1);
    const body = posture[0]!.body as { startDate?: string; endDate?: string };
    expect([before, after]).toContain(body.endDate);
    expect(body.startDate).toBe(minus(body.endDate!, back));
    const timeSaved = h.requests(PATHS.timeSaved)[0]!.body as { startDate?: string; endDate?: string };
    expect({ startDate: timeSaved.startDate, endDate: timeSaved.endDate }).toEqual({
      startDate: body.startDate,
      endDate: body.endDate,
    });
  });
});
