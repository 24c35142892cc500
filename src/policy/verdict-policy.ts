// The verdict's policy, built once for a run and given to the alerts and to what a pull request brings
// in alike (contract: the same rules judge both): the options that decide, the feeds as read and
// weighed (null when off or unread), the pull request's change and the VEX statements. Pure.
import type { Alert, EpssScores, KevCatalog, RunOptions, VexMark } from '../model.js';
import type { ChangeVerdict, ResolvableAlert } from './resolution.js';
import type { VerdictPolicy } from './verdict.js';

/** What the run read and weighed that the verdict's rules use. */
export interface VerdictInputs {
  options: Pick<
    RunOptions,
    | 'failOnSeverity'
    | 'ignoreUnreachable'
    | 'allowAlerts'
    | 'graceDays'
    | 'knownExploited'
    | 'epss'
    | 'existingAlerts'
    | 'failOnScopes'
    | 'malicious'
  >;
  /** The run judges a pull request or merge group (the ratchet applies only there). */
  pullRequest: boolean;
  now: Date;
  /** The KEV catalog, when it was read under known-exploited warn or fail. */
  catalog: KevCatalog | null;
  /** The EPSS scores, when they were read under epss show or a threshold. */
  epss: EpssScores | null;
  /** What the pull request's change does to an alert's package, when it and the package search were read. */
  change: ((alert: ResolvableAlert) => ChangeVerdict) | null;
  /** The latest VEX statement that speaks of an alert, when vex-files are read. */
  vex: ((alert: Alert) => VexMark | null) | null;
}

/** The one policy of a run's verdict: judgeAlerts takes it as it is, judgeFindings with the pr-introduced mode. */
export function verdictPolicy(inputs: VerdictInputs): VerdictPolicy {
  const { options, now, catalog, epss, change, vex, pullRequest } = inputs;
  const mode = options.knownExploited;
  return {
    failOn: options.failOnSeverity,
    ignoreUnreachable: options.ignoreUnreachable,
    allow: options.allowAlerts,
    graceDays: options.graceDays,
    now,
    knownExploited: catalog && mode !== 'off' ? { entries: catalog.entries, mode } : null,
    epss: epss && { scores: epss.scores, threshold: typeof options.epss === 'object' ? options.epss.threshold : null },
    change,
    vex,
    existingAlerts: pullRequest && options.existingAlerts === 'warn' ? 'warn' : null,
    malicious: options.malicious === 'off' ? null : options.malicious,
    failOnScopes: options.failOnScopes,
  };
}
