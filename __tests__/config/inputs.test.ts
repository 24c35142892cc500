import { formatInputErrors, INPUT_NAMES, collectInputs, parseInputs, runOptions } from '../../src/config/inputs.js';
import type { Config, RunContext } from '../../src/config/inputs.js';
import { KEV_FEED_URL, type Outcome } from '../../src/model.js';

/** The inputs `read` gives, with no policy file, parsed. */
const parseFrom = (read: (name: string) => string, context: Parameters<typeof parseInputs>[1]) =>
  parseInputs(collectInputs(read), context);

const PUSH: RunContext = { eventName: 'push', actor: 'octocat', isForkPullRequest: false };
const REQUIRED = {
  'api-url': 'https://security.example.com',
  'api-token-id': 'tid',
  'api-token-secret': 'tsecret',
  'app-id': '4242',
};

/** Parses with the required inputs given, `overrides` on top; every other input is empty. */
function parse(overrides: Record<string, string> = {}, context: RunContext = PUSH): Outcome<Config, string[]> {
  const values: Record<string, string> = { ...REQUIRED, ...overrides };
  return parseFrom((name) => values[name] ?? '', context);
}

function config(overrides: Record<string, string> = {}): Config {
  const parsed = parse(overrides);
  if (!parsed.ok) throw new Error(`expected valid inputs, got:\n${parsed.error.join('\n')}`);
  return parsed.value;
}

function errors(overrides: Record<string, string>, context: RunContext = PUSH): string[] {
  const parsed = parse(overrides, context);
  if (parsed.ok) throw new Error(`expected invalid inputs for ${JSON.stringify(overrides)}`);
  return parsed.error;
}

describe('parseInputs defaults', () => {
  it('applies the contract defaults when only the required inputs are given', () => {
    expect(config()).toEqual<Config>({
      apiUrl: 'https://security.example.com',
      tokenId: 'tid',
      tokenSecret: 'tsecret',
      organizationId: null,
      projectId: null,
      repositoryId: null,
      appId: '4242',
      failOnSeverity: 'critical',
      ignoreUnreachable: false,
      allowAlerts: [],
      allowAlertsElsewhere: [],
      maxAllowDays: null,
      replacedLists: [],
      failOnCriticalIssues: false,
      postureDays: 30,
      onApiError: 'fail',
      requestTimeoutMs: 30_000,
      maxRetries: 3,
      settings: { prScanning: null, maxPrTimeoutMinutes: null, cweWhitelist: null },
      dryRun: false,
      summary: true,
      commentOnPr: 'never',
      githubToken: null,
      reportFile: null,
      sarifFile: null,
      annotations: true,
      configFile: null,
      configToken: null,
      licenses: { allow: null, deny: null, exceptions: [], unknown: 'warn' },
      graceDays: {},
      knownExploited: 'off',
      kevSource: { kind: 'url', url: KEV_FEED_URL },
      epss: 'off',
      epssSource: { kind: 'url', url: 'https://api.first.org/data/v1/epss' },
      prChanges: 'auto',
      prIntroduced: 'fail',
      vexFiles: [],
      vexOutput: null,
      withheldSecrets: null,
      minReleaseAgeMs: null,
      releaseAgeUrl: 'https://api.deps.dev',
      malicious: 'off',
      osvUrl: 'https://api.osv.dev',
      denyPackages: [],
      privatePackages: [],
      existingAlerts: 'fail',
      failOnScopes: ['runtime', 'development', 'unknown'],
      sources: expect.any(Object) as Config['sources'],
      basePolicy: null,
    });
  });

  it('reads every input it knows by name, each once', () => {
    const asked: string[] = [];
    parseFrom((name) => (asked.push(name), ''), PUSH);
    expect(asked).toEqual([...INPUT_NAMES]);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('trims values and keeps ids as strings', () => {
    expect(
      config({
        'organization-id': '  org_1 ',
        'project-id': 'p1',
        'repository-id': '007',
        'github-token': ' ghs_x ',
        'report-file': 'out/r.json',
        'sarif-file': 's.sarif',
      }),
    ).toMatchObject({
      organizationId: 'org_1',
      projectId: 'p1',
      repositoryId: '007',
      githubToken: 'ghs_x',
      reportFile: 'out/r.json',
      sarifFile: 's.sarif',
    });
  });
});

describe('api-url', () => {
  test.each([
    ['https://security.example.com', 'https://security.example.com'],
    ['https://security.example.com/', 'https://security.example.com'],
    ['https://security.example.com/api/v1/', 'https://security.example.com/api/v1'],
    ['https://Security.Example.com:8443/base', 'https://security.example.com:8443/base'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
    ['http://127.12.34.56', 'http://127.12.34.56'],
    ['http://[::1]:9000/svc/', 'http://[::1]:9000/svc'],
  ])('accepts %s as %s', (input, expected) => {
    expect(config({ 'api-url': input }).apiUrl).toBe(expected);
  });

  test.each([
    ['empty', '', 'is required'],
    ['not a URL', 'security.example.com', 'is not an absolute URL'],
    ['http to a remote host', 'http://security.example.com', 'only https:// is accepted'],
    ['http to a private address', 'http://10.0.0.1', 'only https:// is accepted'],
    ['http to a look-alike host', 'http://localhost.evil.com', 'only https:// is accepted'],
    ['http to a host that starts like a loopback address', 'http://127.0.0.1.evil.com', 'only https:// is accepted'],
    ['another scheme', 'ftp://security.example.com', 'only https:// is accepted'],
    ['credentials', 'https://user:pass@security.example.com', 'must not contain credentials'],
    ['a user name alone', 'https://user@security.example.com', 'must not contain credentials'],
    ['a query', 'https://security.example.com/?org=1', 'must not have a query'],
    ['an empty query', 'https://security.example.com/?', 'must not have a query'],
    ['a fragment', 'https://security.example.com/#x', 'must not have a query'],
  ])('rejects %s', (_, input, message) => {
    const found = errors({ 'api-url': input });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^api-url: /);
    expect(found[0]).toContain(message);
  });

  it('never quotes the URL, which may carry credentials', () => {
    expect(errors({ 'api-url': 'https://user:hunter2@security.example.com' }).join('\n')).not.toContain('hunter2');
  });
});

describe('booleans follow the YAML 1.2 core schema', () => {
  const BOOLEANS: Array<[string, (c: Config) => boolean | null]> = [
    ['ignore-unreachable', (c) => c.ignoreUnreachable],
    ['fail-on-critical-issues', (c) => c.failOnCriticalIssues],
    ['dry-run', (c) => c.dryRun],
    ['summary', (c) => c.summary],
    ['annotations', (c) => c.annotations],
    ['set-pr-scanning', (c) => c.settings.prScanning],
  ];
  const ACCEPTED: Array<[string, boolean]> = [
    ['true', true],
    ['True', true],
    ['TRUE', true],
    ['false', false],
    ['False', false],
    ['FALSE', false],
  ];

  describe.each(BOOLEANS)('%s', (name, pick) => {
    test.each(ACCEPTED)('reads %s as %s', (value, expected) => {
      expect(pick(config({ [name]: value }))).toBe(expected);
    });

    test.each(['yes', 'no', '1', '0', 'on', 't'])('rejects %s, naming the accepted values', (value) => {
      expect(errors({ [name]: value })).toEqual([
        `${name}: "${value}" is not a boolean; use true or false (also accepted: True, TRUE, False, FALSE).`,
      ]);
    });

    test.each([
      ['tRUE', 'true'],
      ['ture', 'true'],
      ['flase', 'false'],
      ['fasle', 'false'],
      ['FALS', 'false'],
    ])('rejects the near miss %s, suggesting %s', (value, suggested) => {
      expect(errors({ [name]: value })).toEqual([
        `${name}: "${value}" is not a boolean; use true or false (also accepted: True, TRUE, False, FALSE). Did you mean ${suggested}?`,
      ]);
    });
  });
});

describe('enumerations are case-insensitive and never silently defaulted', () => {
  test.each([
    ['fail-on-severity', 'HIGH', { failOnSeverity: 'high' }],
    ['fail-on-severity', 'Medium', { failOnSeverity: 'medium' }],
    ['fail-on-severity', 'low', { failOnSeverity: 'low' }],
    ['fail-on-severity', 'None', { failOnSeverity: 'none' }],
    ['fail-on-severity', 'CRITICAL', { failOnSeverity: 'critical' }],
    ['on-api-error', 'WARN', { onApiError: 'warn' }],
    ['on-api-error', 'Fail', { onApiError: 'fail' }],
    ['comment-on-pr', 'Always', { commentOnPr: 'always' }],
    ['comment-on-pr', 'ON-FAILURE', { commentOnPr: 'on-failure' }],
    ['comment-on-pr', 'never', { commentOnPr: 'never' }],
  ])('%s: %s', (name, value, expected) => {
    expect(config({ [name]: value })).toMatchObject(expected);
  });

  test.each([
    ['fail-on-severity', 'severe', 'critical, high, medium, low, none'],
    ['fail-on-severity', 'moderate', 'critical, high, medium, low, none'],
    ['on-api-error', 'ignore', 'fail, warn'],
  ])('%s rejects %s and lists %s', (name, value, allowed) => {
    expect(errors({ [name]: value })).toEqual([`${name}: "${value}" is not one of ${allowed} (case-insensitive).`]);
  });

  // A near miss of one value (one edit for a word of up to 4 letters, two for a longer one) is named.
  test.each([
    ['fail-on-severity', 'hihg', 'critical, high, medium, low, none', 'high'],
    ['fail-on-severity', 'Hgih', 'critical, high, medium, low, none', 'high'],
    ['fail-on-severity', 'critcal', 'critical, high, medium, low, none', 'critical'],
    ['fail-on-severity', 'meduim', 'critical, high, medium, low, none', 'medium'],
    ['fail-on-severity', 'nnoe', 'critical, high, medium, low, none', 'none'],
    ['on-api-error', 'fial', 'fail, warn', 'fail'],
    ['on-api-error', 'WRAN', 'fail, warn', 'warn'],
    ['comment-on-pr', 'on_failure', 'never, on-failure, always', 'on-failure'],
    ['comment-on-pr', 'allways', 'never, on-failure, always', 'always'],
    ['unknown-licenses', 'ingore', 'warn, fail, ignore', 'ignore'],
    ['known-exploited', 'of', 'off, warn, fail', 'off'],
    ['pr-changes', 'atuo', 'auto, lockfiles, off', 'auto'],
    ['pr-introduced', 'warm', 'fail, warn, off', 'warn'],
  ])('%s: the near miss %s is refused with the values (%s) and a suggestion, %s', (name, value, allowed, suggested) => {
    expect(errors({ [name]: value })).toEqual([
      `${name}: "${value}" is not one of ${allowed} (case-insensitive). Did you mean ${suggested}?`,
    ]);
  });

  // Two edits turn `on` into `off`: a short word gets no suggestion that far off.
  test.each([
    ['pr-changes', 'on'],
    ['known-exploited', 'warning'],
    ['fail-on-severity', 'no'],
  ])('%s: %s is too far from every value for a suggestion', (name, value) => {
    expect(errors({ [name]: value })[0]).not.toContain('Did you mean');
  });
});

describe('before any advisory: min-release-age, release-age-url, malicious, osv-url, deny-packages, private-packages', () => {
  test.each<[Record<string, string>, Partial<Config>]>([
    [{ 'min-release-age': '72h' }, { minReleaseAgeMs: 72 * 3_600_000 }],
    [{ 'min-release-age': '3d' }, { minReleaseAgeMs: 3 * 86_400_000 }],
    [{ 'min-release-age': '3' }, { minReleaseAgeMs: 3 * 86_400_000 }],
    [{ 'min-release-age': '1h' }, { minReleaseAgeMs: 3_600_000 }],
    [{ 'min-release-age': '365D' }, { minReleaseAgeMs: 365 * 86_400_000 }],
    [{ 'min-release-age': '' }, { minReleaseAgeMs: null }],
    [{ 'release-age-url': 'https://deps.mirror.example/api/' }, { releaseAgeUrl: 'https://deps.mirror.example/api' }],
    [{ 'release-age-url': 'http://127.0.0.1:8080' }, { releaseAgeUrl: 'http://127.0.0.1:8080' }],
    [{ malicious: 'FAIL' }, { malicious: 'fail' }],
    [{ 'osv-url': 'https://osv.mirror.example' }, { osvUrl: 'https://osv.mirror.example' }],
    [
      { 'deny-packages': 'pkg:npm/event-stream # 2018, pkg:npm/x\npkg:npm/ua-parser-js@0.7.29' },
      {
        denyPackages: [
          { purl: 'pkg:npm/event-stream', reason: '2018, pkg:npm/x' },
          { purl: 'pkg:npm/ua-parser-js@0.7.29', reason: null },
        ],
      },
    ],
    [
      // As allow-alerts reads a line: a reason for each entry before it.
      { 'deny-packages': 'pkg:npm/a, pkg:npm/b # hijacked' },
      {
        denyPackages: [
          { purl: 'pkg:npm/a', reason: 'hijacked' },
          { purl: 'pkg:npm/b', reason: 'hijacked' },
        ],
      },
    ],
    [
      { 'deny-packages': 'pkg:npm/a, pkg:npm/b' },
      {
        denyPackages: [
          { purl: 'pkg:npm/a', reason: null },
          { purl: 'pkg:npm/b', reason: null },
        ],
      },
    ],
    [{ 'private-packages': '@acme/*, pkg:maven/com.acme/*' }, { privatePackages: ['@acme/*', 'pkg:maven/com.acme/*'] }],
  ])('%j', (inputs, expected) => {
    expect(config(inputs)).toMatchObject(expected);
  });

  test.each([
    [
      'min-release-age',
      '0h',
      /min-release-age: "0h" is not a release age; expected a duration from 1 hour to 365 days: 72h, 3d or 3 \(days\)\./,
    ],
    ['min-release-age', '366d', /min-release-age: "366d" is not a release age/],
    ['min-release-age', '3 weeks', /min-release-age: "3 weeks" is not a release age/],
    ['min-release-age', '-1', /min-release-age: "-1" is not a release age/],
    ['release-age-url', 'http://deps.example.com', /release-age-url: .*https/],
    ['release-age-url', 'deps.dev', /release-age-url: .*not an absolute URL/],
    ['osv-url', 'https://osv.example/?key=1', /osv-url: must not have a query/],
    ['malicious', 'block', /malicious: "block" is not one of off, warn, fail/],
    ['deny-packages', 'event-stream', /deny-packages: "event-stream" is not a package URL/],
    ['deny-packages', 'pkg:npm/a pkg:npm/b # two', /deny-packages: "pkg:npm\/a pkg:npm\/b" is not a package URL/],
    ['private-packages', '@acme/*-x', /private-packages: "@acme\/\*-x" names no package/],
  ])('%s: %s is an input error naming it', (name, value, message) => {
    const found = errors({ [name]: value });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(message);
  });
});

describe('numbers', () => {
  test.each<[string, string, Partial<Config>]>([
    ['posture-days', '1', { postureDays: 1 }],
    ['posture-days', '366', { postureDays: 366 }],
    ['posture-days', '090', { postureDays: 90 }],
    ['max-retries', '0', { maxRetries: 0 }],
    ['max-retries', '10', { maxRetries: 10 }],
    ['request-timeout-seconds', '2.5', { requestTimeoutMs: 2500 }],
    ['request-timeout-seconds', '0.001', { requestTimeoutMs: 1 }],
    ['request-timeout-seconds', '.5', { requestTimeoutMs: 500 }],
    ['request-timeout-seconds', '600', { requestTimeoutMs: 600_000 }],
    ['request-timeout-seconds', '3600', { requestTimeoutMs: 3_600_000 }],
  ])('%s accepts %s', (name, value, expected) => {
    expect(config({ [name]: value })).toMatchObject(expected);
  });

  test.each(['1', '1440', '60'])('set-max-pr-timeout-minutes accepts %s', (value) => {
    expect(config({ 'set-max-pr-timeout-minutes': value }).settings.maxPrTimeoutMinutes).toBe(Number(value));
  });

  test.each([
    ['posture-days', ['0', '367', '-1', '1.5', '30d', 'thirty', '1e2'], 'expected a whole number from 1 to 366.'],
    ['max-retries', ['11', '-1', '2.0', 'three'], 'expected a whole number from 0 to 10.'],
    ['set-max-pr-timeout-minutes', ['0', '1441', '1.5', '-5'], 'expected a whole number from 1 to 1440.'],
    [
      'request-timeout-seconds',
      ['0', '0.0', '-1', '2147484', '1e3', 'Infinity', 'NaN', '30s', '1.2.3'],
      'expected a positive number of seconds, at most 2147483',
    ],
  ])('%s rejects %j', (name, values, message) => {
    for (const value of values) {
      expect(errors({ [name]: value })).toEqual([
        expect.stringContaining(`${name}: "${value}" is not accepted; ${message}`),
      ]);
    }
  });
});

describe('set-cwe-whitelist', () => {
  test.each<[string, string[]]>([
    ['CWE-79', ['CWE-79']],
    ['cwe-79', ['CWE-79']],
    ['79', ['CWE-79']],
    ['CWE-079', ['CWE-79']],
    ['CWE-79, 89 ,cwe-22', ['CWE-79', 'CWE-89', 'CWE-22']],
    ['CWE-79\n89\r\ncwe-22\n', ['CWE-79', 'CWE-89', 'CWE-22']],
    ['89, CWE-79, cwe-89, 79', ['CWE-89', 'CWE-79']],
    ['CWE-79,,89,', ['CWE-79', 'CWE-89']],
    ['none', []],
    ['NONE', []],
    [' None ', []],
  ])('reads %j as %j', (value, expected) => {
    expect(config({ 'set-cwe-whitelist': value }).settings.cweWhitelist).toEqual(expected);
  });

  test.each([
    ['CWE-0', '"CWE-0" is not a CWE id'],
    ['CWE79', '"CWE79" is not a CWE id'],
    ['xCWE-79', '"xCWE-79" is not a CWE id'],
    ['CWE-79a', '"CWE-79a" is not a CWE id'],
    ['-79', '"-79" is not a CWE id'],
    ['CWE-79 CWE-89', '"CWE-79 CWE-89" is not a CWE id'],
    ['79, foo, bar', '"foo", "bar" are not CWE ids'],
    ['none, CWE-79', 'mixes "none" with CWE ids'],
    [',', 'lists no CWE ids'],
  ])('rejects %j', (value, message) => {
    expect(errors({ 'set-cwe-whitelist': value })).toEqual([expect.stringContaining(`set-cwe-whitelist: ${message}`)]);
  });
});

describe('allow-alerts', () => {
  it('parses the entries with the shared allow-list parser', () => {
    expect(
      config({ 'allow-alerts': 'GHSA-aaaa-bbbb-cccc until 2030-01-31 # waiting on upstream\nCVE-2024-1, CVE-2024-2' })
        .allowAlerts,
    ).toEqual([
      { id: 'GHSA-aaaa-bbbb-cccc', until: '2030-01-31', reason: 'waiting on upstream', source: { kind: 'input' } },
      { id: 'CVE-2024-1', source: { kind: 'input' } },
      { id: 'CVE-2024-2', source: { kind: 'input' } },
    ]);
  });

  it('reports every bad line, each naming the input once', () => {
    const found = errors({ 'allow-alerts': 'CVE-1 until 2024-02-30\nCVE-2 until\nCVE-3 later' });
    expect(found).toHaveLength(3);
    for (const error of found) expect(error).toMatch(/^allow-alerts line \d: /);
  });
});

describe('cross-field rules', () => {
  it('needs app-id when repository-id is empty', () => {
    expect(errors({ 'app-id': '' })).toEqual([
      'app-id: is required when repository-id is empty: the action needs app-id to resolve the repository, or give repository-id.',
    ]);
  });

  it('does not need app-id when repository-id is given', () => {
    expect(config({ 'app-id': '', 'repository-id': 'repo_abc' })).toMatchObject({
      appId: null,
      repositoryId: 'repo_abc',
    });
  });
});

describe('tokens', () => {
  test.each(['api-token-id', 'api-token-secret'])('%s is required, to be passed from a secret', (name) => {
    expect(errors({ [name]: '' })).toEqual([
      expect.stringMatching(new RegExp(`^${name}: is required; pass it from a secret, e\\.g\\. .*secrets\\.`)),
    ]);
  });

  const FORK: RunContext = { eventName: 'pull_request', actor: 'someone', isForkPullRequest: true };
  const DEPENDABOT: RunContext = { eventName: 'pull_request', actor: 'dependabot[bot]', isForkPullRequest: false };
  const WITHOUT_SERVICE = {
    'api-token-id': '',
    'api-token-secret': '',
    'api-url': '',
    'organization-id': '',
    'app-id': '',
  };

  // Contract: "Without the service's secrets": both tokens empty where GitHub withholds them is no error.
  test.each([
    ['a fork pull request', FORK, 'fork'],
    ['a fork pull request review', { ...FORK, eventName: 'pull_request_review' }, 'fork'],
    ["Dependabot's pull request (its actor)", DEPENDABOT, 'dependabot'],
    [
      "Dependabot's pull request rerun by a person (its author)",
      { ...DEPENDABOT, actor: 'octocat', pullRequestAuthor: 'dependabot[bot]' },
      'dependabot',
    ],
  ])('on %s, both tokens empty (and api-url, app-id with them) judge without the service', (_, context, why) => {
    const parsed = parse(WITHOUT_SERVICE, context);
    expect(parsed.ok && parsed.value.withheldSecrets).toBe(why);
  });

  test.each([
    ['a fork pull request', FORK],
    ["Dependabot's pull request", DEPENDABOT],
  ])('on %s, one token empty alone is an input error naming it', (_, context) => {
    expect(errors({ 'api-token-secret': '' }, context)).toEqual([
      expect.stringMatching(/^api-token-secret: is required; pass it from a secret/),
    ]);
  });

  it('off a pull request, Dependabot gets the advice on Dependabot secrets, and to skip it alone', () => {
    const found = errors({ 'api-token-secret': '' }, { ...DEPENDABOT, eventName: 'push' });
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^api-token-secret is empty: this run was triggered by Dependabot/);
    expect(found[0]).toContain('as Dependabot secrets');
    expect(found[0]).toContain("`if: github.actor != 'dependabot[bot]'`");
    expect(found[0]).not.toContain('merge_group');
  });

  it('a push with both tokens empty is no fork: both are required', () => {
    expect(errors({ 'api-token-id': '', 'api-token-secret': '' }).map((e) => e.split(':')[0])).toEqual([
      'api-token-id',
      'api-token-secret',
    ]);
  });

  it('gives the plain message on pull_request_target, where forks do get secrets', () => {
    const found = errors({ 'api-token-id': '' }, { ...FORK, eventName: 'pull_request_target' });
    expect(found).toEqual([expect.stringMatching(/^api-token-id: is required/)]);
  });

  it('rejects a value that cannot be sent as a header, without quoting it', () => {
    const found = errors({ 'api-token-secret': 'abc\ndef-s3cret' });
    expect(found).toEqual([expect.stringMatching(/^api-token-secret: contains a line break/)]);
    expect(found[0]).not.toContain('s3cret');
  });

  it('never puts a token value in any error', () => {
    const weird = ['"tok%0A::add-mask::é{{x}}\'', 'S3cr3t\u0007Bell', 'ghp_Ünïcødé✓'];
    for (const value of weird) {
      const parsed = parse({
        'api-token-id': value,
        'api-token-secret': value,
        'api-url': 'ftp://x',
        'fail-on-severity': 'bad',
        'app-id': '',
      });
      expect(parsed.ok).toBe(false);
      const message = parsed.ok ? '' : formatInputErrors(parsed.error);
      expect(message).not.toContain(value);
      for (const piece of value.split(/[\u0000-\u001f]/)) expect(message).not.toContain(piece);
    }
  });

  it('keeps a valid token exactly as given (trimmed)', () => {
    expect(config({ 'api-token-id': '  id-with spaces\tinside ', 'api-token-secret': 'sëcret' })).toMatchObject({
      tokenId: 'id-with spaces\tinside',
      tokenSecret: 'sëcret',
    });
  });
});

describe('every bad input is reported at once', () => {
  it('lists each in one message, in the inputs order', () => {
    const parsed = parseFrom(
      (name) =>
        ({
          'api-url': 'http://security.example.com',
          'fail-on-severity': 'severe',
          'ignore-unreachable': 'yes',
          'posture-days': '0',
          'max-retries': '99',
          'set-cwe-whitelist': 'CWE-x',
          'comment-on-pr': 'sometimes',
        })[name] ?? '',
      PUSH,
    );
    expect(parsed.ok).toBe(false);
    const message = parsed.ok ? '' : formatInputErrors(parsed.error);
    const lines = message.split('\n');
    expect(lines[0]).toBe('Invalid inputs (no request was sent):');
    expect(lines.slice(1).map((line) => /^- ([a-z-]+)/.exec(line)?.[1])).toEqual([
      'api-url',
      'api-token-id',
      'api-token-secret',
      'app-id',
      'fail-on-severity',
      'ignore-unreachable',
      'posture-days',
      'max-retries',
      'set-cwe-whitelist',
      'comment-on-pr',
    ]);
  });
});

describe('runOptions: what the JSON report records', () => {
  it('is the configuration without the tokens', () => {
    const full = config({
      'api-token-id': 'tid-value',
      'api-token-secret': 'tsecret-value',
      'github-token': 'ghp_value',
      'config-token': 'ghp_config',
      'dry-run': 'true',
    });
    const options = runOptions(full);
    const { tokenId: _id, tokenSecret: _secret, githubToken: _github, configToken: _config, ...rest } = full;
    expect(options).toEqual(rest);
    for (const key of ['tokenId', 'tokenSecret', 'githubToken', 'configToken']) expect(options).not.toHaveProperty(key);
    const json = JSON.stringify(options);
    for (const secret of ['tid-value', 'tsecret-value', 'ghp_value', 'ghp_config']) expect(json).not.toContain(secret);
    expect(full.tokenId).toBe('tid-value'); // the config itself is not changed
  });
});

describe('max-allow-days (contract: "No exception forever")', () => {
  const NOW: RunContext = { ...PUSH, now: new Date('2026-11-28T23:59:00Z') };
  const parsed = (overrides: Record<string, string>) => parse(overrides, NOW);

  test('empty: no limit; a number: kept', () => {
    expect(config({ 'allow-alerts': 'GHSA-1' }).maxAllowDays).toBeNull();
    const limited = parsed({ 'max-allow-days': '30', 'allow-alerts': 'GHSA-1 until 2026-12-28' });
    expect(limited.ok && limited.value.maxAllowDays).toBe(30);
  });

  test.each(['0', '3651', '30.5', 'thirty', '-5'])('%j is refused', (value) => {
    expect(errors({ 'max-allow-days': value })).toEqual([
      `max-allow-days: ${JSON.stringify(value)} is not accepted; expected a whole number from 1 to 3650.`,
    ]);
  });

  test("every entry without until, or ending after the run's date plus the days, is an error naming it", () => {
    const found = parsed({
      'max-allow-days': '30',
      'allow-alerts':
        'GHSA-1 until 2026-12-28\nGHSA-2 for lodash by @a\nGHSA-3 until 2026-12-29, GHSA-4 until 2020-01-01',
    });
    expect(found.ok ? [] : found.error).toEqual([
      'allow-alerts: entry GHSA-2 for lodash has no until date, and max-allow-days is 30: every entry must end, on 2026-12-28 (UTC) at the latest.',
      'allow-alerts: entry GHSA-3 ends on 2026-12-29, more than max-allow-days (30) after today (2026-11-28, UTC): its until can be 2026-12-28 at the latest.',
    ]);
  });

  test('not checked against entries that did not parse, nor with a max-allow-days that did not', () => {
    const found = parsed({ 'max-allow-days': '30', 'allow-alerts': 'GHSA-1 until 2026-02-30' });
    expect(found.ok ? [] : found.error).toEqual(['allow-alerts line 1: "2026-02-30" is not a real date']);
    const bad = parsed({ 'max-allow-days': 'x', 'allow-alerts': 'GHSA-1' });
    expect(bad.ok ? [] : bad.error).toHaveLength(1);
  });
});
