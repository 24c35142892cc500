// The fix (policy/fix.ts; contract: "The fix"): looked up by the GHSA id, else a CVE id; the entry of
// the alert's own package whose range holds its version; its first patched version.
import { describe, expect, test } from '@jest/globals';
import type { GitHubAdvisory } from '../../src/github/advisories.js';
import { fixFrom, lookupId } from '../../src/policy/fix.js';

const advisory = (ghsaId: string, vulnerabilities: GitHubAdvisory['vulnerabilities']): GitHubAdvisory => ({
  ghsaId,
  cves: [],
  vulnerabilities,
});
const LOG4J = { ecosystem: 'maven', namespace: 'org.apache.logging.log4j', name: 'log4j-core' };

describe('lookupId', () => {
  test.each([
    [{ advisory: 'GHSA-jfh8-c2jp-5v3q', aliases: ['CVE-2021-44228'] }, 'GHSA-jfh8-c2jp-5v3q'],
    [{ advisory: 'CVE-2021-44228', aliases: ['GHSA-jfh8-c2jp-5v3q'] }, 'GHSA-jfh8-c2jp-5v3q'],
    [{ advisory: 'CVE-2021-44228', aliases: [] }, 'CVE-2021-44228'],
    [{ advisory: 'SNYK-JAVA-1', aliases: [] }, null],
  ])('%j: %s', (alert, id) => {
    expect(lookupId(alert)).toBe(id);
  });
});

describe('fixFrom', () => {
  const log4shell = advisory('GHSA-jfh8-c2jp-5v3q', [
    {
      ecosystem: 'MAVEN',
      name: 'org.apache.logging.log4j:log4j-core',
      firstPatched: '2.15.0',
      range: '>= 2.13.0, < 2.15.0',
    },
    {
      ecosystem: 'MAVEN',
      name: 'org.apache.logging.log4j:log4j-core',
      firstPatched: '2.12.2',
      range: '>= 2.0-beta9, < 2.12.2',
    },
    {
      ecosystem: 'MAVEN',
      name: 'org.ops4j.pax.logging:pax-logging-log4j2',
      firstPatched: '1.11.10',
      range: '< 1.11.10',
    },
  ]);

  test("the entry of the alert's own package whose range holds its version", () => {
    expect(fixFrom([log4shell], LOG4J, '2.14.1')).toEqual({ version: '2.15.0', advisory: 'GHSA-jfh8-c2jp-5v3q' });
    expect(fixFrom([log4shell], LOG4J, '2.11.0')).toEqual({ version: '2.12.2', advisory: 'GHSA-jfh8-c2jp-5v3q' });
    expect(
      fixFrom(
        [log4shell],
        { ecosystem: 'maven', namespace: 'org.ops4j.pax.logging', name: 'pax-logging-log4j2' },
        '1.11.9',
      ),
    ).toEqual({ version: '1.11.10', advisory: 'GHSA-jfh8-c2jp-5v3q' });
  });

  test('another package, or a version no range holds among several: not known', () => {
    expect(fixFrom([log4shell], { ecosystem: 'npm', namespace: null, name: 'log4j-core' }, '2.14.1')).toBeNull();
    expect(fixFrom([log4shell], LOG4J, '2.16.0')).toBeNull();
  });

  test('one entry: its fix whatever the version says; none published is a version null', () => {
    const lodash = advisory('GHSA-35jh-r3h4-6jhm', [
      { ecosystem: 'NPM', name: 'lodash', firstPatched: '4.17.21', range: '< 4.17.21' },
    ]);
    expect(fixFrom([lodash], { ecosystem: 'npm', namespace: null, name: 'lodash' }, null)).toEqual({
      version: '4.17.21',
      advisory: 'GHSA-35jh-r3h4-6jhm',
    });
    const none = advisory('GHSA-aaaa-bbbb-cccc', [
      { ecosystem: 'PIP', name: 'Some_Pkg', firstPatched: null, range: '<= 1.0' },
    ]);
    expect(fixFrom([none], { ecosystem: 'pypi', namespace: null, name: 'some-pkg' }, '1.0')).toEqual({
      version: null,
      advisory: 'GHSA-aaaa-bbbb-cccc',
    });
  });

  test('a CVE id that names several advisories: the first that lists the package', () => {
    const other = advisory('GHSA-1111-2222-3333', [
      { ecosystem: 'NPM', name: 'x', firstPatched: '1.0.1', range: '< 1.0.1' },
    ]);
    expect(fixFrom([other, log4shell], LOG4J, '2.14.1')?.advisory).toBe('GHSA-jfh8-c2jp-5v3q');
  });

  test.each([
    ['RUST', 'cargo'],
    ['ERLANG', 'hex'],
    ['ACTIONS', 'githubactions'],
    ['RUBYGEMS', 'gem'],
    ['GO', 'golang'],
  ])("GitHub's ecosystem %s is the package URL type %s", (github, purl) => {
    const a = advisory('GHSA-x', [{ ecosystem: github, name: 'pkg', firstPatched: '2.0.0', range: '< 2.0.0' }]);
    expect(fixFrom([a], { ecosystem: purl, namespace: null, name: 'pkg' }, '1.0.0')?.version).toBe('2.0.0');
  });
});
