// Pure: from what was read and the policy, the one result model every report renders, as a short
// pipeline: weigh each read (which decide the verdict, which only feed the reports: weigh.ts), judge
// what was read with the one verdict policy (judge.ts), then the views and counts (views.ts).
import type { Config } from '../config/inputs.js';
import type { VexInput } from '../config/vex-files.js';
import type { PullRequestChange } from '../github/changes.js';
import type {
  BaseFileView,
  EpssScores,
  EvaluatedAlert,
  EvaluatedSupplyChainEntry,
  GateResult,
  IntroducedView,
  KevCatalog,
  Outcome,
  RunError,
  SettingChange,
} from '../model.js';
import { plural } from '../numbers.js';
import { reviewAllowList, subjectPackage } from '../policy/allowlist.js';
import { knownExploitedWarning } from '../policy/known-exploited.js';
import type { evaluateLicenses } from '../policy/licenses.js';
import { verdictPolicy } from '../policy/verdict-policy.js';
import { vexIndex } from '../vex/match.js';
import type { RepositoryReads, Statistics } from './gather.js';
import type { IntroducedRead } from './introduced.js';
import type { SupplyGathered } from '../policy/supply-chain.js';
import {
  finalResult,
  judgeIntroduced,
  judgeLicenses,
  judgeReadAlerts,
  judgeSupply,
  verdictOf,
  withheldWhy,
} from './judge.js';
import { planSettings } from './settings.js';
import { runError, type RepositoryRef } from './resolve.js';
import type { describeSchedule } from './schedule.js';
import { baseResult, countsOf, nextDueOf, scanOf, unknownLicenseWarning, viewPosture, vexView } from './views.js';
import { catalogView, epssView, supplyChainView } from './views-feeds.js';
import {
  settingErrors,
  uncheckedCriticalIssues,
  weighChange,
  weighIntroduced,
  weighServiceReads,
  type Found,
} from './weigh.js';
import { weighCatalog, weighEpss, weighSupply } from './weigh-feeds.js';

export interface AssembleInput {
  config: Config;
  repository: RepositoryRef;
  reads: RepositoryReads;
  statistics: Statistics;
  settings: SettingChange[];
  window: { startDate: string; endDate: string };
  now: Date;
  /** The crontab in words (injected: its libraries load in a chunk of their own). */
  describeSchedule: typeof describeSchedule;
  /** The license policy (injected: the SPDX libraries load only under a license policy). */
  evaluateLicenses?: typeof evaluateLicenses;
  /** See GateResult.blobUrl. */
  blobUrl?: string | null;
  /** Errors found before the reads were assembled (a repository check that failed). */
  errors?: RunError[];
  /** The pull request or merge group and its change's dependencies; null (or absent) on other events. */
  change?: PullRequestChange | null;
  /** Where each decision is told (the debug log): how each read counted, why the verdict is what it is. */
  trace?: (line: string) => void;
  /** The KEV catalog's read (a message when it failed); null (or absent) when known-exploited is off. */
  catalog?: Outcome<KevCatalog> | null;
  /** What the pull request brings in, gathered; null (or absent) when it is not judged. */
  introduced?: IntroducedRead | null;
  /** The EPSS scores' read (a message when it failed); null (or absent) when epss is off. */
  epss?: Outcome<EpssScores> | null;
  /** Workspace files read at the change's base commit (see GateResult.baseFiles); absent: none. */
  baseFiles?: BaseFileView[];
  /** The VEX documents read; null (or absent) when vex-files is empty. */
  vex?: VexInput | null;
  /** What was gathered before any advisory (release age, OSV); null (or absent) when nothing was checked. */
  supply?: SupplyGathered | null;
}

/**
 * The result of a run that read, as a pipeline: each read weighed, what was read judged by the one
 * verdict policy, the verdict decided, then the views. Warnings keep the order in which they arise.
 */
export function assembleResult(input: AssembleInput): GateResult {
  const { config, repository, reads, now } = input;
  const change = input.change ?? null;
  const withoutService = Boolean(config.withheldSecrets);
  const found: Found = {
    errors: [...(input.errors ?? []), ...reads.alerts.errors.map(runError)],
    warnings: reads.alerts.warnings.map((message) => ({ kind: 'read', message })),
    trace: input.trace ?? (() => undefined),
  };
  found.trace(
    `alerts (decisive): ${reads.alerts.totalCount === null ? 'not read' : `${reads.alerts.alerts.length} read`}, ${plural(reads.alerts.errors.length, 'error')}`,
  );
  const read = weighServiceReads(config, reads, input.statistics, { now, describe: input.describeSchedule }, found);
  const licenses = judgeLicenses(read.licenseEntries, input.evaluateLicenses, config, change, input.introduced ?? null);
  const unknown = unknownLicenseWarning(licenses);
  if (unknown) found.warnings.push(unknown);
  found.errors.push(...settingErrors(input.settings));
  if (config.withheldSecrets && planSettings(config.settings).length > 0)
    found.warnings.push({
      kind: 'unavailable',
      message: `The settings changes asked for were not sent: ${withheldWhy(config.withheldSecrets)}.`,
    });
  const posture = read.posture ? viewPosture(read.posture, repository.id, input.window, found.warnings) : null;
  const unchecked = uncheckedCriticalIssues(config, input.statistics.posture, posture, repository.id);
  if (unchecked) found.errors.push(unchecked);

  const catalog = weighCatalog(config, input.catalog ?? null, now, found);
  const epss = weighEpss(config, input.epss ?? null, now, found);
  const changed = weighChange(change, read.packages, withoutService);
  const vex = input.vex ? vexIndex(input.vex.documents) : null;
  const policy = verdictPolicy({
    options: config,
    now,
    catalog,
    epss,
    change: changed.judge,
    vex: vex && vex.latest,
    pullRequest: change !== null,
  });
  const alerts = judgeReadAlerts(reads.alerts, policy, read.packages);
  const flagged = config.knownExploited === 'warn' ? knownExploitedWarning(alerts) : null;
  if (flagged) found.warnings.push({ kind: 'known-exploited', message: flagged });
  const introduced = judgeIntroduced(config, weighIntroduced(config, change, input.introduced ?? null, found), policy);
  const gathered = weighSupply(config, change, input.supply ?? null, found);
  const supply = judgeSupply(config, gathered, read.packages, policy);
  // Without the service's secrets no alert is read, by design: the counts are what was judged.
  const alertsRead = reads.alerts.totalCount !== null || withoutService;
  const verdict = verdictOf(alerts, config, posture, licenses, alertsRead, introduced, supply);
  found.trace(`verdict ${verdict.result}: ${verdict.reasons.join(' ') || 'no reason given'}`);
  const allRead = !withoutService && reads.alerts.totalCount !== null && reads.alerts.errors.length === 0;
  const allow = reviewAllowAlerts(config, { alerts, introduced, supply }, allRead, now);
  found.warnings.unshift(...allow.warnings);
  const result = finalResult(verdict, found.errors);
  const counted = {
    change: changed.judge !== null,
    catalog: catalog !== null,
    epss: epss !== null,
    vex: vex !== null,
    ratchet: policy.existingAlerts === 'warn',
  };
  return {
    ...baseResult(config, repository, now, found.errors, input.settings),
    result,
    blobUrl: input.blobUrl ?? null,
    counts: alertsRead
      ? countsOf(alerts, verdict, introduced, counted, config, {
          judged: supply,
          gathered,
          listedRead: read.packages !== null || withoutService,
        })
      : null,
    change: changed.view,
    nextDue: nextDueOf(alerts),
    scan: read.packages ? scanOf(read.packages) : null,
    knownExploited: catalogView(config, input.catalog ?? null),
    epss: epssView(config, input.epss ?? null),
    introduced,
    baseFiles: input.baseFiles ?? [],
    vex: vexView(input.vex ?? null, vex, reads.alerts, alerts, introduced),
    supplyChain: supplyChainView(config, supply, gathered),
    licenses,
    alerts,
    // One verdict (contract): the JSON report's verdict says the run's result.
    verdict: { ...verdict, result },
    posture,
    timeSaved: read.timeSaved,
    schedule: read.schedule,
    warnings: found.warnings,
    allowExpiring: allow.expiring,
    allowUnused: allow.unused,
  };
}

/**
 * The allow-alerts entries reviewed on the statuses as they end up (an expired entry's alert that the
 * change resolved does not gate again): expired, coming due, unused. A malicious version an entry
 * spared was allowed by it too (its MAL- ids are what the entry names); each subject with its
 * package, which an entry's `for` names. An entry is called unused only when every alert was read
 * (`allRead`): one may name an alert of a page not read.
 */
function reviewAllowAlerts(
  config: Config,
  judged: { alerts: EvaluatedAlert[]; introduced: IntroducedView | null; supply: EvaluatedSupplyChainEntry[] | null },
  allRead: boolean,
  now: Date,
) {
  const { alerts, introduced, supply } = judged;
  const malicious = (supply ?? []).map((e) => ({
    advisory: '',
    aliases: e.malicious ?? [],
    status: e.status,
    package: subjectPackage(e),
  }));
  const listed = [
    ...alerts,
    ...(introduced?.findings ?? []).map((f) => ({ ...f, aliases: f.cves ?? [], package: subjectPackage(f) })),
    ...malicious,
  ];
  return reviewAllowList(config.allowAlerts, listed, now.toISOString().slice(0, 10), allRead);
}
