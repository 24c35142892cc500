// The seeded data set: deterministic, independent copies, and the shape the brief promises
// (severity mix of the main repository, package links, realistic identifiers).
import { describe, expect, test } from '@jest/globals';
import parse, { type SpdxNode } from 'spdx-expression-parse';
import {
  ADVISORIES,
  CLEAN_REPO,
  defaultData,
  DENIED_LICENSES,
  EXPECTED_SEVERITY,
  KEV_REPO,
  KEV_REPO_ADVISORIES,
  LICENSE_FIXTURES,
  MAIN_REPO,
  MAIN_REPO_LICENSE_FINDINGS,
  MAIN_REPO_NOT_ALERTED,
  MAIN_REPO_SEVERITY_COUNTS,
  PERMISSIVE_LICENSES,
  type SimData,
} from '../../simulator/data.js';
import type { ScaAlert } from '../../simulator/wire.js';

/** The contract's severity rule, written out independently of the simulator and the policy code. */
function band(alert: ScaAlert): string {
  const word = (alert.metadata.severity ?? '').toLowerCase();
  if (['critical', 'high', 'medium', 'low'].includes(word)) return word;
  if (word === 'moderate') return 'medium';
  const score = alert.metadata.severityScore ?? 0;
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : score > 0 ? 'low' : 'unknown';
}

const data = defaultData();
const main = data.alerts[MAIN_REPO.id]!;

describe('defaultData', () => {
  test('is deterministic', () => {
    expect(JSON.stringify(defaultData())).toBe(JSON.stringify(defaultData()));
  });

  test('returns independent copies', () => {
    const a = defaultData();
    a.alerts[MAIN_REPO.id]!.length = 0;
    a.settings[MAIN_REPO.id]!.cweWhitelist.push('CWE-79');
    expect(defaultData().alerts[MAIN_REPO.id]).toHaveLength(69);
    expect(defaultData().settings[MAIN_REPO.id]!.cweWhitelist).toEqual([]);
  });

  test('the main repository has the documented severity counts', () => {
    const counts: Record<string, number> = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 };
    for (const alert of main) counts[band(alert)]!++;
    expect(counts).toEqual(MAIN_REPO_SEVERITY_COUNTS);
    expect(main.filter((a) => !a.isAlerted)).toHaveLength(MAIN_REPO_NOT_ALERTED);
  });

  test('EXPECTED_SEVERITY, worked out by hand, names every seeded advisory as the rule above reads it', () => {
    const seeded = Object.values(data.alerts).flat();
    expect(seeded.filter((a) => EXPECTED_SEVERITY[a.metadata.id] !== band(a)).map((a) => a.metadata.id)).toEqual([]);
    const counts: Record<string, number> = { critical: 0, high: 0, medium: 0, low: 0, unknown: 0 };
    for (const alert of main) counts[EXPECTED_SEVERITY[alert.metadata.id]!]!++;
    expect(counts).toEqual(MAIN_REPO_SEVERITY_COUNTS);
  });

  test('the main repository covers the severity edge cases', () => {
    const words = new Set(main.map((a) => a.metadata.severity));
    for (const word of ['critical', 'CRITICAL', 'HIGH', 'moderate', 'Medium', 'LOW', null, undefined])
      expect(words).toContain(word);
    expect(main.some((a) => !('severity' in a.metadata) && !('severityScore' in a.metadata))).toBe(true);
    const onlyUnreachable = main.filter(
      (a) =>
        a.reachabilityCounts &&
        a.reachabilityCounts.reachable === 0 &&
        a.reachabilityCounts.needsReview === 0 &&
        a.reachabilityCounts.unreachable > 0,
    );
    expect(onlyUnreachable.length).toBeGreaterThanOrEqual(3);
    const byAdvisory = new Map(main.map((a) => [a.metadata.id, a]));
    expect(band(byAdvisory.get(ADVISORIES.log4jIncompleteFix)!)).toBe('critical');
    expect(band(byAdvisory.get(ADVISORIES.loaderUtils)!)).toBe('high');
    expect(band(byAdvisory.get(ADVISORIES.ginInputValidation)!)).toBe('unknown');
    expect(byAdvisory.get(ADVISORIES.nthCheck)!.isAlerted).toBe(false);
  });

  test('identifiers look real', () => {
    for (const alert of main) {
      expect(alert.metadata.id).toMatch(/^GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/);
      expect(alert.metadata.aliases.every((a) => /^CVE-\d{4}-\d{4,}$/.test(a))).toBe(true);
      expect(alert.metadata.references[0]).toBe(`https://github.com/advisories/${alert.metadata.id}`);
      expect(alert.metadata.packageIdentifier).toMatch(/^(pkg:(npm|maven|pypi|golang)\/\S+|[a-z0-9@/._-]+)@\S+$/);
    }
    expect(new Set(main.map((a) => a.id)).size).toBe(main.length);
  });

  test("every alert's package exists in that repository with the same version", () => {
    for (const [repositoryId, alerts] of Object.entries(data.alerts)) {
      for (const alert of alerts) {
        const identifier = alert.metadata.packageIdentifier.replace(/^pkg:[a-z]+\//, '').replace('%40', '@');
        const at = identifier.lastIndexOf('@');
        const [name, version] = [identifier.slice(0, at), identifier.slice(at + 1)];
        const match = data.packages.find(
          (p) =>
            p.repositoryId === repositoryId &&
            p.version === version &&
            (p.name === name || p.name === name.replace('/', ':')),
        );
        expect({ alert: alert.id, found: Boolean(match) }).toEqual({ alert: alert.id, found: true });
      }
    }
  });

  test('acme/ops-console: high and medium npm alerts, no critical one, every package on a manifest line', () => {
    const ops = data.alerts[KEV_REPO.id]!;
    expect(ops.map((a) => band(a)).sort()).toEqual(['high', 'high', 'medium', 'medium']);
    expect(
      ops
        .filter((a) => band(a) === 'high')
        .map((a) => a.metadata.id)
        .sort(),
    ).toEqual([KEV_REPO_ADVISORIES.knownExploited, KEV_REPO_ADVISORIES.notListed].sort());
    expect(ops.every((a) => a.isAlerted)).toBe(true);
    const known = ops.find((a) => a.metadata.id === KEV_REPO_ADVISORIES.knownExploited)!;
    expect(known.metadata).toMatchObject({ aliases: ['CVE-2021-21315'], severity: 'high', severityScore: 7.8 });
    expect(known.reachabilityCounts!.reachable).toBeGreaterThan(0);
    const packages = data.packages.filter((p) => p.repositoryId === KEV_REPO.id);
    expect(packages.find((p) => p.name === 'systeminformation')).toMatchObject({
      version: '5.3.0',
      manifestPath: 'package.json',
    });
    expect(data.repositories.find((r) => r.id === KEV_REPO.id)).toMatchObject({
      repositoryName: KEV_REPO.name,
      github: { externalGithubRepositoryId: KEV_REPO.externalId },
    });
  });

  test('packages have manifests, lines and a commit; the clean repository has packages but no alerts', () => {
    for (const p of data.packages) {
      expect(p.commitSha).toMatch(/^[0-9a-f]{40}$/);
      expect(p.manifestStartLine).toBeGreaterThan(0);
      expect(p.manifestEndLine).toBeGreaterThanOrEqual(p.manifestStartLine);
    }
    expect(data.alerts[CLEAN_REPO.id]).toEqual([]);
    expect(data.packages.some((p) => p.repositoryId === CLEAN_REPO.id)).toBe(true);
    const manifests = new Set(data.packages.filter((p) => p.repositoryId === MAIN_REPO.id).map((p) => p.manifestPath));
    expect([...manifests].sort()).toEqual([
      'package-lock.json',
      'package.json',
      'services/catalog/pom.xml',
      'services/gateway/go.mod',
      'services/recommender/requirements.txt',
    ]);
  });
});

// ---------- licenses ----------

/** The contract's reading of a license entry, written out independently of src/policy: the id when
 * it is a valid SPDX expression, else the name when that is, else null (unknown). */
function expressionOf(entry: { id: string; name: string }): string | null {
  for (const text of [entry.id, entry.name]) {
    if (/^(NOASSERTION|NONE)$/i.test(text)) continue;
    try {
      parse(text);
      return text;
    } catch {
      // not SPDX: try the next
    }
  }
  return null;
}

/** Every way of satisfying an expression: the license ids all of which one needs, per way. */
function ways(node: SpdxNode): string[][] {
  if ('license' in node) return [[node.license]];
  const [left, right] = [ways(node.left), ways(node.right)];
  return node.conjunction === 'or' ? [...left, ...right] : left.flatMap((l) => right.map((r) => [...l, ...r]));
}

/** `name@version` of the repository's packages that violate the policy, and of those that are unknown. */
function findings(
  state: SimData,
  repositoryId: string,
  policy: { allow?: readonly string[]; deny?: readonly string[] },
) {
  const packages = new Map(state.packages.filter((p) => p.repositoryId === repositoryId).map((p) => [p.id, p]));
  const violations = new Set<string>();
  const unknown = new Set<string>();
  for (const entry of state.licenses) {
    const expression = expressionOf(entry);
    const way = expression === null ? [] : ways(parse(expression));
    const violates = policy.allow
      ? !way.some((ids) => ids.every((id) => policy.allow!.includes(id)))
      : way.every((ids) => ids.some((id) => policy.deny!.includes(id)));
    for (const id of entry.packageIds) {
      const p = packages.get(id);
      if (!p) continue;
      if (expression === null) unknown.add(`${p.name}@${p.version}`);
      else if (violates) violations.add(`${p.name}@${p.version}`);
    }
  }
  return { violations: [...violations].sort(), unknown: [...unknown].sort() };
}

describe('licenses', () => {
  const byId = new Map(data.licenses.map((l) => [l.id, l]));
  const packageById = new Map(data.packages.map((p) => [p.id, p]));
  const namesOf = (licenseId: string, repositoryId: string = MAIN_REPO.id) =>
    (byId.get(licenseId)?.packageIds ?? [])
      .map((id) => packageById.get(id)!)
      .filter((p) => p.repositoryId === repositoryId)
      .map((p) => p.name);

  test('every package is listed under at least one entry, and every listed package exists', () => {
    const listed = data.licenses.flatMap((l) => l.packageIds);
    expect(listed.every((id) => packageById.has(id))).toBe(true);
    expect(data.packages.filter((p) => !listed.includes(p.id)).map((p) => p.id)).toEqual([]);
    expect(new Set(data.licenses.map((l) => l.id)).size).toBe(data.licenses.length);
    for (const license of data.licenses) expect(new Set(license.packageIds).size).toBe(license.packageIds.length);
  });

  test('SPDX ids as id, with the full name as name', () => {
    for (const id of [
      'MIT',
      'Apache-2.0',
      'BSD-3-Clause',
      'ISC',
      'GPL-3.0-only',
      'LGPL-2.1-or-later',
      'MPL-2.0',
      '0BSD',
    ]) {
      const entry = byId.get(id);
      expect({ id, present: entry !== undefined, packages: (entry?.packageIds.length ?? 0) > 0 }).toEqual({
        id,
        present: true,
        packages: true,
      });
      expect(expressionOf(entry!)).toBe(id);
    }
    expect(byId.get('Apache-2.0')!.name).toBe('Apache License 2.0');
  });

  test('SPDX expressions as id: dual licenses and a WITH exception', () => {
    for (const id of ['MIT OR Apache-2.0', 'MIT OR GPL-3.0-only', 'GPL-2.0-only WITH Classpath-exception-2.0']) {
      expect(byId.get(id)?.packageIds.length).toBeGreaterThan(0);
      expect(expressionOf(byId.get(id)!)).toBe(id);
    }
  });

  test('service-internal ids: the license is in the name, or nowhere (free text)', () => {
    const internal = data.licenses.filter((l) => /^lic_[0-9a-f]{4}$/.test(l.id));
    expect(internal.map((l) => [l.id, expressionOf(l)])).toEqual([
      ['lic_7f2a', 'BSD-2-Clause'],
      ['lic_3c9e', 'Apache-2.0 OR BSD-3-Clause'],
      ['lic_b81d', 'EPL-1.0 OR LGPL-2.1-only'],
      ['lic_9c41', null],
    ]);
    expect(byId.get('lic_9c41')!.name).toBe('The Acme Commercial License');
    expect(byId.get('NOASSERTION')).toMatchObject({ id: 'NOASSERTION', name: 'NOASSERTION' });
    expect(expressionOf(byId.get('NOASSERTION')!)).toBeNull();
  });

  test('the fixtures are packages of acme/webshop, listed under their entries, with manifest lines', () => {
    const { twoEntries, ...single } = LICENSE_FIXTURES;
    for (const [name, fixture] of Object.entries(single)) {
      const p = data.packages.find(
        (q) => q.repositoryId === MAIN_REPO.id && q.name === fixture.name && q.version === fixture.version,
      );
      expect({ name, found: p?.ecosystem }).toEqual({ name, found: fixture.ecosystem });
      expect(p!.manifestStartLine).toBeGreaterThan(0);
      const entries = data.licenses.filter((l) => l.packageIds.includes(p!.id));
      expect(entries.map((l) => l.id)).toEqual([fixture.licenseId]);
      expect(expressionOf(entries[0]!)).toBe(fixture.expression);
    }
    const yaml = data.packages.find((p) => p.repositoryId === MAIN_REPO.id && p.name === twoEntries.name)!;
    expect(yaml.version).toBe(twoEntries.version);
    expect(data.licenses.filter((l) => l.packageIds.includes(yaml.id)).map((l) => l.id)).toEqual([
      ...twoEntries.licenseIds,
    ]);
    expect(namesOf('GPL-3.0-only')).toEqual([LICENSE_FIXTURES.gpl.name]);
    expect(namesOf('MIT OR GPL-3.0-only')).toEqual([LICENSE_FIXTURES.dual.name]);
  });

  test('acme/webshop under the deny list and the permissive allow list finds what MAIN_REPO_LICENSE_FINDINGS says', () => {
    expect(findings(data, MAIN_REPO.id, { deny: DENIED_LICENSES })).toEqual(MAIN_REPO_LICENSE_FINDINGS.deny);
    expect(findings(data, MAIN_REPO.id, { deny: ['GPL-3.0-only'] })).toEqual(MAIN_REPO_LICENSE_FINDINGS.deny);
    expect(findings(data, MAIN_REPO.id, { allow: PERMISSIVE_LICENSES })).toEqual(MAIN_REPO_LICENSE_FINDINGS.allow);
    // the spec's example allow list (no 0BSD) finds the same in acme/webshop
    expect(findings(data, MAIN_REPO.id, { allow: ['MIT', 'Apache-2.0', 'BSD-3-Clause', 'ISC'] })).toEqual(
      MAIN_REPO_LICENSE_FINDINGS.allow,
    );
  });

  test('acme/clean-lib: only MIT and 0BSD, nothing found under either policy', () => {
    const entries = data.licenses.filter((l) => namesOf(l.id, CLEAN_REPO.id).length > 0);
    expect(entries.map((l) => l.id)).toEqual(['MIT', '0BSD']);
    expect(findings(data, CLEAN_REPO.id, { allow: PERMISSIVE_LICENSES })).toEqual({ violations: [], unknown: [] });
    expect(findings(data, CLEAN_REPO.id, { allow: ['MIT', '0BSD'] })).toEqual({ violations: [], unknown: [] });
    expect(findings(data, CLEAN_REPO.id, { deny: DENIED_LICENSES })).toEqual({ violations: [], unknown: [] });
  });
});
