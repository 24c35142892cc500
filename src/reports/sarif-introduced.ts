// What a pull request brings in, in the SARIF log (contract: "Brought in by the pull request"): one
// result per finding and manifest that adds it, under the advisory's rule (shared with an alert of the
// same advisory), tagged `introduced`: an error when it gates, else as an alert below the threshold.
// A finding allow-alerts spares is not reported, as an allowed alert is not.
import type { ReportingDescriptor, Result } from 'sarif';
import type { EvaluatedFinding, GateResult } from '../model.js';
import { epssProperties } from './epss.js';
import { kevPhrase } from './known-exploited.js';
import { code, escapeText, link } from './markdown.js';
import { plainLine } from './plain.js';
import {
  artifactLocation,
  asSentence,
  FINGERPRINT_KEY,
  fingerprint,
  KEV_TAG,
  NOT_GATING_LEVELS,
  ruleName,
  securitySeverity,
  type Level,
} from './sarif-common.js';

/** The tag of the rules and results of what a pull request brings in. */
export const INTRODUCED_TAG = 'introduced';

/** The findings SARIF reports: all but the allowed, gating first (as the view orders them). */
export const reportedFindings = (result: GateResult): EvaluatedFinding[] =>
  result.introduced?.findings.filter((f) => f.status !== 'allowed') ?? [];

const findingLevel = (f: EvaluatedFinding): Level =>
  f.disposition.gates ? 'error' : f.status === 'not-affected' ? 'note' : NOT_GATING_LEVELS[f.severity];

function findingRule(f: EvaluatedFinding): ReportingDescriptor {
  const summary = plainLine(f.summary, 1024) || `Vulnerable dependency: ${f.advisory}`;
  const text = `${summary}\n\nBrought in by a pull request: the advisory is listed on a package the change adds.\n\n${f.url}`;
  const markdown = `**${escapeText(summary)}**\n\nBrought in by a pull request: the advisory is listed on ${code(`${f.name}@${f.version}`)}, which the change adds.\n\n${link(f.advisory, f.url)}`;
  const score = securitySeverity(f.severity, null);
  return {
    id: f.advisory,
    name: ruleName(f.advisory, f.summary),
    shortDescription: { text: summary },
    fullDescription: { text: summary },
    help: { text, markdown },
    helpUri: f.url,
    defaultConfiguration: { level: findingLevel(f) },
    properties: {
      tags: ['security', 'dependency', f.severity, INTRODUCED_TAG, ...(f.knownExploited ? [KEV_TAG] : [])],
      ...(score === undefined ? {} : { 'security-severity': score }),
    },
  };
}

function findingMessage(f: EvaluatedFinding): string {
  const pkg = `${f.name}@${f.version}`;
  const notes = [
    f.knownExploited === null ? null : `${kevPhrase(f.knownExploited)}.`,
    'Brought in by this pull request.',
    f.disposition.gates ? null : `Does not fail the gate: ${plainLine(f.disposition.reason, 300)}.`,
  ].filter((note) => note !== null);
  const summary = plainLine(f.summary, 300);
  return `${asSentence(`${plainLine(pkg, 200)} is affected by ${f.advisory} (${f.severity})${summary ? `: ${summary}` : ''}`)} ${notes.join(' ')}`;
}

function findingResults(f: EvaluatedFinding, ruleIndex: number): Result[] {
  return f.locations.map((location) => ({
    ruleId: f.advisory,
    ruleIndex,
    level: findingLevel(f),
    message: { text: findingMessage(f) },
    locations: [
      {
        physicalLocation: {
          artifactLocation: artifactLocation(location.path),
          region: { startLine: location.startLine, endLine: location.endLine },
        },
      },
    ],
    partialFingerprints: {
      [FINGERPRINT_KEY]: fingerprint(`${INTRODUCED_TAG}/${f.advisory}`, `${f.name}@${f.version}`, location.path),
    },
    properties: { tags: [INTRODUCED_TAG, ...(f.knownExploited ? [KEV_TAG] : [])], ...epssProperties(f) },
  }));
}

/**
 * The findings' rules (new ones, from `firstRuleIndex`) and results. `ruleIndexOf` gives the index of
 * an advisory's rule the alerts already have: a rule id is one rule in a run.
 */
export function introducedParts(
  findings: EvaluatedFinding[],
  ruleIndexOf: (advisory: string) => number | undefined,
  firstRuleIndex: number,
): { rules: ReportingDescriptor[]; results: Result[] } {
  const rules: ReportingDescriptor[] = [];
  const added = new Map<string, number>();
  const results: Result[] = [];
  for (const f of findings) {
    let index = ruleIndexOf(f.advisory) ?? added.get(f.advisory);
    if (index === undefined) {
      index = firstRuleIndex + rules.length;
      added.set(f.advisory, index);
      rules.push(findingRule(f));
    }
    results.push(...findingResults(f, index));
  }
  return { rules, results };
}
