// The demo's bad pull request (`npm run demo -- --bad-pr`): what it brings in is in GitHub's
// compare and advisories and nowhere in the service's data, it is GitHub's JSON as documented, and
// the fake serves it whole, in pages too. The advisories' CVE ids are written out here from the
// GitHub Advisory Database, not read from the module under test.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from '@jest/globals';
import { CLEAN_REPO, defaultData } from '../../simulator/data.js';
import { startFakeGitHub, type CompareEntry, type FakeGitHub } from '../../simulator/github.js';
import { kevCatalog } from '../../simulator/kev.js';
import { BAD_PR, BAD_PR_ADVISORIES, BAD_PR_LICENSE, badPullRequest } from '../../simulator/pull-requests.js';
import { compareEntrySchema, globalAdvisorySchema } from './github-schemas.js';

const pr = badPullRequest();
const data = defaultData();
const cleanPackages = data.packages.filter((p) => p.repositoryId === CLEAN_REPO.id);

/** Each advisory: its CVE id and GitHub's severity, in the advisory and in the compare. */
const PUBLISHED: Record<string, { cve: string; severity: string; compareSeverity: string }> = {
  'GHSA-jfh8-c2jp-5v3q': { cve: 'CVE-2021-44228', severity: 'critical', compareSeverity: 'critical' },
  'GHSA-7rjr-3q55-vv33': { cve: 'CVE-2021-45046', severity: 'critical', compareSeverity: 'critical' },
  'GHSA-p6xc-xr62-6r2g': { cve: 'CVE-2021-45105', severity: 'high', compareSeverity: 'high' },
  'GHSA-8489-44mv-ggj8': { cve: 'CVE-2021-44832', severity: 'medium', compareSeverity: 'moderate' },
  'GHSA-952p-6rrq-rcjv': { cve: 'CVE-2024-4067', severity: 'medium', compareSeverity: 'moderate' },
};

const entryOf = (name: string) => pr.changes.find((e) => e.name === name);
const purlOf = (e: CompareEntry) => e.package_url;

describe('the compare', () => {
  test('log4j-core 2.14.1 is added to java/pom.xml, a Maven manifest the service lists for acme/clean-lib, with Log4Shell critical', () => {
    expect(cleanPackages.map((p) => p.manifestPath)).toContain('java/pom.xml');
    expect(entryOf('org.apache.logging.log4j:log4j-core')).toMatchObject({
      change_type: 'added',
      manifest: 'java/pom.xml',
      ecosystem: 'maven',
      version: '2.14.1',
      package_url: 'pkg:maven/org.apache.logging.log4j/log4j-core@2.14.1',
      license: 'Apache-2.0',
      scope: 'runtime',
    });
    expect(entryOf('org.apache.logging.log4j:log4j-core')!.vulnerabilities[0]).toEqual({
      severity: 'critical',
      advisory_ghsa_id: 'GHSA-jfh8-c2jp-5v3q',
      advisory_summary: 'Remote code injection in Log4j',
      advisory_url: 'https://github.com/advisories/GHSA-jfh8-c2jp-5v3q',
    });
  });

  test('a finding of lower severity on an npm package: micromatch 4.0.5 in package-lock.json, moderate', () => {
    expect(entryOf('micromatch')).toMatchObject({
      manifest: 'package-lock.json',
      ecosystem: 'npm',
      version: '4.0.5',
      package_url: 'pkg:npm/micromatch@4.0.5',
      scope: 'development',
      vulnerabilities: [{ severity: 'moderate', advisory_ghsa_id: BAD_PR_ADVISORIES.micromatch }],
    });
  });

  test('one added package is GPL-3.0-only (ffmpeg-static 5.2.0), with no vulnerability; the others are permissive', () => {
    const gpl = pr.changes.filter((e) => e.license === 'GPL-3.0-only');
    expect(gpl.map((e) => [e.name, e.version, e.manifest, e.vulnerabilities.length])).toEqual([
      [BAD_PR_LICENSE.name, BAD_PR_LICENSE.version, 'package.json', 0],
    ]);
    expect(pr.changes.filter((e) => e !== gpl[0]).map((e) => e.license)).toEqual(['Apache-2.0', 'MIT', 'MIT']);
  });

  test('every entry is added and is GitHub’s compare entry as documented; scopes are runtime and development', () => {
    for (const entry of pr.changes) expect(compareEntrySchema.safeParse(entry).error).toBeUndefined();
    expect(new Set(pr.changes.map((e) => e.change_type))).toEqual(new Set(['added']));
    expect(new Set(pr.changes.map((e) => e.scope))).toEqual(new Set(['runtime', 'development']));
  });

  test('the advisories listed are the published ones for those versions, with their severity words', () => {
    const listed = pr.changes.flatMap((e) => e.vulnerabilities.map((v) => [v.advisory_ghsa_id, v.severity]));
    expect(Object.fromEntries(listed)).toEqual(
      Object.fromEntries(Object.entries(PUBLISHED).map(([id, p]) => [id, p.compareSeverity])),
    );
  });
});

describe('the advisories', () => {
  test('one record per advisory the compare lists, each as GitHub documents it', () => {
    expect([...pr.advisories.keys()].sort()).toEqual(Object.keys(PUBLISHED).sort());
    for (const [id, record] of pr.advisories) {
      expect(globalAdvisorySchema.safeParse(record).error).toBeUndefined();
      expect(record.ghsa_id).toBe(id);
    }
  });

  test.each(Object.entries(PUBLISHED))('%s carries its CVE id in cve_id and identifiers, and its severity', (id, p) => {
    const record = pr.advisories.get(id)!;
    expect(record.cve_id).toBe(p.cve);
    expect(record.identifiers.filter((i) => i.type === 'CVE').map((i) => i.value)).toEqual([p.cve]);
    expect(record.severity).toBe(p.severity);
    // The compare's summary is the advisory's.
    const listed = pr.changes.flatMap((e) => e.vulnerabilities).find((v) => v.advisory_ghsa_id === id)!;
    expect(listed.advisory_summary).toBe(record.summary);
  });

  test('each advisory names the package and a range that holds the version added', () => {
    const log4j = pr.advisories.get(BAD_PR_ADVISORIES.log4shell)!;
    expect(log4j.summary).toBe('Remote code injection in Log4j');
    expect(log4j.vulnerabilities[0]).toMatchObject({
      package: { ecosystem: 'maven', name: 'org.apache.logging.log4j:log4j-core' },
      vulnerable_version_range: '>= 2.13.0, < 2.15.0',
      first_patched_version: '2.15.0',
    });
    expect(pr.advisories.get(BAD_PR_ADVISORIES.micromatch)!.vulnerabilities[0]).toMatchObject({
      package: { ecosystem: 'npm', name: 'micromatch' },
      vulnerable_version_range: '< 4.0.8',
    });
  });

  test('the two critical log4j CVEs are in the simulator’s KEV catalog (the demo’s --kev --bad-pr)', () => {
    const listed = new Set(kevCatalog().vulnerabilities.map((v) => v.cveID));
    expect(['CVE-2021-44228', 'CVE-2021-45046'].filter((cve) => listed.has(cve))).toHaveLength(2);
  });
});

describe('the service has scanned none of it', () => {
  test('acme/clean-lib has no alert, and the package search lists none of the versions added', () => {
    expect(data.alerts[CLEAN_REPO.id]).toEqual([]);
    const scanned = new Set(cleanPackages.map((p) => `${p.name}@${p.version}`));
    expect(pr.changes.filter((e) => scanned.has(`${e.name}@${e.version}`)).map(purlOf)).toEqual([]);
  });

  test('the event: its base is the commit the service scanned, its repository acme/clean-lib by GitHub’s id', () => {
    expect(new Set(cleanPackages.map((p) => p.commitSha))).toEqual(new Set([pr.base]));
    expect(pr.head).toMatch(/^[0-9a-f]{40}$/);
    expect(pr.head).not.toBe(pr.base);
    expect(pr).toMatchObject({ number: BAD_PR.number, repository: 'acme/clean-lib' });
    expect(pr.compareKey).toBe(`acme/clean-lib/${pr.base}...${pr.head}`);
    const repository = data.repositories.find((r) => r.id === CLEAN_REPO.id)!;
    expect(repository.github?.externalGithubRepositoryId).toBe(String(pr.repositoryId));
  });
});

describe('the head’s manifests', () => {
  test('every manifest the compare names is there and names what it adds', () => {
    for (const entry of pr.changes) {
      const text = pr.files[entry.manifest];
      expect(text).toBeDefined();
      // A pom names group and artifact on lines of their own.
      const artifact = entry.name.slice(entry.name.indexOf(':') + 1);
      expect(text).toContain(entry.ecosystem === 'maven' ? `<artifactId>${artifact}</artifactId>` : `"${entry.name}"`);
    }
  });

  test('the packages the service lists at the base sit on the lines and columns its package search gives', () => {
    const at = cleanPackages.map((p) => {
      const lines = pr.files[p.manifestPath]!.split('\n');
      const block = lines.slice(p.manifestStartLine - 1, p.manifestEndLine);
      return {
        package: p.name,
        start: block[0]!.slice((p.manifestStartColumn ?? 1) - 1),
        end: block.at(-1)!.length + 1,
        names: block.join('\n').includes(p.name.slice(p.name.indexOf(':') + 1)),
      };
    });
    expect(at).toEqual(
      cleanPackages.map((p) => ({
        package: p.name,
        start: p.ecosystem === 'maven' ? '<dependency>' : expect.stringMatching(new RegExp(`^"${p.name}": `)),
        end: p.manifestEndColumn,
        names: true,
      })),
    );
  });

  test('badPullRequest() returns a fresh copy each call', () => {
    const one = badPullRequest();
    one.changes.length = 0;
    one.advisories.clear();
    one.files['package.json'] = '';
    expect(badPullRequest()).toEqual(pr);
  });
});

describe('served by the fake GitHub', () => {
  let github: FakeGitHub;
  beforeAll(async () => {
    github = await startFakeGitHub();
  });
  afterAll(() => github.close());
  beforeEach(() => {
    github.reset();
    github.compares.set(pr.compareKey, pr.changes);
    for (const [id, record] of pr.advisories) github.advisories.set(id, record);
  });

  test('the compare in pages of 3 reads back whole; the Log4Shell advisory answers with its CVE id', async () => {
    github.comparePageSize = 3;
    const path = `/repos/${pr.repository}/dependency-graph/compare/${pr.base}...${pr.head}`;
    const first = await fetch(`${github.url}${path}`);
    const second = await fetch(`${github.url}${path}?page=2&per_page=3`);
    expect(first.headers.get('link')).toContain('rel="next"');
    expect(second.headers.get('link')).not.toContain('rel="next"');
    expect([...((await first.json()) as unknown[]), ...((await second.json()) as unknown[])]).toEqual(pr.changes);
    const advisory = await fetch(`${github.url}/advisories/${BAD_PR_ADVISORIES.log4shell}`);
    expect(await advisory.json()).toMatchObject({ ghsa_id: 'GHSA-jfh8-c2jp-5v3q', cve_id: 'CVE-2021-44228' });
  });
});
