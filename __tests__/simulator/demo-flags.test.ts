import { describe, expect, test } from '@jest/globals';
import { readDemoFlags } from '../../simulator/demo-flags.js';

describe('readDemoFlags: the demo command line, read strictly', () => {
  test('none: the default demo', () => {
    expect(readDemoFlags([])).toEqual({
      kind: 'run',
      flags: {
        clean: false,
        policy: false,
        fixPr: false,
        badPr: false,
        fork: false,
        ratchet: false,
        grace: false,
        comment: false,
        kev: false,
        vex: false,
        tooNew: false,
        malicious: false,
        deny: false,
        noGraph: false,
        epss: null,
        latencyMs: 0,
        todayMs: undefined,
        outDir: undefined,
      },
    });
  });

  test('flags combine; --bad-pr shows the comment; --latency and --out take their values', () => {
    const command = readDemoFlags(['--clean', '--policy', '--bad-pr', '--latency', '50', '--out=demo-output']);
    expect(command).toMatchObject({
      kind: 'run',
      flags: { clean: true, policy: true, badPr: true, comment: true, latencyMs: 50, outDir: 'demo-output' },
    });
  });

  test("--fork and --ratchet: --bad-pr's pull request, from a fork or under the ratchet (which shows the comment)", () => {
    expect(readDemoFlags(['--fork'])).toMatchObject({ kind: 'run', flags: { fork: true, ratchet: false } });
    expect(readDemoFlags(['--ratchet'])).toMatchObject({ kind: 'run', flags: { ratchet: true, comment: true } });
  });

  test("--too-new, --malicious and --deny: --bad-pr's pull request with a version each check stops, and the comment", () => {
    expect(readDemoFlags(['--too-new', '--malicious', '--deny'])).toMatchObject({
      kind: 'run',
      flags: { tooNew: true, malicious: true, deny: true, badPr: false, comment: true },
    });
    expect(readDemoFlags(['--deny', '--fork'])).toMatchObject({ kind: 'run', flags: { deny: true, fork: true } });
  });

  test('--no-graph: its own pull request, with the comment; refused beside another pull request', () => {
    expect(readDemoFlags(['--no-graph'])).toMatchObject({ kind: 'run', flags: { noGraph: true, comment: true } });
    expect(readDemoFlags(['--no-graph', '--kev'])).toMatchObject({ kind: 'run', flags: { noGraph: true, kev: true } });
    for (const other of ['--fix-pr', '--bad-pr', '--fork', '--ratchet', '--too-new', '--malicious', '--deny'])
      expect(readDemoFlags(['--no-graph', other])).toEqual({
        kind: 'refused',
        reason:
          '--no-graph is another pull request than --fix-pr, --bad-pr, --fork, --ratchet, --too-new, --malicious and --deny: choose one',
      });
  });

  test('--today: that day at noon UTC', () => {
    const command = readDemoFlags(['--today', '2026-11-27']);
    expect(command).toMatchObject({ kind: 'run', flags: { todayMs: Date.parse('2026-11-27T12:00:00Z') } });
  });

  test('--help wins over the other flags, even two that cannot combine', () => {
    expect(readDemoFlags(['--help'])).toEqual({ kind: 'help' });
    expect(readDemoFlags(['--fix-pr', '--bad-pr', '--help'])).toEqual({ kind: 'help' });
  });

  test.each([
    [['--bad_pr'], /Unknown option '--bad_pr'/],
    [['--cleen'], /Unknown option '--cleen'/],
    [['-x'], /Unknown option '-x'/],
    [['clean'], /Unexpected argument 'clean'/],
    [['--out'], /--out/],
    [['--out', '--clean'], /--out/], // not a directory named --clean
    [['--out', ''], /--out needs a directory/],
    [['--latency', 'fast'], /--latency takes a whole number of milliseconds, not "fast"/],
    [['--latency', '-5'], /--latency/],
    [['--clean=yes'], /--clean/],
    [['--today', '27.11.2026'], /--today takes a day as YYYY-MM-DD, not "27.11.2026"/],
    [['--today', '2026-13-45'], /--today takes a day/],
    [['--fix-pr', '--bad-pr'], /--fix-pr is another pull request than --bad-pr/],
    [['--fix-pr', '--fork'], /--fix-pr is another pull request/],
    [['--fork', '--ratchet'], /--fork judges no alert of the service/],
    [['--fix-pr', '--too-new'], /--fix-pr is another pull request than .*--too-new/],
    [['--fix-pr', '--deny'], /--fix-pr is another pull request/],
  ])('%j: refused, saying why', (args, reason) => {
    const command = readDemoFlags(args);
    expect(command.kind).toBe('refused');
    expect(command.kind === 'refused' ? command.reason : '').toMatch(reason);
  });
});
