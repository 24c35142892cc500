// The way out (contract: "The fix"): once the verdict is made, the version that fixes each gating,
// due and allowed alert and each finding a pull request brings in, read from GitHub's advisories in
// batches (at most 1,000 advisories a run; what was read for the findings' CVE ids is not asked
// again). It never changes the verdict: a read that fails is a warning, and the Fix column says
// "not available".
import { readAdvisories, type GitHubAdvisory } from '../github/advisories.js';
import * as log from '../github/log.js';
import {
  exploitedThenWorst,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type GateResult,
  type Outcome,
} from '../model.js';
import { plural } from '../numbers.js';
import { parsePackageIdentifier } from '../packages/locations.js';
import { fixFrom, lookupId } from '../policy/fix.js';
import type { AdvisoryReadOptions } from '../github/advisories.js';

/** Advisories asked at most a run (contract). */
export const MAX_FIX_ADVISORIES = 1_000;

/**
 * What needs a fix, in the order the cap keeps, so that the worst are looked up first (the service
 * lists alerts in its own order): what the pull request brings in (gating first, as the view orders
 * them), the gating alerts in the verdict's order (worst first), then due and allowed alerts, each
 * worst first.
 */
export function subjectsOf(result: GateResult): Array<EvaluatedAlert | EvaluatedFinding> {
  const findings = result.introduced?.findings ?? [];
  const gating = result.verdict.gating;
  const inVerdict = new Set(gating);
  // The verdict lists every gating alert; one it did not list still comes after those it did.
  const rest = (status: EvaluatedAlert['status']) =>
    result.alerts.filter((e) => e.status === status && !inVerdict.has(e)).sort(exploitedThenWorst);
  return [...findings, ...gating, ...rest('gating'), ...rest('due'), ...rest('allowed')];
}

const idOf = (subject: EvaluatedAlert | EvaluatedFinding) => ('name' in subject ? subject.advisory : lookupId(subject));

/**
 * The result with each subject's `fix` (in place: the result is the run's own, and the verdict's
 * gating alerts are the same objects, so the failure message sees them); every other alert and
 * finding carries `fix: null`. `known`: advisories read already, by id.
 */
export async function withFixes(
  result: GateResult,
  options: AdvisoryReadOptions,
  known: ReadonlyMap<string, Outcome<GitHubAdvisory[]>> = new Map(),
): Promise<GateResult> {
  const subjects = subjectsOf(result);
  for (const item of [...result.alerts, ...(result.introduced?.findings ?? [])]) item.fix = null;
  if (subjects.length === 0) return result;
  // The first 1,000 distinct ids, in the subjects' order (the worst first).
  const ids = new Map<string, string>();
  for (const subject of subjects) {
    const id = idOf(subject);
    if (id !== null && (ids.has(id.toLowerCase()) || ids.size < MAX_FIX_ADVISORIES)) ids.set(id.toLowerCase(), id);
  }
  const wanted = [...ids.values()];
  const unknown = wanted.filter((id) => !known.has(id));
  const read =
    unknown.length === 0 ? new Map<string, Outcome<GitHubAdvisory[]>>() : await readAdvisories(unknown, options);
  const outcome = (id: string) => read.get(id) ?? known.get(id);
  let notLookedUp = 0;
  const errors = new Set<string>();
  for (const subject of subjects) {
    const id = idOf(subject);
    const advisories = id === null ? undefined : outcome(ids.get(id.toLowerCase()) ?? '');
    if (id !== null && !ids.has(id.toLowerCase())) {
      subject.fixNote = 'not-looked-up';
      notLookedUp++;
    } else if (advisories && !advisories.ok) {
      subject.fixNote = 'not-available';
      errors.add(advisories.error);
    } else if (advisories?.ok) subject.fix = fixFrom(advisories.value, ...packageOf(subject));
  }
  const error = errors.size === 0 ? null : [...errors][0]!;
  if (error !== null)
    result.warnings.push({
      kind: 'unavailable',
      message: `${error} The Fix column says "not available" where it could not be read; the verdict does not depend on it.`,
    });
  if (notLookedUp > 0)
    log.info(
      `The fix: ${plural(notLookedUp, 'alert')} not looked up (at most ${MAX_FIX_ADVISORIES.toLocaleString('en-US')} advisories a run).`,
    );
  log.info(
    `The fix: ${plural(subjects.length, 'alert or finding', 'alerts and findings')}, ${plural(wanted.length, 'advisory', 'advisories')} (${unknown.length} asked of GitHub)`,
  );
  result.fixes = { asked: unknown.length, notLookedUp, error };
  return result;
}

/** A subject's package and version as the advisory's entries are compared with them. */
function packageOf(
  subject: EvaluatedAlert | EvaluatedFinding,
): [{ ecosystem: string | null; namespace: string | null; name: string }, string | null] {
  if ('name' in subject) {
    const id = subject.packageUrl ? parsePackageIdentifier(subject.packageUrl) : null;
    const pkg = id ?? { ecosystem: subject.ecosystem, namespace: null, name: subject.name };
    return [
      { ecosystem: pkg.ecosystem ?? subject.ecosystem, namespace: pkg.namespace, name: pkg.name },
      subject.version,
    ];
  }
  const id = parsePackageIdentifier(subject.package);
  return [
    { ecosystem: id?.ecosystem ?? null, namespace: id?.namespace ?? null, name: id?.name ?? subject.package },
    id?.version ?? null,
  ];
}
