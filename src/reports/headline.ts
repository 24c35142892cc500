// The verdict in the words a blocked developer reads first (contract: "The blocked developer first"):
// what fails the gate, named, in one line: "this pull request brings in log4j-core 2.14.1
// (critical)", "3 critical alerts already on main; this pull request changes no dependency". Plain
// text from what the verdict decided; the heading escapes it. Pure.
import { ageWords } from '../instants.js';
import {
  gatesByMark,
  SEVERITIES,
  type EvaluatedAlert,
  type EvaluatedSupplyChainEntry,
  type GateResult,
} from '../model.js';
import { formatNumber, plural } from './format.js';

/** What follows "Passes:", "Fails:" or "No verdict:" in the heading, for `target` (the repository's name or id). */
export function verdictHeadline(result: GateResult, target: string): string {
  if (result.result === 'fail') return failing(result, target);
  if (result.result === 'pass') return passing(result, target);
  const where = target ? ` for ${target}` : '';
  return result.counts === null ? `the alerts could not be read${where}` : `a read the verdict rests on failed${where}`;
}

/** The first cause of a failure, in the order the developer can act on: what the pull request brings in first. */
function failing(result: GateResult, target: string): string {
  const supply = result.supplyChain?.entries.filter((e) => e.disposition.gates) ?? [];
  if (supply[0]) return supplyHeadline(supply[0], supply.length - 1);
  const findings = result.introduced?.findings.filter((f) => f.disposition.gates) ?? [];
  if (findings[0]) {
    const { name, version, severity } = findings[0];
    const more =
      findings.length > 1 ? ` and ${plural(findings.length - 1, 'more vulnerability', 'more vulnerabilities')}` : '';
    return `this pull request brings in ${name} ${version} (${severity})${more}`;
  }
  const violations = result.licenses?.findings.filter((f) => f.gates) ?? [];
  const broughtIn = violations.find((f) => f.introduced);
  if (broughtIn)
    return `this pull request brings in ${broughtIn.package} under ${broughtIn.license || 'no known license'}, which the license policy does not allow`;
  const gating = result.verdict.gating;
  if (gating.length > 0) return `${alertsCounted(gating)} ${onBranch(result, target)}`;
  if (violations.length > 0) return `${plural(violations.length, 'package')} violate the license policy`;
  const critical = result.posture?.repository?.criticalIssues ?? 0;
  if (critical > 0) return `the security posture shows ${plural(critical, 'open critical issue')}`;
  // Nothing named above: the verdict's own first reason.
  const reason = result.verdict.reasons[0]?.replace(/\.$/, '') ?? '';
  return reason ? `${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : 'see why below';
}

/**
 * "this pull request brings in color-stringify 4.1.1, known malicious (MAL-2025-47301)", "… published 3 h
 * ago (min-release-age)", "event-stream 3.3.6 is denied (deny-packages) in this repository".
 */
function supplyHeadline(e: EvaluatedSupplyChainEntry, others: number): string {
  const what = gatesByMark(e.disposition, 'deny')
    ? `denied${e.denied?.reason ? ` (${e.denied.reason})` : ' (deny-packages)'}`
    : gatesByMark(e.disposition, 'osv')
      ? `known malicious (${(e.malicious ?? []).join(', ')})`
      : e.releaseAge === 'unknown'
        ? 'whose publish time is unknown (min-release-age)'
        : `published ${e.ageHours === null ? 'recently' : `${ageWords(e.ageHours)} ago`} (min-release-age)`;
  const more = others > 0 ? ` and ${plural(others, 'more package')}` : '';
  const pkg = `${e.name} ${e.version}`;
  return e.source === 'change' ? `this pull request brings in ${pkg}, ${what}${more}` : `${pkg} is ${what}${more}`;
}

/** "3 critical alerts", "3 alerts (2 critical, 1 high)". */
function alertsCounted(alerts: EvaluatedAlert[]): string {
  const present = SEVERITIES.filter((s) => alerts.some((e) => e.severity === s));
  if (present.length === 1)
    return `${formatNumber(alerts.length)} ${present[0]} ${alerts.length === 1 ? 'alert' : 'alerts'}`;
  const by = present.map((s) => `${formatNumber(alerts.filter((e) => e.severity === s).length)} ${s}`).join(', ');
  return `${plural(alerts.length, 'alert')} (${by})`;
}

/** Where the alerts are, and what the pull request does about them when its change was read. */
function onBranch(result: GateResult, target: string): string {
  const change = result.change;
  if (change === null) return target ? `in ${target}` : 'in this repository';
  const base = `already on ${result.scan?.branch || 'the base'}`;
  const what = change.event === 'merge_group' ? 'this merge group' : 'this pull request';
  if (change.state !== 'read') return base;
  return change.entries === 0
    ? `${base}; ${what} changes no dependency`
    : `${base}; ${what} does not resolve ${result.verdict.gating.length === 1 ? 'it' : 'them'}`;
}

function passing(result: GateResult, target: string): string {
  if (result.options.withheldSecrets)
    return "nothing this pull request brings in fails the gate (the repository's alerts were not read)";
  const existing = result.counts?.existing ?? 0;
  if (existing > 0)
    return `nothing this pull request brings in fails the gate; ${plural(existing, 'alert')} already on the base ${existing === 1 ? 'does' : 'do'} not block it`;
  if (result.change !== null) return 'no alert, and nothing this pull request brings in, fails the gate';
  return `no alert fails the gate${target ? ` in ${target}` : ''}`;
}
