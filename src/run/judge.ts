// Judging: the verdict's rules applied to what was read and weighed (policy/verdict.ts decides each
// alert and each finding, with one policy for both), the licenses judged, and the verdict of the run.
// Pure: the reads come in weighed; nothing here applies a threshold of its own.
import type { Config } from '../config/inputs.js';
import {
  severityRank,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type EvaluatedSupplyChainEntry,
  type GateResult,
  type IntroducedView,
  type LicenseEntry,
  type LicenseReport,
  type Package,
  type PostureView,
  type RunError,
  type Verdict,
} from '../model.js';
import { manifestLocator } from '../packages/locations.js';
import { gateVerdict, judgeAlerts, judgeFindings, type VerdictPolicy } from '../policy/index.js';
import { deniedListed, judgeSupplyChain, sameRelease, type SupplyGathered } from '../policy/supply-chain.js';
import { introducedLicenses } from '../policy/introduced.js';
import type { evaluateLicenses } from '../policy/licenses.js';
import type { PullRequestChange } from '../github/changes.js';
import type { AlertsRead } from './gather.js';
import type { IntroducedRead } from './introduced.js';

/** Each alert judged by the verdict's rules (every copy of a duplicate), located in its manifests when the packages were read. */
export function judgeReadAlerts(
  { alerts, copies }: Pick<AlertsRead, 'alerts' | 'copies'>,
  policy: VerdictPolicy,
  packages: Package[] | null,
): EvaluatedAlert[] {
  const evaluated = judgeAlerts(alerts, policy, copies);
  // The evaluated alerts are this function's own: their locations are set in place, not copied
  // (100,000 alerts are a lot of copies).
  if (packages) {
    const locate = manifestLocator(packages);
    for (const alert of evaluated) alert.locations = locate(alert.package);
  }
  return evaluated;
}

/**
 * Before any advisory: what the pull request brings in (release age, malicious, denied) and, under
 * deny-packages, what the service lists; gating first (denied, malicious, too new), then the others.
 */
export function judgeSupply(
  config: Config,
  gathered: SupplyGathered | null,
  packages: Package[] | null,
  policy: VerdictPolicy,
): EvaluatedSupplyChainEntry[] | null {
  const listed = packages === null ? [] : deniedListed(packages, config.denyPackages);
  if (gathered === null && config.denyPackages.length === 0) return null;
  // A denied version the change brings in that the service also lists is one package, judged as brought in.
  const brought = gathered?.entries ?? [];
  const broughtDenied = brought.filter((e) => e.denied !== null);
  const entries = [...brought, ...listed.filter((l) => !broughtDenied.some((e) => sameRelease(e, l)))];
  const mode = config.prIntroduced === 'off' ? undefined : config.prIntroduced;
  const judged = judgeSupplyChain(entries, { ...policy, introduced: mode });
  // Gating first, in the order of how bad: denied, malicious, too new; then the others with a mark.
  const rank = (e: EvaluatedSupplyChainEntry) =>
    (e.disposition.gates ? 10 : 0) +
    (e.denied ? 3 : e.malicious?.length ? 2 : e.releaseAge === 'too-new' || e.releaseAge === 'unknown' ? 1 : 0);
  return judged.sort((a, b) => rank(b) - rank(a));
}

/** What the pull request brings in, judged by the same policy under its pr-introduced mode; null when not judged. */
export function judgeIntroduced(
  config: Config,
  gathered: IntroducedRead | null,
  policy: VerdictPolicy,
): IntroducedView | null {
  const mode = config.prIntroduced;
  if (gathered === null || mode === 'off') return null;
  const findings = judgeFindings(gathered.findings, { ...policy, introduced: mode });
  return { mode, findings: findings.sort(gatingThenWorst) };
}

/** Gating findings first, known exploited first among them, then worst first. */
const gatingThenWorst = (a: EvaluatedFinding, b: EvaluatedFinding): number =>
  Number(b.disposition.gates) - Number(a.disposition.gates) ||
  Number(b.knownExploited !== null) - Number(a.knownExploited !== null) ||
  severityRank(b.severity) - severityRank(a.severity) ||
  (a.advisory < b.advisory ? -1 : a.advisory > b.advisory ? 1 : 0);

/**
 * Licenses read under a policy are judged, or the run stops: never read and then passed unjudged.
 * The licenses a pull request brings in are judged too (first), gating only under pr-introduced: fail.
 */
export function judgeLicenses(
  entries: LicenseEntry[] | null,
  evaluate: typeof evaluateLicenses | undefined,
  config: Config,
  change: PullRequestChange | null,
  introduced: IntroducedRead | null,
): LicenseReport | null {
  if (!entries) return null;
  if (!evaluate) throw new Error('license entries were read but no license policy was given');
  const report = evaluate(entries, config.licenses);
  if (config.prIntroduced === 'off' || change?.read.state !== 'read') return report;
  const added = evaluate(introducedLicenses(change.read.changes, entries, introduced?.lineOf), config.licenses);
  const gates = config.prIntroduced === 'fail';
  const brought = added.findings.map((f) => ({ ...f, gates: f.gates && gates, introduced: true as const }));
  return {
    ...report,
    checked: report.checked + added.checked,
    exempted: report.exempted + added.exempted,
    findings: [...brought, ...report.findings],
  };
}

const NO_VERDICT: Verdict = { result: 'error', reasons: ['No verdict: the alerts could not be read.'], gating: [] };

/**
 * Part of the alerts: the verdict of those, and an error beside it. No page of alerts at all: no
 * verdict, unless what was read (a license violation, critical issues) already fails the gate. A run
 * GitHub passed no secrets to read no alert by design: it is judged by what the pull request brings in.
 */
export function verdictOf(
  evaluated: EvaluatedAlert[],
  config: Config,
  posture: PostureView | null,
  licenses: LicenseReport | null,
  alertsRead: boolean,
  introduced: IntroducedView | null,
  supply: EvaluatedSupplyChainEntry[] | null = null,
): Verdict {
  const judged = gateVerdict(
    evaluated,
    { failOn: config.failOnSeverity, failOnCriticalIssues: config.failOnCriticalIssues },
    posture?.repository ?? null,
    licenses?.findings.filter((f) => f.gates) ?? [],
    introduced?.findings.filter((f) => f.disposition.gates) ?? [],
    supply?.filter((e) => e.disposition.gates) ?? [],
  );
  if (config.withheldSecrets) {
    const notRead = `The repository's alerts were not read: ${withheldWhy(config.withheldSecrets)}.`;
    return judged.result === 'fail'
      ? { ...judged, reasons: [...judged.reasons, notRead] }
      : { ...judged, reasons: [`Nothing this pull request brings in fails the gate. ${notRead}`] };
  }
  return !alertsRead && judged.result !== 'fail' ? NO_VERDICT : judged;
}

/** Why the service was not asked, in words: GitHub passed this run no secrets. */
export function withheldWhy(why: 'fork' | 'dependabot'): string {
  return why === 'fork'
    ? 'GitHub passes no secrets to a pull request from a fork, so the service was not asked; what the pull request brings in was judged through GitHub alone'
    : "GitHub passes no Actions secrets to Dependabot's pull requests, so the service was not asked; what the pull request brings in was judged through GitHub alone";
}

/**
 * A known failure stays a failure even when a read failed: an outage must not let critical alerts
 * through. Otherwise any error takes the verdict away; without a verdict there is no pass.
 */
export function finalResult(verdict: Verdict, errors: RunError[]): GateResult['result'] {
  if (verdict.result === 'fail') return 'fail';
  if (verdict.result === 'error' || errors.length > 0) return 'error';
  return 'pass';
}

/** Whether the step fails: a failed gate, or an error that on-api-error does not let pass. */
export function stepFails(result: Pick<GateResult, 'result' | 'errors'>, onApiError: Config['onApiError']): boolean {
  if (result.result === 'fail') return true;
  if (result.result === 'pass') return false;
  return onApiError === 'fail' || result.errors.some((e) => e.kind !== 'api');
}
