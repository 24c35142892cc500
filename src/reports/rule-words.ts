// How the reports word each rule of the verdict: the reports' side of the compiler's checklist of a
// rule (the model's RULE_TRAITS is the verdict's side). A rule this table lacks does not compile, and
// no report compares a rule's name: each looks its words up here by the disposition's rule.
import { formatPercent } from '../numbers.js';
import { SCOPES, type EvaluatedAlert, type GateResult, type VerdictRule } from '../model.js';
import { plural } from './format.js';
import { plainLine } from './plain.js';

/** What the policy line says of a rule in this run, and whether that is a way an alert can fail the gate. */
export interface PolicyPhrase {
  words: string;
  gates: boolean;
}

export interface RuleWords {
  /** The policy line's phrase for the rule in this run; null when the run does not use it. */
  policy: (result: Pick<GateResult, 'options' | 'introduced' | 'change'>) => PolicyPhrase | null;
  /**
   * Plain text: why an alert the rule decided does not fail the gate (the SARIF message), from what
   * the verdict recorded; null when it gates, or when SARIF does not report it (STATUS says which).
   */
  notGating: ((alert: EvaluatedAlert) => string) | null;
  /** The status cell of a finding, or of an alert the change touches, that gates by the rule; null when it spares. */
  gatingCell: string | null;
}

const quiet = () => null;
/** The decided reason, as the verdict gave it. */
const reasonOf = (alert: EvaluatedAlert) => alert.disposition.reason;

export const RULE_WORDS: Readonly<Record<VerdictRule, RuleWords>> = {
  'not-alerted': { policy: quiet, notGating: null, gatingCell: null },
  vex: { policy: quiet, notGating: vexSpared, gatingCell: null },
  'below-threshold': { policy: quiet, notGating: reasonOf, gatingCell: null },
  unreachable: { policy: quiet, notGating: reasonOf, gatingCell: null },
  scope: {
    policy: ({ options }) =>
      options.failOnScopes.length < SCOPES.length
        ? {
            words: `what a pull request brings in gates only in ${options.failOnScopes.map((s) => `**${s}**`).join(', ')} scope`,
            gates: false,
          }
        : null,
    notGating: reasonOf,
    gatingCell: null,
  },
  allowed: { policy: quiet, notGating: null, gatingCell: null },
  resolved: { policy: quiet, notGating: resolvedBy, gatingCell: null },
  existing: {
    policy: ({ options, change }) =>
      options.existingAlerts === 'warn' && change !== null
        ? { words: 'alerts already on the base do not fail this pull request (`existing-alerts: warn`)', gates: false }
        : null,
    notGating: () => 'already on the base: existing-alerts is warn, so it does not fail this pull request',
    gatingCell: null,
  },
  grace: { policy: quiet, notGating: dueText, gatingCell: null },
  severity: {
    policy: ({ options }) =>
      options.failOnSeverity === 'none'
        ? null
        : { words: `fails on **${options.failOnSeverity}** or worse`, gates: true },
    notGating: null,
    gatingCell: '❌ fails the gate',
  },
  'known-exploited': {
    policy: ({ options }) =>
      options.knownExploited === 'fail'
        ? { words: 'fails on **known-exploited** alerts (CISA KEV)', gates: true }
        : options.knownExploited === 'warn'
          ? { words: 'flags known-exploited alerts (CISA KEV)', gates: false }
          : null,
    notGating: null,
    gatingCell: '❌ fails the gate as known exploited',
  },
  epss: {
    policy: ({ options }) =>
      typeof options.epss === 'object'
        ? {
            words: `fails at an **EPSS** probability of ${formatPercent(options.epss.threshold, 'exact')} or more`,
            gates: true,
          }
        : null,
    notGating: null,
    gatingCell: '❌ fails the gate',
  },
  introduced: {
    policy: ({ options, introduced }) =>
      introduced?.mode === 'fail' && options.failOnSeverity !== 'none'
        ? { words: `fails on what this pull request brings in at **${options.failOnSeverity}** or worse`, gates: true }
        : null,
    notGating: null,
    gatingCell: '❌ fails the gate',
  },
  denied: {
    policy: ({ options }) =>
      options.denyPackages.length > 0
        ? {
            words: `fails on **denied** packages (${plural(options.denyPackages.length, 'deny-packages entry', 'deny-packages entries')})`,
            gates: true,
          }
        : null,
    notGating: null,
    gatingCell: '❌ denied',
  },
  malicious: {
    policy: ({ options, change }) =>
      change === null || options.malicious === 'off'
        ? null
        : options.malicious === 'fail'
          ? { words: 'fails on **malicious** packages it brings in (OSV)', gates: true }
          : { words: 'flags malicious packages it brings in (OSV)', gates: false },
    notGating: null,
    gatingCell: '❌ malicious',
  },
  'too-new': {
    policy: ({ options, change, introduced }) =>
      change === null || options.minReleaseAgeMs === null || introduced === null
        ? null
        : {
            words: `${introduced.mode === 'fail' ? 'fails on' : 'flags'} versions it brings in published less than **${durationWords(options.minReleaseAgeMs)}** ago`,
            gates: introduced.mode === 'fail',
          },
    notGating: null,
    gatingCell: '❌ too new',
  },
};

/** 259,200,000 ms -> "3 days", 7,200,000 -> "2 h": a release age as the policy line says it. */
export function durationWords(ms: number): string {
  const hours = ms / 3_600_000;
  return hours % 24 === 0 ? plural(hours / 24, 'day') : `${Number(hours.toFixed(2))} h`;
}

/** "resolved by this pull request, which removes 4.17.20 from package.json (adding 4.17.21)": service and GitHub text, cut. */
function resolvedBy(alert: EvaluatedAlert): string {
  const r = alert.resolution;
  if (!r) return 'resolved by this pull request';
  const list = (items: string[]) =>
    plainLine(
      items.length > 3 ? `${items.slice(0, 3).join(', ')} and ${items.length - 3} more` : items.join(', '),
      300,
    );
  const added = r.added.length > 0 ? ` (adding ${list(r.added)})` : '';
  return `resolved by this pull request, which removes ${plainLine(r.removed, 100)} from ${list(r.manifests)}${added}`;
}

/** "inside its grace period (grace-days), it fails the gate from 2024-06-20 (UTC), 13 days left". */
function dueText(alert: EvaluatedAlert): string {
  const left = alert.daysLeft === null ? '' : `, ${plural(alert.daysLeft, 'day')} left`;
  return `inside its grace period (grace-days), it fails the gate from ${alert.dueOn ?? 'its due date'} (UTC)${left}`;
}

/** "not affected per VEX (vulnerable_code_not_present): document …, statements[2]": the statement's justification first. */
function vexSpared({ vex }: EvaluatedAlert): string {
  if (vex === null) return 'not affected per a VEX statement';
  const why =
    vex.status === 'fixed'
      ? 'fixed'
      : `not affected (${plainLine(vex.justification ?? vex.impactStatement ?? '', 300)})`;
  return `${why} per VEX document ${plainLine(vex.document, 200)} statements[${vex.statement}]`;
}
