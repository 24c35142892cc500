import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Log, ReportingDescriptor, Result, Run } from 'sarif';
import { FALLBACK_MANIFEST_PATH } from '../../src/packages/locations.js';
import {
  FINGERPRINT_KEY,
  MAX_GZIP_BYTES,
  MAX_RESULTS,
  renderSarif,
  SARIF_SCHEMA,
  securitySeverity,
} from '../../src/reports/sarif.js';
import type { EvaluatedAlert, ManifestLocation, Severity } from '../../src/model.js';
import { makeEvaluated, makeLocation, makeResult, type EvaluatedOverrides } from '../fixtures/result.js';

const OPTIONS = { toolVersion: '1.2.3', informationUri: 'https://github.com/acme/security-gate' };

function render(alerts: EvaluatedAlert[], options = OPTIONS): Log {
  return JSON.parse(renderSarif(makeResult({ alerts }), options)) as Log;
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
    check(severity === undefined || (typeof severity === 'string' && /^\d+(\.\d+)?$/.test(severity)), `rule ${rule.id}: security-severity ${String(severity)}`);
  }
  for (const [i, result] of (run?.results ?? []).entries()) {
    check(isText(result.ruleId), `result ${i}: no ruleId`);
    check(rules[result.ruleIndex ?? -1]?.id === result.ruleId, `result ${i}: ruleIndex does not point at rule ${result.ruleId}`);
    check(isText(result.message.text), `result ${i}: no message.text`);
    const physical = result.locations?.[0]?.physicalLocation;
    const uri = physical?.artifactLocation?.uri;
    check(isText(uri) && !/^\/|\\/.test(uri ?? ''), `result ${i}: uri ${String(uri)} is not relative with forward slashes`);
    check((physical?.region?.startLine ?? 0) >= 1, `result ${i}: no region.startLine`);
    check((physical?.region?.endLine ?? 0) >= (physical?.region?.startLine ?? 1), `result ${i}: endLine before startLine`);
    check(/^[0-9a-f]{32}$/.test(result.partialFingerprints?.[FINGERPRINT_KEY] ?? ''), `result ${i}: no partialFingerprints`);
  }
  return problems;
}

function expectValidForCodeScanning(log: Log): void {
  expect(codeScanningProblems(log)).toEqual([]);
}

describe('renderSarif: the log GitHub code scanning accepts', () => {
  test('one alert: a rule for its advisory and a result at its manifest lines', () => {
    const log = render([makeEvaluated(LODASH)]);
    expectValidForCodeScanning(log);
    expect(runOf(log).tool.driver).toMatchObject({ name: 'security-gate', version: '1.2.3', informationUri: OPTIONS.informationUri });
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
        message: { text: 'lodash@4.17.20 is affected by GHSA-35jh-r3h4-6jhm (critical 9.8): Command injection in lodash' },
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

  test('is pretty-printed JSON', () => {
    expect(renderSarif(makeResult({ alerts: [makeEvaluated()] }), OPTIONS)).toMatch(/^\{\n {2}"\$schema"/);
  });

  test.each([
    ['no alerts', []],
    ['no gating alerts', [makeEvaluated({ status: 'allowed' }), makeEvaluated({ status: 'below-threshold' })]],
  ])('is valid with zero results (%s): empty results and rules', (_case, alerts) => {
    const log = render(alerts);
    expectValidForCodeScanning(log);
    expect(resultsOf(log)).toEqual([]);
    expect(rulesOf(log)).toEqual([]);
  });

  test('leaves informationUri out when not given', () => {
    const log = render([], { toolVersion: '0.0.1' } as typeof OPTIONS);
    expect(runOf(log).tool.driver).toEqual({ name: 'security-gate', version: '0.0.1', rules: [] });
  });

  test.each<[Severity, number | null, string | undefined, string]>([
    ['critical', 9.8, '9.8', 'error'],
    ['critical', 10, '10', 'error'],
    ['critical', 12.5, '10', 'error'],
    ['high', 7.5, '7.5', 'error'],
    ['medium', 5, '5', 'warning'],
    ['low', 0.1, '0.1', 'note'],
    ['critical', null, '9.5', 'error'],
    ['high', null, '8.0', 'error'],
    ['medium', null, '5.5', 'warning'],
    ['low', null, '2.0', 'note'],
    ['high', 0, '8.0', 'error'],
    ['unknown', 6.1, '6.1', 'note'],
    ['unknown', null, undefined, 'note'],
  ])('%s with score %p: security-severity %p, level %s', (severity, score, expected, level) => {
    expect(securitySeverity(severity, score)).toBe(expected);
    const log = render([makeEvaluated({ severity, score })]);
    expectValidForCodeScanning(log);
    const [rule] = rulesOf(log);
    expect(rule?.properties?.['security-severity']).toBe(expected);
    expect(rule?.properties?.tags).toEqual(['security', 'dependency', severity]);
    expect(rule?.defaultConfiguration?.level).toBe(level);
    expect(resultsOf(log)[0]?.level).toBe(level);
  });

  test.each<[string, EvaluatedOverrides, string]>([
    ['with score', { severity: 'high', score: 7.5, advisory: 'GHSA-a', summary: 'Bad' }, '(high 7.5): Bad'],
    ['without score', { severity: 'high', score: null, advisory: 'GHSA-a', summary: 'Bad' }, '(high): Bad'],
    ['without summary', { severity: 'low', score: 2, advisory: 'GHSA-a', summary: '' }, '(low 2).'],
    ['summary on one line', { severity: 'low', score: 2, advisory: 'GHSA-a', summary: 'a\r\nb' }, '(low 2): a b'],
  ])('result message %s', (_case, overrides, ending) => {
    const [result] = resultsOf(render([makeEvaluated(overrides)]));
    expect(result?.message.text?.endsWith(ending)).toBe(true);
  });

  test('the rule name falls back to the advisory id when the summary has no words', () => {
    const [rule] = rulesOf(render([makeEvaluated({ advisory: 'GHSA-x', summary: '—' })]));
    expect(rule?.name).toBe('GHSA-x');
    expect(rule?.shortDescription?.text).toBe('—');
  });

  test('an empty summary and description still give non-empty descriptions', () => {
    const [rule] = rulesOf(render([makeEvaluated({ advisory: 'GHSA-x', summary: ' ', description: '' })]));
    expect(rule?.shortDescription?.text).toBe('Vulnerable dependency: GHSA-x');
    expect(rule?.fullDescription?.text).toBe('Vulnerable dependency: GHSA-x');
  });

  test('helpUri is the first https reference; none without one', () => {
    const withHttps = rulesOf(render([makeEvaluated({ references: ['CVE-1', 'http://a.example', 'https://b.example/x'] })]));
    expect(withHttps[0]?.helpUri).toBe('https://b.example/x');
    const without = rulesOf(render([makeEvaluated({ references: ['CVE-1', 'javascript:alert(1)'] })]));
    expect(without[0]).not.toHaveProperty('helpUri');
  });

  test('help Markdown escapes text from the service', () => {
    const [rule] = rulesOf(
      render([
        makeEvaluated({
          summary: '<img src=x onerror=alert(1)> @admin',
          description: '[click](javascript:alert(1)) | table',
          references: ['javascript:alert(1)', 'https://ok.example/a)b'],
        }),
      ]),
    );
    const markdown = rule?.help?.markdown ?? '';
    expect(markdown).not.toContain('<img');
    expect(markdown).not.toContain('@admin');
    expect(markdown).not.toContain('](javascript');
    expect(markdown).toContain('](https://ok.example/a%29b)');
  });

  test('caps descriptions at 1,024 characters and the result message summary at 300', () => {
    const long = 'word '.repeat(2_000);
    const log = render([makeEvaluated({ summary: long, description: long })]);
    const [rule] = rulesOf(log);
    expect(Array.from(rule?.shortDescription?.text ?? '')).toHaveLength(1024);
    expect(Array.from(rule?.fullDescription?.text ?? '')).toHaveLength(1024);
    expect(resultsOf(log)[0]?.message.text?.length).toBeLessThan(400);
  });
});

describe('renderSarif: rules and results', () => {
  test('uses the gating alerts only, with rules only for advisories that have results', () => {
    const log = render([
      makeEvaluated({ advisory: 'GHSA-gating' }),
      makeEvaluated({ status: 'allowed', advisory: 'GHSA-allowed' }),
      makeEvaluated({ status: 'unreachable', advisory: 'GHSA-unreachable' }),
    ]);
    expectValidForCodeScanning(log);
    expect(rulesOf(log).map((r) => r.id)).toEqual(['GHSA-gating']);
    expect(resultsOf(log).map((r) => r.ruleId)).toEqual(['GHSA-gating']);
  });

  test('one rule per advisory, one result per alert and package, in the verdict order', () => {
    const log = render([
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
    ['the same package twice in one file: once', [at('package.json', 3, 'lodash@4.17.20'), at('package.json', 40, 'lodash@4.17.20')], [['package.json', 3]]],
    ['paths relative with forward slashes', [at('.\\web\\package.json', 2, 'x@1')], [['web/package.json', 2]]],
    ['a leading slash removed', [at('/srv/pom.xml', 2, 'x@1')], [['srv/pom.xml', 2]]],
    ['spaces, ? and # percent-encoded', [at('my app/#1?/package.json', 2, 'x@1')], [['my%20app/%231%3F/package.json', 2]]],
  ])('locations: %s', (_case, locations, expected) => {
    const log = render([makeEvaluated({ locations })]);
    expectValidForCodeScanning(log);
    const found = resultsOf(log).map((r) => {
      const physical = r.locations?.[0]?.physicalLocation;
      expect(physical?.artifactLocation?.uriBaseId).toBe('%SRCROOT%');
      return [physical?.artifactLocation?.uri, physical?.region?.startLine];
    });
    expect(found).toEqual(expected);
  });

  test('columns only when the package search gave them', () => {
    const log = render([makeEvaluated({ locations: [at('a', 3, 'x@1'), at('b', 4, 'y@1', { startColumn: 2 })] })]);
    expect(resultsOf(log).map((r) => r.locations?.[0]?.physicalLocation?.region)).toEqual([
      { startLine: 3, endLine: 3 },
      { startLine: 4, endLine: 4, startColumn: 2 },
    ]);
  });
});

describe('renderSarif: partialFingerprints', () => {
  const fingerprints = (log: Log) => resultsOf(log).map((r) => r.partialFingerprints?.[FINGERPRINT_KEY]);

  test('are the same across runs, even when the manifest line, score or order changes', () => {
    const first = render([
      makeEvaluated({ ...LODASH }),
      makeEvaluated({ advisory: 'GHSA-b', locations: [at('go.mod', 5, 'gin@1.6.0')] }),
    ]);
    const second = render([
      makeEvaluated({ advisory: 'GHSA-b', locations: [at('go.mod', 50, 'gin@1.6.0')] }),
      makeEvaluated({ ...LODASH, score: 9.1, locations: [at('web/package.json', 99, 'lodash@4.17.20')] }),
    ]);
    expect(fingerprints(second)).toEqual([...fingerprints(first)].reverse());
  });

  test('fallback locations have stable fingerprints too', () => {
    const alert = () => makeEvaluated({ id: 'same', advisory: 'GHSA-c', package: 'pkg:npm/x@1.0.0' });
    expect(fingerprints(render([alert()]))).toEqual(fingerprints(render([alert()])));
  });

  test.each<[string, EvaluatedOverrides]>([
    ['another package', { locations: [at('web/package.json', 12, 'lodash@4.17.21')] }],
    ['another manifest', { locations: [at('api/package.json', 12, 'lodash@4.17.20')] }],
    ['another advisory', { advisory: 'GHSA-other' }],
  ])('differ for %s', (_case, change) => {
    const log = render([makeEvaluated(LODASH), makeEvaluated({ ...LODASH, ...change })]);
    const [a, b] = fingerprints(log);
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });

  test('are unique across many packages', () => {
    const alerts = Array.from({ length: 500 }, (_, i) => makeEvaluated({ advisory: `GHSA-${i % 7}` }));
    const prints = fingerprints(render(alerts));
    expect(prints).toHaveLength(500);
    expect(new Set(prints).size).toBe(500);
  });
});

describe('renderSarif: GitHub upload limits', () => {
  test(`at most ${MAX_RESULTS.toLocaleString('en-US')} results, worst first, with a note of how many were left out`, () => {
    const count = 30_000;
    const alerts = Array.from({ length: count }, (_, i) =>
      makeEvaluated({ advisory: `GHSA-cap-${String(i).padStart(5, '0')}` }),
    );
    const json = renderSarif(makeResult({ alerts }), OPTIONS);
    const log = JSON.parse(json) as Log;
    expectValidForCodeScanning(log);
    const results = resultsOf(log);
    expect(results).toHaveLength(MAX_RESULTS);
    expect(rulesOf(log)).toHaveLength(MAX_RESULTS);
    expect(results[0]?.ruleId).toBe('GHSA-cap-00000');
    expect(results.at(-1)?.ruleId).toBe(`GHSA-cap-${String(MAX_RESULTS - 1).padStart(5, '0')}`);
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
