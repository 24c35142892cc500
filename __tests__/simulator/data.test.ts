// The seeded data set: deterministic, independent copies, and the shape the brief promises
// (severity mix of the main repository, package links, realistic identifiers).
import { describe, expect, test } from '@jest/globals';
import {
  ADVISORIES,
  CLEAN_REPO,
  defaultData,
  MAIN_REPO,
  MAIN_REPO_NOT_ALERTED,
  MAIN_REPO_SEVERITY_COUNTS,
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

  test('the main repository covers the severity edge cases', () => {
    const words = new Set(main.map((a) => a.metadata.severity));
    for (const word of ['critical', 'CRITICAL', 'HIGH', 'moderate', 'Medium', 'LOW', null, undefined]) expect(words).toContain(word);
    expect(main.some((a) => !('severity' in a.metadata) && !('severityScore' in a.metadata))).toBe(true);
    const onlyUnreachable = main.filter((a) => a.reachabilityCounts && a.reachabilityCounts.reachable === 0 && a.reachabilityCounts.needsReview === 0 && a.reachabilityCounts.unreachable > 0);
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
          (p) => p.repositoryId === repositoryId && p.version === version && (p.name === name || p.name === name.replace('/', ':')),
        );
        expect({ alert: alert.id, found: Boolean(match) }).toEqual({ alert: alert.id, found: true });
      }
    }
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
