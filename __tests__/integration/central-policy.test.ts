// A central policy file read by many repositories, end to end through dist/ (contract: "Rolling out
// to many repositories"): an allow-alerts entry that names its repositories allows only there and is
// not reported unused elsewhere; a malformed `repositories` is an input error at its line and column;
// an input that replaces a list the file set says so in the log and on the summary's policy line.
// Expectations come from the simulator's data (acme/webshop's and acme/ops-console's alerts) and the
// contract's words, never from src/.
import { describe, expect, test } from '@jest/globals';
import { KEV_REPO, KEV_REPO_ADVISORIES } from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';
import { OPS } from './kev-fixtures.js';
import {
  errorText,
  expected,
  plain,
  PUSH,
  useFakeGitHub,
  useSimulator,
  webshopAlerts,
  type GateOptions,
  type GateRun,
} from './harness.js';

const h = useSimulator();
const fake = useFakeGitHub();

const CENTRAL = 'acme/policies/security-gate.yml@main';
const REPORT = 'r.json';
/** log4j-core's Log4Shell: a critical alert of acme/webshop only. */
const LOG4SHELL = 'GHSA-jfh8-c2jp-5v3q';
/** node-fetch's high advisory: an alert of acme/webshop and of acme/ops-console. */
const NODE_FETCH = KEV_REPO_ADVISORIES.notListed;
/** systeminformation's high advisory: an alert of acme/ops-console only. */
const SYSTEMINFORMATION = KEV_REPO_ADVISORIES.knownExploited;

const WEBSHOP: GateOptions = PUSH;
const OPS_CONSOLE: GateOptions = OPS;
const opsAlerts = (): ScaAlert[] => h.sim.state.alerts[KEV_REPO.id] ?? [];

/** Runs the gate in the repository `where` says, with `text` as the central policy file. */
function judge(text: string, where: GateOptions, inputs: Record<string, string> = {}): Promise<GateRun> {
  fake.github.files.set(CENTRAL, { text });
  return h.gate(
    { 'config-file': CENTRAL, 'report-file': REPORT, ...inputs },
    { ...where, env: { GITHUB_API_URL: fake.github.url } },
  );
}

interface Entry {
  id: string;
  until?: string;
  reason?: string;
  repositories?: string[];
  source?: { kind: string; path?: string; line?: number };
}
interface Report {
  options: {
    allowAlerts: Entry[];
    allowAlertsElsewhere: Entry[];
    replacedLists: { input: string; entries: number; fileEntries: number }[];
  };
  alerts: { advisory: string; status: string; allowedBy?: Entry }[];
}
const reportOf = (run: GateRun) => JSON.parse(run.files[REPORT]!) as Report;
const statusesOf = (run: GateRun, advisory: string) => [
  ...new Set(
    reportOf(run)
      .alerts.filter((a) => a.advisory === advisory)
      .map((a) => a.status),
  ),
];
/** The warnings that call an allow-alerts entry unused. */
const unusedWarnings = (run: GateRun) => run.warnings.filter((w) => /matches no alert/.test(w));

/** Where an entry of POLICY stands: the central file, at its line. */
const at = (line: number) => ({ kind: 'policy-file', path: CENTRAL, line });
const ENTRIES = {
  webshop: {
    id: LOG4SHELL,
    reason: 'log4j pinned by the vendor, SEC-1',
    repositories: ['acme/webshop'],
    source: at(4),
  },
  opsNodeFetch: {
    id: NODE_FETCH,
    reason: 'ops-console only, SEC-2',
    repositories: ['acme/ops-console'],
    source: at(7),
  },
  opsSysteminformation: { id: SYSTEMINFORMATION, repositories: ['acme/ops-console'], source: at(11) },
};
const POLICY = `version: 1
fail-on-severity: high
allow-alerts:
  - id: ${LOG4SHELL}
    reason: log4j pinned by the vendor, SEC-1
    repositories: [acme/webshop]
  - id: ${NODE_FETCH}
    reason: ops-console only, SEC-2
    repositories:
      - acme/ops-console
  - id: ${SYSTEMINFORMATION}
    repositories: [acme/ops-console]
`;

describe('an allow-alerts entry of a central policy file that names its repositories', () => {
  test('in acme/webshop only its own entry allows; the entries for acme/ops-console neither allow nor are unused', async () => {
    const run = await judge(POLICY, WEBSHOP);
    // At high, log4shell (critical) and node-fetch (high) both gate in acme/webshop; only log4shell is allowed.
    const without = expected(webshopAlerts(h.sim), 'high');
    const withEntry = expected(webshopAlerts(h.sim), 'high', { allowed: [LOG4SHELL] });
    expect(without.gating.some((a) => a.metadata.id === NODE_FETCH)).toBe(true);
    expect(run.outputs).toMatchObject({
      result: 'fail',
      'gating-count': String(withEntry.gating.length),
      'allowed-count': String(without.gating.length - withEntry.gating.length),
    });
    expect(statusesOf(run, LOG4SHELL)).toEqual(['allowed']);
    expect(statusesOf(run, NODE_FETCH)).toEqual(['gating']);
    expect(unusedWarnings(run)).toEqual([]);
    expect(run.stdout).not.toContain(SYSTEMINFORMATION);
    // The JSON report keeps the central list whole: what applies here, and what was left for other repositories.
    const { options } = reportOf(run);
    expect(options.allowAlerts).toEqual([ENTRIES.webshop]);
    expect(options.allowAlertsElsewhere).toEqual([ENTRIES.opsNodeFetch, ENTRIES.opsSysteminformation]);
    expect(reportOf(run).alerts.find((a) => a.advisory === LOG4SHELL)?.allowedBy).toEqual(ENTRIES.webshop);
  });

  test('in acme/ops-console its two entries allow and the one for acme/webshop is not reported unused', async () => {
    const run = await judge(POLICY, OPS_CONSOLE);
    const without = expected(opsAlerts(), 'high');
    expect(without.gating.map((a) => a.metadata.id).sort()).toEqual([NODE_FETCH, SYSTEMINFORMATION].sort());
    expect(run.exitCode).toBe(0);
    expect(run.outputs).toMatchObject({
      result: 'pass',
      'gating-count': '0',
      'allowed-count': String(without.gating.length),
    });
    expect(statusesOf(run, NODE_FETCH)).toEqual(['allowed']);
    expect(statusesOf(run, SYSTEMINFORMATION)).toEqual(['allowed']);
    expect(unusedWarnings(run)).toEqual([]);
    expect(reportOf(run).options.allowAlertsElsewhere).toEqual([ENTRIES.webshop]);
  });

  test.each([
    ['acme/*', 'acme/webshop', 'allowed', WEBSHOP],
    ['acme/*', 'acme/ops-console', 'allowed', OPS_CONSOLE],
    ['ACME/WebShop', 'acme/webshop', 'allowed', WEBSHOP],
    ['acme/web*', 'acme/webshop', 'allowed', WEBSHOP],
    ['acme/web*', 'acme/ops-console', 'gating', OPS_CONSOLE],
  ])('repositories [%s] in %s: node-fetch is %s', async (pattern, _repository, status, where) => {
    const text = `fail-on-severity: high\nallow-alerts:\n  - id: ${NODE_FETCH}\n    repositories: ['${pattern}']\n`;
    const run = await judge(text, where);
    expect(statusesOf(run, NODE_FETCH)).toEqual([status]);
    // Not used here is not unused.
    expect(unusedWarnings(run)).toEqual([]);
  });

  test('a malformed repositories is an input error at its line and column, each at once, and nothing is sent', async () => {
    const text = [
      'version: 1',
      'allow-alerts:',
      `  - id: ${LOG4SHELL}`,
      '    repositories: acme/webshop',
      `  - id: ${NODE_FETCH}`,
      "    repositories: [acme/*/x, '*/webshop', acme, acme/web*shop, 42]",
      `  - id: ${SYSTEMINFORMATION}`,
      '    repositories: []',
      '',
    ].join('\n');
    const run = await judge(text, WEBSHOP);
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('error');
    const message = errorText(run);
    const at = (place: string, words: string) => `${CENTRAL}:${place}: allow-alerts: repositories: ${words}`;
    for (const line of [
      at(
        '4:19',
        'expected a list of repositories (owner/name, a trailing * allowed), e.g. [acme/webshop, acme/web-*].',
      ),
      at('6:20', '"acme/*/x" is not owner/name (a * only at the end, as in acme/web-*).'),
      at('6:30', '"*/webshop" is not owner/name (a * only at the end, as in acme/web-*).'),
      at('6:43', '"acme" is not owner/name (a * only at the end, as in acme/web-*).'),
      at('6:49', '"acme/web*shop" is not owner/name (a * only at the end, as in acme/web-*).'),
      at('6:64', '"42" is not owner/name (a * only at the end, as in acme/web-*).'),
      at('8:19', 'lists no repository; name one (owner/name), or leave repositories out to allow in every repository.'),
    ])
      expect(message).toContain(line);
    expect(h.sim.requests).toEqual([]);
  });
});

describe('an input that replaces a list the policy file set says so', () => {
  const FILE = `version: 1
allow-alerts:
  - ${LOG4SHELL}
  - id: ${NODE_FETCH}
    repositories: [acme/ops-console]
  - 'GHSA-35jh-r3h4-6jhm until 2099-12-31 # lodash, SEC-3'
license-exceptions: [pkg:npm/left-pad, pkg:npm/is-odd@1.0.0]
set-cwe-whitelist: [CWE-79]
`;

  test("allow-alerts: 2 entries from the input replace the policy file's 3, in the log and on the policy line", async () => {
    const run = await judge(FILE, WEBSHOP, {
      'allow-alerts': 'GHSA-29mw-wpgm-hmr9, GHSA-rv95-896h-c2vc',
      'license-exceptions': 'left-pad',
      'dry-run': 'true',
    });
    const sentences = [
      "allow-alerts: 2 entries from the input replace the policy file's 3",
      "license-exceptions: 1 entry from the input replaces the policy file's 2",
    ];
    const logLine = run.stdout.split('\n').find((line) => line.startsWith(`Policy file ${CENTRAL}:`)) ?? '';
    const policyLine =
      plain(run.summary)
        .split('\n')
        .find((line) => line.startsWith('Policy file:')) ?? '';
    for (const sentence of sentences) {
      expect(logLine).toContain(sentence);
      expect(policyLine).toContain(sentence);
    }
    // A list the file sets and no input replaces is not named.
    expect(`${logLine}\n${policyLine}`).not.toMatch(/set-cwe-whitelist: \d+ entr/);
    expect(reportOf(run).options.replacedLists).toEqual([
      { input: 'allow-alerts', entries: 2, fileEntries: 3 },
      { input: 'license-exceptions', entries: 1, fileEntries: 2 },
    ]);
  });

  test('an input list the file does not set replaces nothing, and says nothing', async () => {
    const run = await judge('fail-on-severity: high\n', WEBSHOP, { 'allow-alerts': LOG4SHELL });
    expect(run.stdout).not.toMatch(/from the input replace/);
    expect(plain(run.summary)).not.toMatch(/from the input replace/);
    expect(reportOf(run).options.replacedLists).toEqual([]);
  });
});
