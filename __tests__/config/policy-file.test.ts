// The policy file, from YAML fixtures: what it sets, how it yields to inputs, and every error with
// the file, the key, the line and the column, all at once.
import { describe, expect, test } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectInputs, parseInputs, type PolicyFile } from '../../src/config/inputs.js';
import { loadPolicyFile, parsePolicyFile, remoteFormHint } from '../../src/config/policy-file.js';
import { INPUT_SINCE, LATER_INPUTS, THIS_RELEASE, type KnownInputs } from '../../src/config/versions.js';
import { VERSION } from '../../src/version.js';
import { licenseIdProblem } from '../../src/policy/license-ids.js';

const fixture = (name: string) => readFileSync(new URL(`../fixtures/policy/${name}`, import.meta.url), 'utf8');
const context = { eventName: 'pull_request', actor: null, isForkPullRequest: false };
const TOKENS: Record<string, string> = {
  'api-url': 'https://security.example.com',
  'api-token-id': 'tid',
  'api-token-secret': 'tsecret',
  'app-id': '1',
};

function file(name: string): PolicyFile {
  const parsed = parsePolicyFile(fixture(name), `.github/${name}`);
  if (!parsed.ok) throw new Error(parsed.error.join('\n'));
  return parsed.value;
}

function parse(name: string, inputs: Record<string, string> = {}) {
  const collected = collectInputs((input) => inputs[input] ?? TOKENS[input] ?? '', file(name));
  return parseInputs(collected, context, { licenseIdProblem });
}

describe('a policy file sets inputs', () => {
  test('every kind of value: scalars, booleans, numbers, lists, allow-alerts mappings', () => {
    const parsed = parse('full.yml');
    if (!parsed.ok) throw new Error(parsed.error.join('\n'));
    const config = parsed.value;
    expect(config).toMatchObject({
      apiUrl: 'https://security.example.com',
      organizationId: 'org_123',
      failOnSeverity: 'high',
      ignoreUnreachable: true,
      postureDays: 14,
      allowAlerts: [
        { id: 'GHSA-7rjr-3q55-vv33', until: '2026-12-31', reason: 'vendor fix pending, SEC-123' },
        { id: 'CVE-2022-42889', until: '2027-01-31', reason: 'pinned by the vendor' },
      ],
      licenses: {
        allow: null,
        deny: ['GPL-3.0-only', 'AGPL-3.0-only'],
        exceptions: ['pkg:npm/left-pad@1.3.0', 'internal-tool'],
        unknown: 'fail',
      },
      settings: { cweWhitelist: ['CWE-79', 'CWE-89'] },
    });
    expect(config.sources).toMatchObject({
      'fail-on-severity': 'file',
      'api-token-id': 'input',
      'max-retries': 'default',
      'deny-licenses': 'file',
    });
  });

  test('an input given in the workflow wins over the file; the file over the default', () => {
    const parsed = parse('full.yml', { 'fail-on-severity': 'critical', 'posture-days': '' });
    if (!parsed.ok) throw new Error(parsed.error.join('\n'));
    expect(parsed.value.failOnSeverity).toBe('critical');
    expect(parsed.value.sources['fail-on-severity']).toBe('input');
    expect(parsed.value.postureDays).toBe(14); // an empty input is no input
    expect(parsed.value.maxRetries).toBe(3);
  });

  test('an empty file sets nothing', () => {
    expect(parsePolicyFile('# nothing yet\n', 'p.yml')).toEqual({
      ok: true,
      value: { name: 'p.yml', values: {}, positions: {} },
    });
  });
});

describe('an allow-alerts mapping keeps its id, until and reason, whatever the id holds', () => {
  const allowAlerts = (text: string) => {
    const policy = parsePolicyFile(text, 'p.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      context,
    );
    if (!parsed.ok) throw new Error(parsed.error.join('\n'));
    return parsed.value.allowAlerts;
  };

  test.each([
    ['#', 'GHSA-aaaa-bbbb-cccc # not a reason'],
    ['a comma', 'GHSA-aaaa-bbbb-cccc, GHSA-dddd-eeee-ffff'],
    ['the word until', 'GHSA-aaaa-bbbb-cccc until 2099-12-31'],
    ['the word until alone', 'until'],
  ])('an id holding %s stays one entry that expires', (_name, id) => {
    const text = `allow-alerts:\n  - id: ${JSON.stringify(id)}\n    until: 2020-01-31\n    reason: "why # it, until 2099-12-31"\n`;
    const source = { kind: 'policy-file', path: 'p.yml', line: 2 };
    expect(allowAlerts(text)).toEqual([{ id, until: '2020-01-31', reason: 'why # it, until 2099-12-31', source }]);
  });

  test('mappings and strings in the input syntax mix in one list, in order, each at its line', () => {
    const text = "allow-alerts:\n  - 'GHSA-1, GHSA-2 until 2030-01-01 # both'\n  - id: GHSA-3\n  - GHSA-4\n";
    const at = (line: number) => ({ kind: 'policy-file', path: 'p.yml', line });
    expect(allowAlerts(text)).toEqual([
      { id: 'GHSA-1', reason: 'both', source: at(2) },
      { id: 'GHSA-2', until: '2030-01-01', reason: 'both', source: at(2) },
      { id: 'GHSA-3', source: at(3) },
      { id: 'GHSA-4', source: at(4) },
    ]);
  });

  test("a literal block's entries are at their own lines; a folded or plain value's at its first", () => {
    const literal = 'version: 1\nallow-alerts: |\n  GHSA-1 by @acme/security\n\n  GHSA-2 for lodash # why\n';
    expect(allowAlerts(literal).map((e) => [e.id, e.source])).toEqual([
      ['GHSA-1', { kind: 'policy-file', path: 'p.yml', line: 3 }],
      ['GHSA-2', { kind: 'policy-file', path: 'p.yml', line: 5 }],
    ]);
    const plain = 'allow-alerts: GHSA-1, GHSA-2\n';
    expect(allowAlerts(plain).map((e) => e.source?.kind === 'policy-file' && e.source.line)).toEqual([1, 1]);
    const folded = 'allow-alerts: >\n  GHSA-1,\n  GHSA-2\n';
    expect(allowAlerts(folded).map((e) => e.source?.kind === 'policy-file' && e.source.line)).toEqual([2, 2]);
  });

  test('for and by are fields of a mapping, kept as written', () => {
    const text = "allow-alerts:\n  - id: GHSA-1\n    for: pkg:npm/lodash@4.17.20\n    by: '@acme/security'\n";
    expect(allowAlerts(text)).toEqual([
      {
        id: 'GHSA-1',
        for: 'pkg:npm/lodash@4.17.20',
        by: '@acme/security',
        source: { kind: 'policy-file', path: 'p.yml', line: 2 },
      },
    ]);
  });
});

describe('errors name the file, the key, the line and the column, all at once', () => {
  test('an owner left unquoted: YAML starts no plain value with @, and the error says to quote it', () => {
    const parsed = parsePolicyFile('allow-alerts:\n  - id: GHSA-1\n    by: @acme/security\n', 'p.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      expect.stringMatching(
        /^p\.yml:3:9: not valid YAML: .*reserved character @.*\(a value that starts with @, such as an owner, is quoted: by: "@acme\/security"\)$/,
      ),
    ]);
  });

  test('max-allow-days: each entry that breaks it is reported at its own line and column', () => {
    const text = [
      'max-allow-days: 30',
      'allow-alerts:',
      '  - id: GHSA-1',
      '    until: 2026-12-28',
      '  - id: GHSA-2',
      "  - 'GHSA-3 until 2027-06-01'",
      '',
    ].join('\n');
    const policy = parsePolicyFile(text, 'policy.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      {
        ...context,
        now: new Date('2026-11-28T00:00:00Z'),
      },
    );
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'policy.yml:5:5: allow-alerts: entry GHSA-2 has no until date, and max-allow-days is 30: every entry must end, on 2026-12-28 (UTC) at the latest.',
      'policy.yml:6:5: allow-alerts: entry GHSA-3 ends on 2027-06-01, more than max-allow-days (30) after today (2026-11-28, UTC): its until can be 2026-12-28 at the latest.',
    ]);
  });

  test("a bad owner or package of a mapping is reported at the entry's line", () => {
    const text = "allow-alerts:\n  - GHSA-0\n  - id: GHSA-1\n    for: 'lodash@*'\n    by: acme\n";
    const policy = parsePolicyFile(text, 'policy.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      context,
    );
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'policy.yml:3:5: allow-alerts item 2: entry GHSA-1: for: "lodash@*" is not a package; expected a package URL or a name, version optional (pkg:npm/lodash, lodash@4.17.20, pkg:maven/org.apache.commons/commons-text)',
    ]);
  });

  test('unknown keys (with a suggestion), tokens, non-scalars and bad allow-alerts entries, from the file alone', () => {
    const parsed = parsePolicyFile(fixture('mistakes.yml'), '.github/security-gate.yml');
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? [] : parsed.error).toEqual([
      '.github/security-gate.yml:2:1: fail-on-severty: is not an input of security-gate. Did you mean fail-on-severity?',
      '.github/security-gate.yml:3:1: api-token-secret: a policy file may not set a token; pass it as an input from a secret.',
      '.github/security-gate.yml:6:21: ignore-unreachable: expected a single value (a string, number or true/false).',
      '.github/security-gate.yml:10:5: allow-alerts: an entry needs an id (the advisory id).',
    ]);
  });

  test("values the schema refuses are reported at their key in the file (an allow-alerts entry's at its own line)", () => {
    const text =
      'fail-on-severity: severe\nposture-days: 400\nallow-alerts:\n  - id: GHSA-aaaa-bbbb-cccc\n    until: 2026-02-30\n';
    const policy = parsePolicyFile(text, 'policy.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      context,
    );
    const errors = parsed.ok ? [] : parsed.error;
    expect(errors).toHaveLength(3);
    expect(errors).toEqual(
      expect.arrayContaining([
        'policy.yml:1:1: fail-on-severity: "severe" is not one of critical, high, medium, low, none (case-insensitive).',
        'policy.yml:2:1: posture-days: "400" is not accepted; expected a whole number from 1 to 366.',
        'policy.yml:4:5: allow-alerts item 1: until: "2026-02-30" is not a real date',
      ]),
    );
  });

  test.each([
    ['broken.yml', /^\.github\/broken\.yml:\d+:\d+: not valid YAML: /],
    ['duplicate.yml', /^\.github\/duplicate\.yml:\d+:\d+: not valid YAML: Map keys must be unique/],
    ['not-a-mapping.yml', /^\.github\/not-a-mapping\.yml:1:1: a policy file is a mapping of input names to values/],
  ])('%s', (name, message) => {
    const parsed = parsePolicyFile(fixture(name), `.github/${name}`);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error[0]).toMatch(message);
  });

  test.each([
    ['an unclosed quote', 'version: 1\nfail-on-severity: "high\n', '2:24', 'Missing closing "quote'],
    ['an unclosed bracket', 'version: 1\nallow-licenses: [MIT\n', '2:21', 'Flow sequence in block collection'],
    ['a tab as indentation', 'version: 1\n\tfail-on-severity: high\n', '2:1', 'Tabs are not allowed as indentation'],
    ['a key twice', 'version: 1\nsummary: true\nsummary: false\n', '3:1', 'Map keys must be unique'],
  ])('a YAML syntax error (%s) is at its own line, not at the top of the file', (_name, text, place, message) => {
    const parsed = parsePolicyFile(text, 'policy.yml');
    expect(parsed.ok ? '' : parsed.error[0]).toContain(`policy.yml:${place}: not valid YAML: ${message}`);
  });

  test('a near miss of a value, as of a key, comes with a suggestion, at its line', () => {
    const policy = parsePolicyFile('version: 1\nfail-on-severity: hihg\nignore-unreachable: ture\n', 'policy.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      context,
    );
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'policy.yml:2:1: fail-on-severity: "hihg" is not one of critical, high, medium, low, none (case-insensitive). Did you mean high?',
      'policy.yml:3:1: ignore-unreachable: "ture" is not a boolean; use true or false (also accepted: True, TRUE, False, FALSE). Did you mean true?',
    ]);
  });

  test('license lists: ids of the current SPDX list only, and not both', () => {
    const parsed = parse('both-license-lists.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      '.github/both-license-lists.yml:2:1: deny-licenses: "Apache 2" is not an id of the current SPDX license list (https://spdx.org/licenses/) nor a LicenseRef-…',
      '.github/both-license-lists.yml:2:1: deny-licenses: is set together with allow-licenses; a license policy is one or the other: allow what may be used, or deny what may not.',
    ]);
  });

  test('a list item that holds several values', () => {
    const parsed = parsePolicyFile('deny-licenses:\n  - GPL-3.0-only, MIT\n', 'p.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'p.yml:2:5: deny-licenses: "GPL-3.0-only, MIT" holds several values; give one per list item.',
    ]);
  });

  test.each([
    ['/etc/passwd', 'is not a relative path'],
    ['C:\\Windows\\report.json', 'is not a relative path'],
    ['C:report.json', 'is not a relative path'],
    ['\\\\server\\share\\r.json', 'is not a relative path'],
    ['../r.json', 'leads out of the workspace'],
    ['reports/../../r.json', 'leads out of the workspace'],
    ['reports\\..\\..\\r.json', 'leads out of the workspace'],
    ['./..', 'leads out of the workspace'],
  ])('report-file and sarif-file: %s %s', (path, problem) => {
    for (const key of ['report-file', 'sarif-file']) {
      const parsed = parsePolicyFile(`version: 1\n${key}: ${JSON.stringify(path)}\n`, 'p.yml');
      const column = key.length + 3;
      expect(parsed.ok ? [] : parsed.error).toEqual([
        expect.stringMatching(new RegExp(`^p\\.yml:2:${column}: ${key}: ".*" ${problem}`)),
      ]);
    }
  });

  test.each(['r.json', 'out/r.sarif', './out/../r.json', 'a/b/../../r.json', '..r.json'])(
    'report-file and sarif-file: %s stays in the workspace',
    (path) => {
      const parsed = parsePolicyFile(`report-file: ${path}\nsarif-file: ${path}\n`, 'p.yml');
      expect(parsed.ok && parsed.value.values).toEqual({ 'report-file': path, 'sarif-file': path });
    },
  );

  test('version must be 1', () => {
    expect(parsePolicyFile('version: 2\n', 'p.yml')).toEqual({
      ok: false,
      error: ['p.yml:1:10: version: the only version is 1.'],
    });
  });
});

describe('a key of a later release: a central policy read by a repository pinned to an earlier one', () => {
  const errorsOf = (text: string, known?: KnownInputs) => {
    const parsed = parsePolicyFile(text, 'policy.yml', known);
    return parsed.ok ? [] : parsed.error;
  };
  // 1.0.0 as it reads a file: its own inputs (every one INPUT_SINCE dates 1.0.0), no later ones.
  const ONE_ZERO: KnownInputs = {
    version: '1.0.0',
    inputs: Object.keys(INPUT_SINCE).filter((name) => INPUT_SINCE[name] === '1.0.0'),
    later: {},
  };

  // The contract promises none this build does not read (epss and epss-url landed in 1.1.0); one
  // that it did would be named so, as this made-up key is.
  const promised = Object.keys(LATER_INPUTS).length > 0 ? Object.keys(LATER_INPUTS) : ['risk-budget'];
  test.each(promised)(
    '%s, an input of the contract this release does not read yet: a key of a later release',
    (key) => {
      const known = { ...THIS_RELEASE, later: { ...LATER_INPUTS, [key]: null } };
      expect(errorsOf(`${key}: x\n`, known)).toEqual([
        `policy.yml:1:1: ${key}: is a key of a release of security-gate after ${VERSION}; this is ${VERSION}. ` +
          `To go on, upgrade the action to use it, or point config-file at a policy file written for ${VERSION} ` +
          "(OWNER/REPO/PATH@REF). security-gate's docs/versions.md lists the release of each input.",
      ]);
    },
  );

  test('a later key whose release is known is named with that release', () => {
    const known = { ...ONE_ZERO, later: { 'known-exploited': '1.1.0' as const } };
    expect(errorsOf('known-exploited: warn\n', known)).toEqual([
      expect.stringMatching(
        /^policy\.yml:1:1: known-exploited: is a key of security-gate 1\.1\.0 and later; this is 1\.0\.0\. /,
      ),
    ]);
  });

  test('a key this release cannot place, and no typo: it may be of a later release, upgrade or pin the policy', () => {
    expect(errorsOf('known-exploited: warn\nkev-url: kev.json\n', ONE_ZERO)).toEqual(
      ['1:1: known-exploited', '2:1: kev-url'].map(
        (at) =>
          `policy.yml:${at}: is not an input of security-gate 1.0.0. If it is a key of a later release, upgrade the ` +
          'action to use it, or point config-file at a policy file written for 1.0.0 (OWNER/REPO/PATH@REF); if not, ' +
          "remove it. security-gate's docs/versions.md lists the release of each input.",
      ),
    );
  });

  test('a typo of an input is still called one, whatever release reads it', () => {
    expect(errorsOf('pr-changez: auto\n', ONE_ZERO)).toEqual([
      'policy.yml:1:1: pr-changez: is not an input of security-gate. Did you mean pr-changes?',
    ]);
  });

  test('this release reads every key of its own inputs, those of later than 1.0.0 included', () => {
    expect(THIS_RELEASE.version).toBe(VERSION);
    expect(errorsOf('known-exploited: warn\npr-introduced: warn\nkev-url: kev.json\n')).toEqual([]);
  });
});

describe('grace-days as a mapping: the value the pairs give', () => {
  const graceDays = (text: string) => {
    const policy = parsePolicyFile(text, 'p.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      context,
    );
    if (!parsed.ok) throw new Error(parsed.error.join('\n'));
    return parsed.value.graceDays;
  };

  test.each([
    ['block', 'grace-days:\n  critical: 0\n  High: 30\n  medium: 090\n'],
    ['flow', 'grace-days: {critical: 0, High: 30, medium: "90"}\n'],
    ['pairs, as the input', 'grace-days: critical=0, high=30, medium=90\n'],
  ])('%s', (_name, text) => {
    expect(graceDays(text)).toEqual({ critical: 0, high: 30, medium: 90 });
  });

  test('each mistake at its entry: not a severity, days out of range or not whole, a severity twice, no value', () => {
    const text =
      'version: 1\ngrace-days:\n  severe: 3\n  high: 3651\n  low: 1.5\n  HIGH: 2\n  medium:\n  critical: [1]\n';
    const parsed = parsePolicyFile(text, 'p.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'p.yml:3:3: grace-days: "severe" is not a severity; use critical, high, medium, low, unknown.',
      'p.yml:4:3: grace-days: high: days must be a whole number from 0 to 3650.',
      'p.yml:5:3: grace-days: low: days must be a whole number from 0 to 3650.',
      'p.yml:7:3: grace-days: medium needs a number of days.',
      'p.yml:8:3: grace-days: critical needs a number of days.',
    ]);
  });

  test('a severity given twice (in another case) is an error at its entry', () => {
    const parsed = parsePolicyFile('grace-days:\n  high: 30\n  HIGH: 2\n', 'p.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'p.yml:3:3: grace-days: high is given twice; give each severity once.',
    ]);
  });

  test('an empty mapping lists no severity; a list is not a mapping', () => {
    expect(parsePolicyFile('grace-days: {}\n', 'p.yml')).toMatchObject({
      ok: false,
      error: ['p.yml:1:13: grace-days: lists no severity; write e.g. critical: 0, high: 30, medium: 90.'],
    });
    expect(parsePolicyFile('grace-days: [high=3]\n', 'p.yml')).toMatchObject({
      ok: false,
      error: [expect.stringContaining('p.yml:1:13: grace-days: expected severity=days pairs, or a mapping')],
    });
  });
});

describe('a config-file not in the workspace that reads as OWNER/REPO/PATH: the error suggests the @REF form', () => {
  test('the message names the repository and the form to use', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'policy-file-'));
    try {
      const sources = { workspace, apiUrl: 'https://api.github.invalid', token: null, timeoutMs: 1000, maxRetries: 0 };
      expect(await loadPolicyFile('acme/policies/security.yml', sources)).toEqual({
        ok: false,
        error: [
          'config-file acme/policies/security.yml: no such file in the workspace. Check the path (relative to the repository root), and that the job checks the repository out (actions/checkout) before this step. If it is a file in the repository acme/policies, name it with a ref (OWNER/REPO/PATH@REF, a branch, tag or commit): acme/policies/security.yml@main, for instance.',
        ],
      });
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  test.each([
    ['acme/policies/security.yml', 'acme/policies'],
    ['acme/policies/gates/security-gate.yaml', 'acme/policies'],
    ['my-org/.github/policy.yml', 'my-org/.github'],
  ])('%s reads as a file of %s', (path, repository) => {
    expect(remoteFormHint(path)).toContain(`in the repository ${repository}, name it with a ref`);
    expect(remoteFormHint(path)).toContain(`${path}@main`);
  });

  test.each([
    '.github/security-gate.yml', // a workspace path: no owner starts with a dot
    'security-gate.yml',
    'policies/security.yml', // no repository part
    'acme/policies/security', // no file name
    'acme/policies/security.yml@main', // has its ref
    './acme/policies/security.yml',
  ])('%s: no suggestion', (path) => {
    expect(remoteFormHint(path)).toBe('');
  });
});

describe('an allow-alerts mapping that names its repositories (a central policy file)', () => {
  const TEXT = [
    'allow-alerts:',
    '  - id: GHSA-1',
    '    repositories: [acme/webshop]',
    '  - id: GHSA-2',
    '    repositories:',
    '      - acme/other',
    '      - beta/*',
    '  - GHSA-3',
    '',
  ].join('\n');
  const configIn = (repository: string | null) => {
    const policy = parsePolicyFile(TEXT, 'p.yml');
    if (!policy.ok) throw new Error(policy.error.join('\n'));
    const parsed = parseInputs(
      collectInputs((input) => TOKENS[input] ?? '', policy.value),
      {
        ...context,
        repository,
      },
    );
    if (!parsed.ok) throw new Error(parsed.error.join('\n'));
    return parsed.value;
  };

  test('the entries for this repository are used; the others are kept apart, for the record', () => {
    expect(configIn('acme/webshop')).toMatchObject({
      allowAlerts: [{ id: 'GHSA-1', repositories: ['acme/webshop'] }, { id: 'GHSA-3' }],
      allowAlertsElsewhere: [{ id: 'GHSA-2', repositories: ['acme/other', 'beta/*'] }],
    });
    expect(configIn('Beta/Tool').allowAlerts).toMatchObject([
      { id: 'GHSA-2', repositories: ['acme/other', 'beta/*'] },
      { id: 'GHSA-3' },
    ]);
  });

  test('a repository unknown to the run: only the entries without repositories apply', () => {
    expect(configIn(null).allowAlerts).toEqual([
      { id: 'GHSA-3', source: { kind: 'policy-file', path: 'p.yml', line: 8 } },
    ]);
  });

  test.each([
    ['a string', '    repositories: acme/webshop', '3:19', 'expected a list of repositories'],
    ['no value (where it would stand)', '    repositories:', '3:18', 'expected a list of repositories'],
    ['a mapping', '    repositories: {acme: webshop}', '3:19', 'expected a list of repositories'],
    ['an empty list', '    repositories: []', '3:19', 'lists no repository'],
    ['a * not at the end', "    repositories: ['*/webshop']", '3:20', '"*/webshop" is not owner/name'],
    ['a list in the list', '    repositories: [[acme/webshop]]', '3:20', 'expected owner/name'],
    ['a null item', '    repositories: [acme/webshop, null]', '3:34', 'expected owner/name'],
  ])('%s is an input error at its line and column', (_name, line, place, words) => {
    const parsed = parsePolicyFile(`allow-alerts:\n  - id: GHSA-1\n${line}\n`, 'p.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      expect.stringContaining(`p.yml:${place}: allow-alerts: repositories: ${words}`),
    ]);
  });

  test('an unknown field of an entry names the fields there are', () => {
    const parsed = parsePolicyFile('allow-alerts:\n  - id: GHSA-1\n    repos: [acme/webshop]\n', 'p.yml');
    expect(parsed.ok ? [] : parsed.error).toEqual([
      'p.yml:3:5: allow-alerts: an entry takes id, for, until, by, reason and repositories; "repos" is not one of them.',
    ]);
  });
});
