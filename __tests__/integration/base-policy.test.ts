// A pull request cannot change the policy that judges it, end to end through dist/: on pull_request,
// pull_request_target and merge_group a local policy file is read at the base commit through a fake
// GitHub contents API with github-token, and that copy judges; the workspace's copy (the change's)
// is only listed, as taking effect once merged. Expectations come from the simulator's data.
import { describe, expect, test } from '@jest/globals';
import { ADVISORIES } from '../../simulator/data.js';
import { COMMENT_MARKER } from '../../src/reports/comment.js';
import {
  errorText,
  expected,
  plain,
  PATHS,
  PUSH,
  SETTINGS_PATHS,
  useFakeGitHub,
  useSimulator,
  webshopAlerts,
  type GateOptions,
  type GateRun,
} from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const BASE = '1111111111111111111111111111111111111111';
const HEAD = '2222222222222222222222222222222222222222';
const PATH = '.github/security-gate.yml';
const GITHUB_TOKEN = 'ghs_fakeGithubTokenForTests'; // action.yml's default, as run-action gives it
const CONFIG_TOKEN = 'ghp_configTokenNotForThis9';

const repository = { id: 123456789, full_name: 'acme/webshop' };
const PULL_REQUEST = {
  repository,
  pull_request: {
    number: 7,
    base: { sha: BASE },
    head: { sha: HEAD, repo: { full_name: 'acme/webshop', fork: false } },
  },
};
const MERGE_GROUP = { repository, merge_group: { base_sha: BASE, head_sha: HEAD } };

/** A run on `eventName` with the workspace copy `proposed` (none when null). */
const onChange = (proposed: string | null, eventName = 'pull_request'): GateOptions => ({
  eventName,
  event: eventName === 'merge_group' ? MERGE_GROUP : PULL_REQUEST,
  files: proposed === null ? {} : ({ [PATH]: proposed } as Record<string, string>),
  env: { GITHUB_API_URL: fake.github.url, GITHUB_RUN_ID: '99' },
});
/** The policy file as it stands at the base commit, readable with github-token only. */
const atBase = (text: string) => fake.github.files.set(`acme/webshop/${PATH}@${BASE}`, { text, token: GITHUB_TOKEN });
const contentsRequests = () => fake.github.requests.filter((r) => r.path.includes('/contents/'));
const commitRequests = () => fake.github.requests.filter((r) => r.path.includes('/commits/'));
const notices = (run: GateRun) => run.commands.filter((c) => c.command === 'notice').map((c) => c.message);

// The base copy gates on high; the pull request's copy would let everything through.
const STRICT = 'version: 1\nfail-on-severity: high\n';
const LOOSE = `version: 1\nfail-on-severity: none\nallow-alerts:\n  - id: ${ADVISORIES.log4shell}\n    reason: not our problem\non-api-error: warn\n`;

describe('on a pull request, the base copy judges', () => {
  test('although the workspace copy loosens the policy: the run fails as the base copy says, read with github-token', async () => {
    atBase(STRICT);
    const run = await h.gate(
      { 'config-file': PATH, 'config-token': CONFIG_TOKEN, 'report-file': 'r.json' },
      onChange(LOOSE),
    );
    const gating = expected(webshopAlerts(h.sim), 'high').gating.length;
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['gating-count']).toBe(String(gating));
    expect(run.outputs['allowed-count']).toBe('0');
    expect(errorText(run)).toContain(ADVISORIES.log4shell);
    const report = JSON.parse(run.files['r.json']!) as { options: { failOnSeverity: string; allowAlerts: unknown[] } };
    expect(report.options).toMatchObject({ failOnSeverity: 'high', allowAlerts: [] });
    expect(contentsRequests()).toEqual([
      { method: 'GET', path: `/repos/acme/webshop/contents/${PATH}`, authorization: `Bearer ${GITHUB_TOKEN}` },
    ]);
    expect(run.stdout).toContain(`Policy file ${PATH}@1111111: fail-on-severity from it`);
  });

  test('the settings the pull request would change are listed, as taking effect once merged: log, summary, comment, JSON report', async () => {
    atBase(STRICT);
    const run = await h.gate(
      { 'config-file': PATH, 'comment-on-pr': 'always', 'report-file': 'r.json', 'on-api-error': 'fail' },
      onChange(LOOSE),
    );
    const notice = notices(run).find((n) => n.startsWith('This pull request changes the policy file'));
    expect(notice).toBe(
      `This pull request changes the policy file ${PATH}; the copy at the base commit 1111111 judges it, and these settings take effect once it is merged:\n` +
        'fail-on-severity: high -> none\n' +
        `allow-alerts: (not set) -> {id: ${ADVISORIES.log4shell}, reason: not our problem}\n` +
        'on-api-error: (not set) -> warn (the workflow input wins)',
    );
    const rows = [
      '| `fail-on-severity` | `high` | `none` |',
      `| \`allow-alerts\` | *not set* | \`{id: ${ADVISORIES.log4shell}, reason: not our problem}\` |`,
      '| `on-api-error` (the workflow input wins) | *not set* | `warn` |',
    ];
    const comment = fake.github.comments[0]?.body ?? '';
    expect(comment.startsWith(COMMENT_MARKER)).toBe(true);
    for (const page of [run.summary, comment]) {
      expect(plain(page)).toContain(
        `The policy file \`${PATH}\` as it stands at the base commit \`1111111\` judged this run.`,
      );
      for (const row of rows) expect(page).toContain(row);
    }
    const report = JSON.parse(run.files['r.json']!) as { options: { basePolicy: unknown } };
    expect(report.options.basePolicy).toEqual({
      commit: BASE,
      atBase: true,
      changes: [
        { key: 'fail-on-severity', base: 'high', proposed: 'none' },
        { key: 'allow-alerts', base: null, proposed: `{id: ${ADVISORIES.log4shell}, reason: not our problem}` },
        { key: 'on-api-error', base: null, proposed: 'warn' },
      ],
      proposedUnreadable: null,
    });
  });

  test('a workspace copy the same as the base copy lists nothing', async () => {
    atBase(STRICT);
    const run = await h.gate(
      { 'config-file': PATH, 'report-file': 'r.json' },
      onChange('fail-on-severity: HIGH # same\n'),
    );
    expect(run.outputs.result).toBe('fail');
    expect(contentsRequests()).toHaveLength(1);
    const report = JSON.parse(run.files['r.json']!) as { options: { basePolicy: unknown } };
    expect(report.options.basePolicy).toEqual({ commit: BASE, atBase: true, changes: [], proposedUnreadable: null });
    expect(notices(run).filter((n) => n.includes('policy file'))).toEqual([]);
    expect(run.summary).not.toContain('Policy file changes');
  });

  test('a workspace copy that does not parse: a warning; the base copy judges', async () => {
    atBase(STRICT);
    const run = await h.gate({ 'config-file': PATH }, onChange('fail-on-severity: [none\n'));
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['gating-count']).toBe(String(expected(webshopAlerts(h.sim), 'high').gating.length));
    expect(run.warnings.join('\n')).toMatch(
      /The pull request's copy of the policy file \.github\/security-gate\.yml cannot be read \(.*not valid YAML.*\); the copy at the base commit 1111111 judges\./,
    );
  });

  test('a merge group: the base copy (merge_group.base_sha) judges too', async () => {
    atBase(STRICT);
    const run = await h.gate({ 'config-file': PATH }, onChange(LOOSE, 'merge_group'));
    expect(run.exitCode).toBe(1);
    expect(run.outputs['gating-count']).toBe(String(expected(webshopAlerts(h.sim), 'high').gating.length));
    expect(notices(run).join('\n')).toContain('This merge group changes the policy file');
    expect(contentsRequests().map((r) => r.path)).toEqual([`/repos/acme/webshop/contents/${PATH}`]);
  });

  test('grace-days as a mapping in the base copy: the grace periods apply', async () => {
    atBase('grace-days:\n  critical: 3650\n  high: 3650\n');
    const run = await h.gate({ 'config-file': PATH, 'report-file': 'r.json' }, onChange(null));
    const critical = expected(webshopAlerts(h.sim), 'critical').gating.length; // every one inside 10 years
    expect(run.outputs.result).toBe('pass');
    expect(run.outputs['due-count']).toBe(String(critical));
    const report = JSON.parse(run.files['r.json']!) as { options: { graceDays: unknown } };
    expect(report.options.graceDays).toEqual({ critical: 3650, high: 3650 });
  });
});

describe('absent at the base', () => {
  test('with the base commit readable: no policy file (inputs and defaults), said in a notice; the added copy is listed', async () => {
    fake.github.commits.add(`acme/webshop@${BASE}`);
    const run = await h.gate({ 'config-file': PATH, 'report-file': 'r.json' }, onChange(LOOSE));
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
    expect(run.outputs['gating-count']).toBe(String(expected(webshopAlerts(h.sim), 'critical').gating.length));
    expect(notices(run)).toContain(
      `Policy file ${PATH} is not in the base commit 1111111: no policy file judges this pull request (inputs and defaults).`,
    );
    expect(plain(run.summary)).toContain(`The policy file \`${PATH}\` is not in the base commit \`1111111\``);
    expect(run.summary).toContain('| `fail-on-severity` | *not set* | `none` |');
    expect(commitRequests()).toEqual([
      { method: 'GET', path: `/repos/acme/webshop/commits/${BASE}`, authorization: `Bearer ${GITHUB_TOKEN}` },
    ]);
    const report = JSON.parse(run.files['r.json']!) as { options: { failOnSeverity: string; sources: object } };
    expect(report.options.failOnSeverity).toBe('critical');
    expect(report.options.sources).toMatchObject({ 'fail-on-severity': 'default' });
  });

  test('absent in the workspace too: an input error, nothing sent to the service', async () => {
    fake.github.commits.add(`acme/webshop@${BASE}`);
    const run = await h.gate({ 'config-file': PATH }, onChange(null));
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    expect(errorText(run)).toContain(
      `Invalid inputs (no request was sent):\n- config-file ${PATH}: no such file at the base commit 1111111 nor in the workspace.`,
    );
    expect(h.sim.requests).toEqual([]);
  });

  test("on pull_request_target the workspace copy's api-url is never used (the tokens would go where it says)", async () => {
    fake.github.commits.add(`acme/webshop@${BASE}`);
    const run = await h.gate(
      { 'config-file': PATH, 'api-url': '' },
      { ...onChange('api-url: https://attacker.example\n'), eventName: 'pull_request_target' },
    );
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(/api-url: is required/);
    expect(h.sim.requests).toEqual([]);
  });
});

describe("a base copy that cannot be read: an API error under the inputs' on-api-error; nothing judged, nothing sent", () => {
  const setFails = { 'set-pr-scanning': 'true' }; // a settings change asked for: never sent
  const expectStopped = (run: GateRun, cause: RegExp) => {
    expect(run.outputs.result).toBe('error');
    expect(run.outputs['gating-count'] ?? '').toBe('');
    expect(h.sim.requests).toEqual([]);
    expect(SETTINGS_PATHS.flatMap((p) => h.requests(p))).toEqual([]);
    expect(h.requests(PATHS.alerts)).toEqual([]);
    const summary = plain(run.summary);
    expect(summary).toMatch(/no verdict for acme\/webshop/i);
    expect(summary).toContain('the policy file could not be read at the base commit; nothing was judged');
    expect(summary).toMatch(cause);
  };

  test.each<[string, () => void, RegExp]>([
    [
      '404 and the base commit not readable with github-token',
      () => undefined,
      /at the base commit 1111111: GitHub answered 404, and does not show the base commit readable with github-token \(GitHub answered HTTP 404\)/,
    ],
    [
      '404 and the commit check refused',
      () => (fake.github.failRoute.commits = 403),
      /GitHub answered 404, and does not show the base commit readable with github-token \(GitHub answered HTTP 403\)/,
    ],
    ['403', () => (fake.github.failRoute.contents = 403), /GitHub refused github-token \(HTTP 403\)/],
    ['401', () => (fake.github.failRoute.contents = 401), /GitHub refused github-token \(HTTP 401\)/],
    [
      'an answer that is not the file',
      () => (fake.github.failRoute.contents = 'garbage'),
      /GitHub's answer is not the file/,
    ],
  ])('%s: the step fails (the workspace copy says on-api-error: warn, in vain)', async (_name, arrange, cause) => {
    arrange();
    const run = await h.gate({ 'config-file': PATH, ...setFails }, onChange(LOOSE));
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toMatch(cause);
    expectStopped(run, cause);
  });

  test('with on-api-error: warn in the inputs: a warning, exit 0, result=error', async () => {
    const run = await h.gate({ 'config-file': PATH, 'on-api-error': 'warn', ...setFails }, onChange(STRICT));
    expect(run.exitCode).toBe(0);
    expect(run.errors).toEqual([]);
    expect(run.warnings.join('\n')).toMatch(/does not show the base commit readable/);
    expect(run.warnings).toContain('on-api-error is warn: the step succeeds with result=error.');
    expectStopped(run, /does not show the base commit readable/);
  });

  test('no base commit in the event: an API error, nothing asked of GitHub', async () => {
    const run = await h.gate(
      { 'config-file': PATH },
      { ...onChange(STRICT), event: { repository, pull_request: { number: 7, head: { sha: HEAD } } } },
    );
    expect(run.exitCode).toBe(1);
    expect(errorText(run)).toContain('the event does not name the base commit');
    expect(contentsRequests()).toEqual([]);
    expectStopped(run, /the event does not name the base commit/);
  });
});

test('on a push the workspace file judges, as before: GitHub is not asked for it', async () => {
  atBase('fail-on-severity: none\n');
  const run = await h.gate(
    { 'config-file': PATH },
    { ...PUSH, files: { [PATH]: STRICT }, env: { GITHUB_API_URL: fake.github.url } },
  );
  expect(run.outputs.result).toBe('fail');
  expect(run.outputs['gating-count']).toBe(String(expected(webshopAlerts(h.sim), 'high').gating.length));
  // GitHub is asked only for the fixes of the gating alerts ("The fix"), never for a file or commit.
  expect(fake.github.requests.filter((r) => !r.path.endsWith('/graphql'))).toEqual([]);
});
