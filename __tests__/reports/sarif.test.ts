import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Log, ReportingDescriptor, Result, Run } from 'sarif';
import { FALLBACK_MANIFEST_PATH } from '../../src/packages/locations.js';
import {
  FINGERPRINT_KEY,
  KEV_TAG,
  MAX_GZIP_BYTES,
  MAX_RESULTS,
  renderSarif,
  SARIF_SCHEMA,
  securitySeverity,
} from '../../src/reports/sarif.js';
import type {
  AlertStatus,
  EvaluatedAlert,
  GateResult,
  ManifestLocation,
  Severity,
  Threshold,
} from '../../src/model.js';
import {
  belowReason,
  makeEvaluated,
  makeExampleResult,
  makeKevEntry,
  makeKevView,
  makeLocation,
  makeResult,
  type EvaluatedOverrides,
} from '../fixtures/result.js';
import { safeHref } from '../../src/reports/markdown.js';
import { plainLine } from '../../src/reports/plain.js';
import { HOSTILE } from './hostile.js';
import { githubReferences, normalizeLink, readabilityProblems, render } from './render.js';

const OPTIONS = { toolVersion: '1.2.3', informationUri: 'https://github.com/acme/security-gate' };

function sarif(alerts: EvaluatedAlert[], options = OPTIONS): Log {
  return JSON.parse(renderSarif(makeResult({ alerts }), options)) as Log;
}

/** A result with `alerts` under `fail-on-severity: threshold`. */
/** The alerts judged under `threshold`: those below it say so as the verdict does. */
function withThreshold(alerts: EvaluatedAlert[], threshold: Threshold): GateResult {
  const reason = belowReason(threshold);
  const below = (e: EvaluatedAlert) => e.status === 'below-threshold' && { disposition: { ...e.disposition, reason } };
  const result = makeResult({ alerts: alerts.map((e) => ({ ...e, ...below(e) })) });
  return { ...result, options: { ...result.options, failOnSeverity: threshold } };
}

function runOf(log: Log): Run {
  expect(log.runs).toHaveLength(1);
  return log.runs[0]!;
}

function rulesOf(log: Log): ReportingDescriptor[] {
  return runOf(log).tool.driver.rules ?? [];
}

function resultsOf(log: Log): Result[] {
  return runOf(log).results ?? [];
}

const at = makeLocation;

const LODASH: EvaluatedOverrides = {
  severity: 'critical',
  score: 9.8,
  locations: [at('web/package.json', 12, 'lodash@4.17.20', { endLine: 14, startColumn: 5, endColumn: 30 })],
  advisory: 'GHSA-35jh-r3h4-6jhm',
  package: 'pkg:npm/lodash@4.17.20',
  summary: 'Command injection in lodash',
  description: 'Lodash versions prior to 4.17.21 are vulnerable to Command Injection.',
  references: ['https://github.com/advisories/GHSA-35jh-r3h4-6jhm', 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337'],
};

/**
 * What GitHub code scanning requires of every upload, as a list of problems (plain checks, so a log of
 * 25,000 results is checked quickly, and a failure names each problem).
 */
function codeScanningProblems(log: Log): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok && problems.length < 20) problems.push(problem);
  };
  check(log.version === '2.1.0', `version is ${String(log.version)}, expected 2.1.0`);
  check(log.$schema === SARIF_SCHEMA, `$schema is ${String(log.$schema)}`);
  check(log.runs.length === 1, `${log.runs.length} runs, expected 1`);
  const run = log.runs[0];
  check(run?.tool.driver.name === 'security-gate', 'tool.driver.name is not security-gate');
  check(Array.isArray(run?.tool.driver.rules), 'tool.driver.rules is not an array');
  check(Array.isArray(run?.results), 'results is not an array');
  const rules = run?.tool.driver.rules ?? [];
  check(new Set(rules.map((r) => r.id)).size === rules.length, 'rule ids are not unique');
  const isText = (v: unknown) => typeof v === 'string' && v !== '';
  for (const rule of rules) {
    check(isText(rule.shortDescription?.text), `rule ${rule.id}: no shortDescription.text`);
    check(isText(rule.fullDescription?.text), `rule ${rule.id}: no fullDescription.text`);
    check(isText(rule.help?.text) && isText(rule.help?.markdown), `rule ${rule.id}: no help text and markdown`);
    check((rule.properties?.tags ?? []).includes('security'), `rule ${rule.id}: no security tag`);
    const severity: unknown = rule.properties?.['security-severity'];
    check(
      severity === undefined || (typeof severity === 'string' && /^\d+(\.\d+)?$/.test(severity)),
      `rule ${rule.id}: security-severity ${String(severity)}`,
    );
  }
  for (const [i, result] of (run?.results ?? []).entries()) {
    check(isText(result.ruleId), `result ${i}: no ruleId`);
    check(
      rules[result.ruleIndex ?? -1]?.id === result.ruleId,
      `result ${i}: ruleIndex does not point at rule ${result.ruleId}`,
    );
    check(isText(result.message.text), `result ${i}: no message.text`);
    check(['error', 'warning', 'note'].includes(result.level ?? ''), `result ${i}: level ${String(result.level)}`);
    const physical = result.locations?.[0]?.physicalLocation;
    const uri = physical?.artifactLocation?.uri;
    check(
      isText(uri) && !/^\/|\\/.test(uri ?? ''),
      `result ${i}: uri ${String(uri)} is not relative with forward slashes`,
    );
    check((physical?.region?.startLine ?? 0) >= 1, `result ${i}: no region.startLine`);
    check(
      (physical?.region?.endLine ?? 0) >= (physical?.region?.startLine ?? 1),
      `result ${i}: endLine before startLine`,
    );
    check(
      /^[0-9a-f]{32}$/.test(result.partialFingerprints?.[FINGERPRINT_KEY] ?? ''),
      `result ${i}: no partialFingerprints`,
    );
  }
  return problems;
}

function expectValidForCodeScanning(log: Log): void {
  expect(codeScanningProblems(log)).toEqual([]);
}

describe('renderSarif: the log GitHub code scanning accepts', () => {
  test('one alert: a rule for its advisory and a result at its manifest lines', () => {
    const log = sarif([makeEvaluated(LODASH)]);
    expectValidForCodeScanning(log);
    expect(runOf(log).tool.driver).toMatchObject({
      name: 'security-gate',
      version: '1.2.3',
      informationUri: OPTIONS.informationUri,
    });
    const [rule] = rulesOf(log);
    expect(rule).toEqual({
      id: 'GHSA-35jh-r3h4-6jhm',
      name: 'CommandInjectionInLodash',
      shortDescription: { text: 'Command injection in lodash' },
      fullDescription: { text: 'Lodash versions prior to 4.17.21 are vulnerable to Command Injection.' },
      help: {
        text: [
          'Command injection in lodash',
          '',
          'Lodash versions prior to 4.17.21 are vulnerable to Command Injection.',
          '',
          'References:',
          '- https://github.com/advisories/GHSA-35jh-r3h4-6jhm',
          '- https://nvd.nist.gov/vuln/detail/CVE-2021-23337',
          '',
          'Packages affected:',
          '- lodash@4.17.20 in web/package.json, line 12',
        ].join('\n'),
        markdown: expect.any(String),
      },
      helpUri: 'https://github.com/advisories/GHSA-35jh-r3h4-6jhm',
      defaultConfiguration: { level: 'error' },
      properties: { tags: ['security', 'dependency', 'critical'], 'security-severity': '9.8' },
    });
    expect(rule?.help?.markdown).toContain('**Command injection in lodash**');
    expect(rule?.help?.markdown).toContain('](https://github.com/advisories/GHSA-35jh-r3h4-6jhm)');
    expect(rule?.help?.markdown).toContain('- `lodash@4.17.20` in `web/package.json`, line 12');
    expect(resultsOf(log)).toEqual([
      {
        ruleId: 'GHSA-35jh-r3h4-6jhm',
        ruleIndex: 0,
        level: 'error',
        message: {
          text: 'lodash@4.17.20 is affected by GHSA-35jh-r3h4-6jhm (critical 9.8): Command injection in lodash',
        },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: 'web/package.json', uriBaseId: '%SRCROOT%' },
              region: { startLine: 12, endLine: 14, startColumn: 5, endColumn: 30 },
            },
          },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: expect.stringMatching(/^[0-9a-f]{32}$/) },
      },
    ]);
    expect(runOf(log).properties).toBeUndefined();
  });

  test('is compact JSON, the rules and results in place as the same JSON as the log around them', () => {
    const result = makeResult({
      alerts: [
        makeEvaluated({ id: 'a1', advisory: 'GHSA-test-0001' }),
        makeEvaluated({ id: 'a2', advisory: 'GHSA-test-0002' }),
      ],
    });
    const text = renderSarif(result, OPTIONS);
    expect(text).toMatch(/^\{"\$schema":/);
    expect(text).not.toMatch(/\n/);
    expect(JSON.stringify(JSON.parse(text))).toBe(text);
  });

  test.each([
    ['no alerts', []],
    [
      'only allowed and not-alerted alerts',
      [makeEvaluated({ status: 'allowed' }), makeEvaluated({ status: 'not-alerted' })],
    ],
  ])('is valid with zero results (%s): empty results and rules', (_case, alerts) => {
    const log = sarif(alerts);
    expectValidForCodeScanning(log);
    expect(resultsOf(log)).toEqual([]);
    expect(rulesOf(log)).toEqual([]);
  });

  test('leaves informationUri out when not given', () => {
    const log = sarif([], { toolVersion: '0.0.1' } as typeof OPTIONS);
    expect(runOf(log).tool.driver).toEqual({ name: 'security-gate', version: '0.0.1', rules: [] });
  });

  test.each<[Severity, number | null, string | undefined]>([
    ['critical', 9.8, '9.8'],
    ['critical', 10, '10'],
    ['critical', 12.5, '10'],
    ['high', 7.5, '7.5'],
    ['medium', 5, '5'],
    ['low', 0.1, '0.1'],
    ['critical', null, '9.5'],
    ['high', null, '8.0'],
    ['medium', null, '5.5'],
    ['low', null, '2.0'],
    ['high', 0, '8.0'],
    ['unknown', 6.1, '6.1'],
    ['unknown', null, undefined],
  ])('%s with score %p: security-severity %p', (severity, score, expected) => {
    expect(securitySeverity(severity, score)).toBe(expected);
    const log = sarif([makeEvaluated({ severity, score })]);
    expectValidForCodeScanning(log);
    const [rule] = rulesOf(log);
    expect(rule?.properties?.['security-severity']).toBe(expected);
    expect(rule?.properties?.tags).toEqual(['security', 'dependency', severity]);
  });

  test.each<[string, EvaluatedOverrides, string]>([
    ['with score', { severity: 'high', score: 7.5, advisory: 'GHSA-a', summary: 'Bad' }, '(high 7.5): Bad'],
    ['without score', { severity: 'high', score: null, advisory: 'GHSA-a', summary: 'Bad' }, '(high): Bad'],
    ['without summary', { severity: 'low', score: 2, advisory: 'GHSA-a', summary: '' }, '(low 2).'],
    ['summary on one line', { severity: 'low', score: 2, advisory: 'GHSA-a', summary: 'a\r\nb' }, '(low 2): a b'],
  ])('result message %s', (_case, overrides, ending) => {
    const [result] = resultsOf(sarif([makeEvaluated(overrides)]));
    expect(result?.message.text?.endsWith(ending)).toBe(true);
  });

  test('the rule name falls back to the advisory id when the summary has no words', () => {
    const [rule] = rulesOf(sarif([makeEvaluated({ advisory: 'GHSA-x', summary: '—' })]));
    expect(rule?.name).toBe('GHSA-x');
    expect(rule?.shortDescription?.text).toBe('—');
  });

  test('an empty summary and description still give non-empty descriptions', () => {
    const [rule] = rulesOf(sarif([makeEvaluated({ advisory: 'GHSA-x', summary: ' ', description: '' })]));
    expect(rule?.shortDescription?.text).toBe('Vulnerable dependency: GHSA-x');
    expect(rule?.fullDescription?.text).toBe('Vulnerable dependency: GHSA-x');
  });

  test('helpUri is the first https reference; none without one', () => {
    const withHttps = rulesOf(
      sarif([makeEvaluated({ references: ['CVE-1', 'http://a.example', 'https://b.example/x'] })]),
    );
    expect(withHttps[0]?.helpUri).toBe('https://b.example/x');
    const without = rulesOf(sarif([makeEvaluated({ references: ['CVE-1', 'javascript:alert(1)'] })]));
    expect(without[0]).not.toHaveProperty('helpUri');
  });

  test.each(HOSTILE)('help Markdown renders text from the service as text only: %j', (h) => {
    const references = [h, 'javascript:alert(1)', 'https://ok.example/a)b', `https://ok.example/${h}`];
    const [rule] = rulesOf(sarif([makeEvaluated({ summary: `Summary ${h}`, description: h, references })]));
    const r = render(rule?.help?.markdown ?? '');
    expect(r.rawHtml).toEqual([]);
    expect(githubReferences(r.scanned)).toEqual([]);
    // Links only to the references that are http(s) URLs, each labelled with its own text.
    const linked = references.filter((ref) => safeHref(ref) !== null);
    expect(r.links).toEqual(
      linked.map((ref) => ({ href: normalizeLink(safeHref(ref) ?? ''), text: plainLine(ref, 200), markup: '' })),
    );
    expect(r.links.length).toBeGreaterThanOrEqual(2);
    // Bold summary, description, two labels, two lists; nothing else.
    expect(r.blocks.filter((b) => b.endsWith('_open') && !/^(paragraph|bullet_list|list_item)_open$/.test(b))).toEqual(
      [],
    );
    expect(r.paragraphs.slice(0, 2)).toEqual([expect.stringContaining('Summary'), expect.any(String)]);
  });

  test('help Markdown reads cleanly: reference links show the URL as their label', () => {
    const alert = makeExampleResult().alerts[1]!;
    const [rule] = rulesOf(
      sarif([
        {
          ...alert,
          references: [...alert.references, 'https://nvd.nist.gov/vuln/detail/CVE-2021-23337', 'CVE-2021-23337'],
        },
      ]),
    );
    const markdown = rule?.help?.markdown ?? '';
    expect(markdown).toContain(
      '- [https://github.com/advisories/GHSA-35jh-r3h4-6jhm](https://github.com/advisories/GHSA-35jh-r3h4-6jhm)',
    );
    expect(markdown).toContain(
      '- [https://nvd.nist.gov/vuln/detail/CVE-2021-23337](https://nvd.nist.gov/vuln/detail/CVE-2021-23337)\n- CVE-2021-23337',
    );
    expect(readabilityProblems(markdown)).toEqual({ characterReferences: [], zeroWidth: [], needlessEscapes: [] });
  });

  test('caps descriptions at 1,024 characters and the result message summary at 300', () => {
    const long = 'word '.repeat(2_000);
    const log = sarif([makeEvaluated({ summary: long, description: long })]);
    const [rule] = rulesOf(log);
    expect(Array.from(rule?.shortDescription?.text ?? '')).toHaveLength(1024);
    expect(Array.from(rule?.fullDescription?.text ?? '')).toHaveLength(1024);
    expect(resultsOf(log)[0]?.message.text?.length).toBeLessThan(400);
  });
});

describe('renderSarif: rules and results', () => {
  test('reports every alert the service alerted on and allow-alerts did not allow, with rules only for those', () => {
    const log = sarif([
      makeEvaluated({ advisory: 'GHSA-gating' }),
      makeEvaluated({ status: 'allowed', advisory: 'GHSA-allowed' }),
      makeEvaluated({ status: 'unreachable', advisory: 'GHSA-unreachable' }),
      makeEvaluated({ status: 'below-threshold', advisory: 'GHSA-below', severity: 'medium' }),
      makeEvaluated({ status: 'not-alerted', advisory: 'GHSA-not-alerted' }),
    ]);
    expectValidForCodeScanning(log);
    expect(rulesOf(log).map((r) => r.id)).toEqual(['GHSA-gating', 'GHSA-unreachable', 'GHSA-below']);
    expect(resultsOf(log).map((r) => [r.ruleId, r.level])).toEqual([
      ['GHSA-gating', 'error'],
      ['GHSA-unreachable', 'warning'],
      ['GHSA-below', 'warning'],
    ]);
  });

  test.each<[AlertStatus, Severity, string]>([
    ['gating', 'critical', 'error'],
    ['gating', 'high', 'error'],
    ['gating', 'medium', 'error'],
    ['gating', 'low', 'error'],
    ['gating', 'unknown', 'error'],
    ['below-threshold', 'critical', 'warning'],
    ['below-threshold', 'high', 'warning'],
    ['below-threshold', 'medium', 'warning'],
    ['below-threshold', 'low', 'note'],
    ['below-threshold', 'unknown', 'note'],
    ['unreachable', 'critical', 'warning'],
    ['unreachable', 'high', 'warning'],
    ['unreachable', 'medium', 'warning'],
    ['unreachable', 'low', 'note'],
    ['unreachable', 'unknown', 'note'],
  ])('a %s %s alert: level %s, for the result and its rule', (status, severity, level) => {
    const log = sarif([makeEvaluated({ status, severity })]);
    expectValidForCodeScanning(log);
    expect(resultsOf(log).map((r) => r.level)).toEqual([level]);
    expect(rulesOf(log)[0]?.defaultConfiguration?.level).toBe(level);
  });

  test('fail-on-severity none: every alerted alert is still there, none as an error, each saying why it does not gate', () => {
    const alerts = (['critical', 'high', 'medium', 'low', 'unknown'] as const).map((severity) =>
      makeEvaluated({
        status: 'below-threshold',
        severity,
        advisory: `GHSA-${severity}`,
        summary: `${severity} thing`,
      }),
    );
    const log = JSON.parse(renderSarif(withThreshold(alerts, 'none'), OPTIONS)) as Log;
    expectValidForCodeScanning(log);
    expect(resultsOf(log).map((r) => [r.ruleId, r.level])).toEqual([
      ['GHSA-critical', 'warning'],
      ['GHSA-high', 'warning'],
      ['GHSA-medium', 'warning'],
      ['GHSA-low', 'note'],
      ['GHSA-unknown', 'note'],
    ]);
    expect(resultsOf(log)[0]?.message.text).toMatch(
      /is affected by GHSA-critical \(critical 7\.5\): critical thing\. Does not fail the gate: fail-on-severity is none\.$/,
    );
  });

  test('the same alert keeps its fingerprint when a threshold change stops it gating', () => {
    const alert = (status: AlertStatus) => makeEvaluated({ ...LODASH, id: 'same', status });
    const gating = resultsOf(sarif([alert('gating')]))[0];
    const below = resultsOf(
      JSON.parse(renderSarif(withThreshold([alert('below-threshold')], 'none'), OPTIONS)) as Log,
    )[0];
    expect(below?.partialFingerprints).toEqual(gating?.partialFingerprints);
    expect([gating?.level, below?.level]).toEqual(['error', 'warning']);
    expect(below?.message.text).toContain('Does not fail the gate: fail-on-severity is none.');
  });

  test.each<[AlertStatus, Severity, string]>(
    (['critical', 'high', 'medium', 'low', 'unknown'] as const).flatMap(
      (severity): [AlertStatus, Severity, string][] => [
        ['resolved', severity, 'note'],
        ['due', severity, 'warning'],
      ],
    ),
  )('a %s %s alert: level %s, whatever its severity', (status, severity, level) => {
    const log = sarif([makeEvaluated({ status, severity, dueOn: status === 'due' ? '2024-06-20' : null })]);
    expectValidForCodeScanning(log);
    expect(resultsOf(log).map((r) => r.level)).toEqual([level]);
  });

  test.each<[string, EvaluatedOverrides, string]>([
    [
      'resolved by this pull request',
      {
        status: 'resolved',
        resolution: { manifests: ['web/package.json'], removed: '4.17.20', added: ['4.17.21'] },
      },
      'Command injection in lodash. Does not fail the gate: resolved by this pull request, which removes 4.17.20 from web/package.json (adding 4.17.21).',
    ],
    [
      'coming due, with its due date and days left',
      { status: 'due', dueOn: '2024-06-20', daysLeft: 13 },
      'Command injection in lodash. Does not fail the gate: inside its grace period (grace-days), it fails the gate from 2024-06-20 (UTC), 13 days left.',
    ],
    [
      'coming due tomorrow',
      { status: 'due', dueOn: '2024-06-08', daysLeft: 1 },
      'Command injection in lodash. Does not fail the gate: inside its grace period (grace-days), it fails the gate from 2024-06-08 (UTC), 1 day left.',
    ],
    [
      'resolved, removed from several manifests and added nowhere',
      {
        status: 'resolved',
        resolution: {
          manifests: ['a/package.json', 'b/package.json', 'c/package.json', 'd/package.json'],
          removed: '4.17.20',
          added: [],
        },
      },
      'Command injection in lodash. Does not fail the gate: resolved by this pull request, which removes 4.17.20 from a/package.json, b/package.json, c/package.json and 1 more.',
    ],
    ['gating, overdue', { dueOn: '2024-05-31' }, 'Command injection in lodash. Overdue since 2024-05-31 (grace-days).'],
    [
      'gating, changed by this pull request',
      { changedByPullRequest: true },
      'Command injection in lodash. Changed by this pull request (not resolved).',
    ],
    [
      'below the threshold, changed by this pull request',
      { status: 'below-threshold', changedByPullRequest: true },
      'Command injection in lodash. Does not fail the gate: below the high threshold. Changed by this pull request (not resolved).',
    ],
  ])('the message says when an alert is %s', (_name, overrides, ending) => {
    const [result] = resultsOf(sarif([makeEvaluated({ ...LODASH, ...overrides })]));
    expect(result?.message.text).toBe(`lodash@4.17.20 is affected by GHSA-35jh-r3h4-6jhm (critical 9.8): ${ending}`);
  });

  test('an alert that neither gates late nor is changed keeps its message as it was', () => {
    const [result] = resultsOf(sarif([makeEvaluated({ ...LODASH })]));
    expect(result?.message.text).toBe(
      'lodash@4.17.20 is affected by GHSA-35jh-r3h4-6jhm (critical 9.8): Command injection in lodash',
    );
  });

  test.each<AlertStatus>(['resolved', 'due'])(
    'an alert keeps its fingerprint when it stops gating because it is %s',
    (status) => {
      const alert = (s: AlertStatus) => makeEvaluated({ ...LODASH, id: 'same', status: s, dueOn: '2024-06-20' });
      const [gating] = resultsOf(sarif([alert('gating')]));
      const [other] = resultsOf(sarif([alert(status)]));
      expect(other?.partialFingerprints).toEqual(gating?.partialFingerprints);
      expect(other?.ruleId).toBe(gating?.ruleId);
    },
  );

  test('most severe first: gating alerts in the verdict order (as given), then warnings and notes by severity and score', () => {
    const log = sarif([
      makeEvaluated({ status: 'below-threshold', severity: 'low', score: 3, advisory: 'GHSA-low' }),
      makeEvaluated({ status: 'unreachable', severity: 'high', score: 7.1, advisory: 'GHSA-high-71' }),
      makeEvaluated({ status: 'gating', severity: 'critical', score: 9.1, advisory: 'GHSA-gating-1' }),
      makeEvaluated({ status: 'below-threshold', severity: 'medium', score: 6, advisory: 'GHSA-medium' }),
      makeEvaluated({ status: 'unreachable', severity: 'high', score: 8.2, advisory: 'GHSA-high-82' }),
      makeEvaluated({ status: 'gating', severity: 'high', score: 7.1, advisory: 'GHSA-gating-3' }),
      makeEvaluated({ status: 'gating', severity: 'critical', score: 9.1, advisory: 'GHSA-gating-2' }),
    ]);
    expect(resultsOf(log).map((r) => r.ruleId)).toEqual([
      'GHSA-gating-1',
      'GHSA-gating-3',
      'GHSA-gating-2',
      'GHSA-high-82',
      'GHSA-high-71',
      'GHSA-medium',
      'GHSA-low',
    ]);
  });

  test('within a severity: by score, no score last, ties in the order the alerts came in; unknown after low', () => {
    const log = sarif([
      makeEvaluated({ status: 'below-threshold', severity: 'unknown', score: null, advisory: 'GHSA-unknown' }),
      makeEvaluated({ status: 'below-threshold', severity: 'medium', score: null, advisory: 'GHSA-medium-none' }),
      makeEvaluated({ status: 'below-threshold', severity: 'medium', score: 5, advisory: 'GHSA-medium-5-a' }),
      makeEvaluated({ status: 'below-threshold', severity: 'low', score: 2, advisory: 'GHSA-low' }),
      makeEvaluated({ status: 'below-threshold', severity: 'medium', score: 6.5, advisory: 'GHSA-medium-65' }),
      makeEvaluated({ status: 'below-threshold', severity: 'medium', score: 5, advisory: 'GHSA-medium-5-b' }),
    ]);
    expect(resultsOf(log).map((r) => r.ruleId)).toEqual([
      'GHSA-medium-65',
      'GHSA-medium-5-a',
      'GHSA-medium-5-b',
      'GHSA-medium-none',
      'GHSA-low',
      'GHSA-unknown',
    ]);
  });

  test('one rule per advisory, one result per alert and package, in the verdict order', () => {
    const log = sarif([
      makeEvaluated({ advisory: 'GHSA-one', package: 'pkg:npm/a@1.0.0' }),
      makeEvaluated({ advisory: 'GHSA-two', package: 'pkg:npm/b@1.0.0' }),
      makeEvaluated({ advisory: 'GHSA-one', package: 'pkg:npm/c@1.0.0' }),
    ]);
    expectValidForCodeScanning(log);
    expect(rulesOf(log).map((r) => r.id)).toEqual(['GHSA-one', 'GHSA-two']);
    expect(resultsOf(log).map((r) => [r.ruleId, r.ruleIndex])).toEqual([
      ['GHSA-one', 0],
      ['GHSA-two', 1],
      ['GHSA-one', 0],
    ]);
    const help = rulesOf(log)[0]?.help?.text ?? '';
    expect(help).toContain('- a@1.0.0 (not found in the package search)');
    expect(help).toContain('- c@1.0.0 (not found in the package search)');
  });

  test.each<[string, ManifestLocation[] | undefined, Array<[string, number]>]>([
    ['packages not read: the fallback path', undefined, [[FALLBACK_MANIFEST_PATH, 1]]],
    ['no locations: the fallback path', [], [[FALLBACK_MANIFEST_PATH, 1]]],
    ['a fallback at the first manifest', [at('package.json', 1, null)], [['package.json', 1]]],
    [
      'one result per location',
      [at('a/package.json', 3, 'lodash@4.17.20'), at('b/package.json', 9, 'lodash@4.17.20')],
      [
        ['a/package.json', 3],
        ['b/package.json', 9],
      ],
    ],
    [
      'the same package twice in one file: once',
      [at('package.json', 3, 'lodash@4.17.20'), at('package.json', 40, 'lodash@4.17.20')],
      [['package.json', 3]],
    ],
    ['paths relative with forward slashes', [at('.\\web\\package.json', 2, 'x@1')], [['web/package.json', 2]]],
    ['a leading slash removed', [at('/srv/pom.xml', 2, 'x@1')], [['srv/pom.xml', 2]]],
    [
      'spaces, ? and # percent-encoded',
      [at('my app/#1?/package.json', 2, 'x@1')],
      [['my%20app/%231%3F/package.json', 2]],
    ],
  ])('locations: %s', (_case, locations, expected) => {
    const log = sarif([makeEvaluated({ locations })]);
    expectValidForCodeScanning(log);
    const found = resultsOf(log).map((r) => {
      const physical = r.locations?.[0]?.physicalLocation;
      expect(physical?.artifactLocation?.uriBaseId).toBe('%SRCROOT%');
      return [physical?.artifactLocation?.uri, physical?.region?.startLine];
    });
    expect(found).toEqual(expected);
  });

  test('columns only when the package search gave them', () => {
    const log = sarif([makeEvaluated({ locations: [at('a', 3, 'x@1'), at('b', 4, 'y@1', { startColumn: 2 })] })]);
    expect(resultsOf(log).map((r) => r.locations?.[0]?.physicalLocation?.region)).toEqual([
      { startLine: 3, endLine: 3 },
      { startLine: 4, endLine: 4, startColumn: 2 },
    ]);
  });
});

describe('renderSarif: partialFingerprints', () => {
  const fingerprints = (log: Log) => resultsOf(log).map((r) => r.partialFingerprints?.[FINGERPRINT_KEY]);

  test('are the same across runs, even when the manifest line, score or order changes', () => {
    const first = sarif([
      makeEvaluated({ ...LODASH }),
      makeEvaluated({ advisory: 'GHSA-b', locations: [at('go.mod', 5, 'gin@1.6.0')] }),
    ]);
    const second = sarif([
      makeEvaluated({ advisory: 'GHSA-b', locations: [at('go.mod', 50, 'gin@1.6.0')] }),
      makeEvaluated({ ...LODASH, score: 9.1, locations: [at('web/package.json', 99, 'lodash@4.17.20')] }),
    ]);
    expect(fingerprints(second)).toEqual([...fingerprints(first)].reverse());
  });

  test('fallback locations have stable fingerprints too', () => {
    const alert = () => makeEvaluated({ id: 'same', advisory: 'GHSA-c', package: 'pkg:npm/x@1.0.0' });
    expect(fingerprints(sarif([alert()]))).toEqual(fingerprints(sarif([alert()])));
  });

  test.each<[string, EvaluatedOverrides]>([
    ['another package', { locations: [at('web/package.json', 12, 'lodash@4.17.21')] }],
    ['another manifest', { locations: [at('api/package.json', 12, 'lodash@4.17.20')] }],
    ['another advisory', { advisory: 'GHSA-other' }],
  ])('differ for %s', (_case, change) => {
    const log = sarif([makeEvaluated(LODASH), makeEvaluated({ ...LODASH, ...change })]);
    const [a, b] = fingerprints(log);
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });

  test('are unique across many packages', () => {
    const alerts = Array.from({ length: 500 }, (_, i) => makeEvaluated({ advisory: `GHSA-${i % 7}` }));
    const prints = fingerprints(sarif(alerts));
    expect(prints).toHaveLength(500);
    expect(new Set(prints).size).toBe(500);
  });
});

describe('renderSarif: GitHub upload limits', () => {
  test(`at most ${MAX_RESULTS.toLocaleString('en-US')} results, worst first, with a note of how many were left out`, () => {
    const count = 30_000;
    // The notes (below the threshold, low) come first in the input and are the ones left out.
    const notes = Array.from({ length: 6_000 }, (_, i) =>
      makeEvaluated({ status: 'below-threshold', severity: 'low', advisory: `GHSA-low-${i}` }),
    );
    const alerts = Array.from({ length: count - notes.length }, (_, i) =>
      makeEvaluated({ advisory: `GHSA-cap-${String(i).padStart(5, '0')}` }),
    );
    alerts.unshift(...notes);
    const json = renderSarif(makeResult({ alerts }), OPTIONS);
    const log = JSON.parse(json) as Log;
    expectValidForCodeScanning(log);
    const results = resultsOf(log);
    expect(results).toHaveLength(MAX_RESULTS);
    expect(rulesOf(log)).toHaveLength(MAX_RESULTS);
    expect(results[0]?.ruleId).toBe('GHSA-cap-00000');
    expect(results.filter((r) => r.level === 'error')).toHaveLength(24_000);
    expect(results.filter((r) => r.level === 'note').map((r) => r.ruleId)).toEqual(
      notes.slice(0, 1_000).map((e) => e.advisory),
    );
    expect(runOf(log).properties).toMatchObject({ resultsOmitted: count - MAX_RESULTS });
    expect(String(runOf(log).properties?.note)).toContain('5,000 of 30,000 results');
    expect(gzipSync(json).length).toBeLessThan(MAX_GZIP_BYTES);
  });

  test('huge texts from the service are cut so the log stays small', () => {
    const huge = 'A very long advisory text. '.repeat(40_000); // ~1 MB
    const references = Array.from({ length: 1_000 }, (_, r) => `https://example.com/${r}/${'x'.repeat(1_000)}`);
    const alerts = Array.from({ length: 200 }, (_, i) =>
      makeEvaluated({ advisory: `GHSA-huge-${i}`, summary: huge, description: huge, references }),
    );
    const json = renderSarif(makeResult({ alerts }), OPTIONS);
    const log = JSON.parse(json) as Log;
    expectValidForCodeScanning(log);
    expect(resultsOf(log)).toHaveLength(200);
    expect(json.length).toBeLessThan(10_000_000);
    expect(rulesOf(log)[0]?.help?.text).toContain('…and 990 more');
  });

  test('incompressible text: fewer results, worst first, within the gzipped limit', () => {
    const alerts = Array.from({ length: 12_000 }, (_, i) =>
      makeEvaluated({
        advisory: `GHSA-rand-${String(i).padStart(5, '0')}`,
        summary: randomBytes(1_200).toString('base64'),
        description: randomBytes(1_200).toString('base64'),
      }),
    );
    const json = renderSarif(makeResult({ alerts }), OPTIONS);
    const log = JSON.parse(json) as Log;
    expectValidForCodeScanning(log);
    expect(gzipSync(json).length).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    const results = resultsOf(log);
    expect(results.length).toBeGreaterThan(1_000);
    expect(results.length).toBeLessThan(12_000);
    expect(results.map((r) => r.ruleId)).toEqual(alerts.slice(0, results.length).map((e) => e.advisory));
    expect(runOf(log).properties).toMatchObject({ resultsOmitted: 12_000 - results.length });
  });
});

describe('renderSarif: known-exploited alerts', () => {
  const log4j = 'CISA lists CVE-2021-44228: Apache Log4j2 Remote Code Execution Vulnerability.';
  const listed = (overrides: EvaluatedOverrides) =>
    makeEvaluated({ ...LODASH, knownExploited: makeKevEntry(), ...overrides });
  /** Under known-exploited: warn, as the gate leaves a listed alert below the threshold: flagged, not gating. */
  const underWarn = (alerts: EvaluatedAlert[]) =>
    JSON.parse(renderSarif(makeResult({ alerts, knownExploited: makeKevView({ mode: 'warn' }) }), OPTIONS)) as Log;

  test('carry the kev tag, results and rules, and only they', () => {
    const log = underWarn([
      listed({ advisory: 'GHSA-kev-gating' }),
      makeEvaluated({ ...LODASH, advisory: 'GHSA-plain-gating' }),
      listed({ advisory: 'GHSA-kev-below', status: 'below-threshold', severity: 'medium' }),
      makeEvaluated({ ...LODASH, advisory: 'GHSA-plain-below', status: 'below-threshold', severity: 'medium' }),
      listed({ advisory: 'GHSA-kev-resolved', status: 'resolved' }),
    ]);
    expectValidForCodeScanning(log);
    const hasKev = (item: Result | ReportingDescriptor) => item.properties?.tags?.includes(KEV_TAG) === true;
    const kevIds = ['GHSA-kev-below', 'GHSA-kev-gating', 'GHSA-kev-resolved'];
    expect(
      resultsOf(log)
        .filter(hasKev)
        .map((r) => r.ruleId)
        .sort(),
    ).toEqual(kevIds);
    expect(
      rulesOf(log)
        .filter(hasKev)
        .map((r) => r.id)
        .sort(),
    ).toEqual(kevIds);
    expect(rulesOf(log).find((r) => r.id === 'GHSA-kev-gating')?.properties?.tags).toEqual([
      'security',
      'dependency',
      'critical',
      'kev',
    ]);
    expect(resultsOf(log).find((r) => r.ruleId === 'GHSA-plain-gating')?.properties).toBeUndefined();
  });

  test.each<[string, EvaluatedOverrides, 'fail' | 'warn', string, string]>([
    [
      'gating at the threshold',
      {},
      'fail',
      'error',
      `Command injection in lodash. Known exploited (CISA KEV, added 2021-12-10; used in ransomware campaigns). ${log4j}`,
    ],
    [
      'gating below the threshold, for that alone',
      { severity: 'low', score: 3.1, knownExploited: makeKevEntry({ ransomware: false }) },
      'fail',
      'error',
      `Command injection in lodash. Known exploited (CISA KEV, added 2021-12-10): fails the gate whatever its severity (known-exploited: fail). ${log4j}`,
    ],
    [
      'flagged below the threshold under warn',
      { status: 'below-threshold', severity: 'medium', score: 5.3 },
      'warn',
      'warning',
      `Command injection in lodash. Does not fail the gate: below the high threshold. Known exploited (CISA KEV, added 2021-12-10; used in ransomware campaigns): would fail the gate under known-exploited: fail. ${log4j}`,
    ],
    [
      'resolved by this pull request',
      { status: 'resolved', resolution: { manifests: ['web/package.json'], removed: '4.17.20', added: [] } },
      'fail',
      'note',
      `Command injection in lodash. Does not fail the gate: resolved by this pull request, which removes 4.17.20 from web/package.json. Known exploited (CISA KEV, added 2021-12-10; used in ransomware campaigns). ${log4j}`,
    ],
    [
      'overdue, no date and no name in the catalog',
      { dueOn: '2024-05-31', knownExploited: makeKevEntry({ dateAdded: null, ransomware: null, name: '' }) },
      'fail',
      'error',
      'Command injection in lodash. Known exploited (CISA KEV). CISA lists CVE-2021-44228. Overdue since 2024-05-31 (grace-days).',
    ],
  ])('the message says so: %s', (_name, overrides, mode, level, ending) => {
    const alert = listed(overrides);
    const log = JSON.parse(
      renderSarif(makeResult({ alerts: [alert], knownExploited: makeKevView({ mode }) }), OPTIONS),
    ) as Log;
    const [result] = resultsOf(log);
    expect(result?.level).toBe(level);
    const rating = alert.score === null ? alert.severity : `${alert.severity} ${alert.score}`;
    expect(result?.message.text).toBe(`lodash@4.17.20 is affected by GHSA-35jh-r3h4-6jhm (${rating}): ${ending}`);
  });
});
