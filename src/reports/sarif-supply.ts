// Before any advisory, in the SARIF log (contract: "Reported"): one result per marked version and
// manifest line, under the rules `release-age`, `malicious` and `denied`, tagged `supply-chain`: an
// error when it gates, a warning when it is listed (warn modes, allowed), never cut (few, decisive).
import type { ReportingDescriptor, Result } from 'sarif';
import { RULE_TRAITS, type EvaluatedSupplyChainEntry, type GateResult } from '../model.js';
import { FALLBACK_MANIFEST_PATH, fallbackLocation, repoRelativePath } from '../packages/locations.js';
import { plainLine } from './plain.js';
import { artifactLocation, FINGERPRINT_KEY, fingerprint } from './sarif-common.js';
import { deniedMark, maliciousMark, tooNewMark } from './supply-marks.js';

/** The tag of the rules and results of the checks before any advisory. */
export const SUPPLY_CHAIN_TAG = 'supply-chain';

type SupplyRuleId = 'denied' | 'malicious' | 'release-age';

const RULES: Record<SupplyRuleId, { name: string; short: string; text: string }> = {
  denied: {
    name: 'DeniedPackage',
    short: 'Denied package',
    text: 'A package deny-packages names (the organization decided it must not be used). Remove it, or change deny-packages.',
  },
  malicious: {
    name: 'MaliciousPackage',
    short: 'Known malicious package (OSV MAL- record)',
    text: 'A version OSV lists as malicious (a MAL- record): it was published to attack whoever installs it. Remove it and treat the machines that installed it as compromised.',
  },
  'release-age': {
    name: 'TooNewRelease',
    short: 'Version published less than min-release-age ago',
    text: 'A version published less than min-release-age ago (or whose publish time is unknown): hijacked versions are live for hours before any advisory. Pin an older version, or wait until it is old enough.',
  },
};

/** Each rule an entry breaks, with its mark. */
function marksOf(e: EvaluatedSupplyChainEntry): [SupplyRuleId, string][] {
  const marks: [SupplyRuleId, string | null][] = [
    ['denied', deniedMark(e)],
    ['malicious', maliciousMark(e)],
    ['release-age', tooNewMark(e)],
  ];
  return marks.filter((m): m is [SupplyRuleId, string] => m[1] !== null);
}

/** The rule that decided the verdict of an entry, as a SARIF rule id; null when none of these did. */
function decidingRule(e: EvaluatedSupplyChainEntry): SupplyRuleId | null {
  const mark = RULE_TRAITS[e.disposition.rule].mark;
  return mark === 'release-age' ? 'release-age' : mark === 'deny' ? 'denied' : mark === 'osv' ? 'malicious' : null;
}

/** The entries SARIF reports: every marked one. */
export const reportedSupply = (result: GateResult): EvaluatedSupplyChainEntry[] =>
  result.supplyChain?.entries.filter((e) => marksOf(e).length > 0) ?? [];

/** How many results they make (one per rule broken and manifest line). */
export const supplyResultCount = (entries: EvaluatedSupplyChainEntry[]): number =>
  entries.reduce((n, e) => n + marksOf(e).length * Math.max(1, e.locations.length), 0);

export function supplyParts(
  entries: EvaluatedSupplyChainEntry[],
  firstRuleIndex: number,
): { rules: ReportingDescriptor[]; results: Result[] } {
  const rules: ReportingDescriptor[] = [];
  const indexes = new Map<SupplyRuleId, number>();
  const results: Result[] = [];
  for (const e of entries) {
    const gatesBy = e.disposition.gates ? decidingRule(e) : null;
    for (const [ruleId, mark] of marksOf(e)) {
      let index = indexes.get(ruleId);
      if (index === undefined) {
        index = firstRuleIndex + rules.length;
        indexes.set(ruleId, index);
        const { name, short, text } = RULES[ruleId];
        rules.push({
          id: ruleId,
          name,
          shortDescription: { text: short },
          fullDescription: { text },
          help: { text, markdown: text },
          defaultConfiguration: { level: 'error' },
          properties: { tags: ['security', 'dependency', SUPPLY_CHAIN_TAG] },
        });
      }
      const level = gatesBy === ruleId || (e.disposition.gates && gatesBy === null) ? 'error' : 'warning';
      const pkg = `${e.name}@${e.version}`;
      const verdict =
        level === 'error' ? 'It fails the gate.' : `Does not fail the gate: ${plainLine(e.disposition.reason, 300)}.`;
      const locations = e.locations.length > 0 ? e.locations : [fallbackLocation()];
      for (const location of locations) {
        const path = repoRelativePath(location.path) || FALLBACK_MANIFEST_PATH;
        results.push({
          ruleId,
          ruleIndex: index,
          level,
          message: { text: plainLine(`${pkg}: ${mark}. ${verdict}`, 1000) },
          locations: [
            {
              physicalLocation: {
                artifactLocation: artifactLocation(path),
                region: { startLine: location.startLine, endLine: location.endLine },
              },
            },
          ],
          partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(`${SUPPLY_CHAIN_TAG}/${ruleId}`, pkg, path) },
          properties: { tags: [SUPPLY_CHAIN_TAG] },
        });
      }
    }
  }
  return { rules, results };
}
