// A run GitHub passes no secrets to (a pull request from a fork, or Dependabot's; contract: "Without
// the service's secrets"): the service is not asked; what the pull request brings in is judged through
// GitHub alone (the change, the advisories' CVE ids, the feeds, the licenses GitHub gives the added
// entries), and the run passes or fails by that.
import type { Config } from '../config/inputs.js';
import type { VexInput } from '../config/vex-files.js';
import type { RunnerContext } from '../github/context.js';
import * as log from '../github/log.js';
import { verdictFileSources, verdictFiles } from '../github/verdict-file.js';
import { success, type GateResult } from '../model.js';
import { assembleResult } from './assemble.js';
import { readEpssScores, readKnownExploited, readSupplyChain, startEpss } from './feed-reads.js';
import type { RepositoryReads } from './gather.js';
import { withFixes } from './fixes.js';
import { githubReadOptions } from './github-reads.js';
import { gatherIntroduced, locateSupply } from './introduced.js';
import { withheldWhy } from './judge.js';
import { licensed, logBaseFile, readPullRequestChange } from './reads.js';

/** Nothing of the service: no alert, no schedule, no package; nothing failed either. */
const NOTHING_READ: RepositoryReads = {
  alerts: { alerts: [], errors: [], warnings: [], totalCount: null },
  schedule: success(null),
  packages: null,
  licenses: null,
};

export async function judgeWithoutService(
  config: Config & { withheldSecrets: 'fork' | 'dependabot' },
  context: RunnerContext,
  started: Date,
  vex: VexInput | null,
): Promise<GateResult> {
  log.notice(`The repository's alerts are not read: ${withheldWhy(config.withheldSecrets)}.`);
  const scheduling = import('./schedule.js');
  const licensing = licensed(config) ? import('../policy/licenses.js') : null;
  const files = verdictFiles(verdictFileSources(config, context));
  const change = readPullRequestChange(config, context);
  const supplyReading = readSupplyChain(config, change, started);
  const [pullRequest, catalog, epss] = await Promise.all([
    change,
    readKnownExploited(config, context, files),
    startEpss(config, context, files),
  ]);
  const introduced = await gatherIntroduced(config, context, pullRequest, [], vex?.documents);
  const [scores, supply] = await Promise.all([readEpssScores(epss, NOTHING_READ.alerts, introduced), supplyReading]);
  await locateSupply(supply, introduced, context.workspace);
  const baseFiles = [...(vex?.baseFiles ?? []), ...files.views()];
  baseFiles.forEach((view) => logBaseFile(view, context));
  const [{ describeSchedule }, spdx] = await Promise.all([scheduling, licensing]);
  const result = assembleResult({
    config,
    repository: { id: '', name: context.repository, url: null },
    reads: NOTHING_READ,
    statistics: {
      posture: success(null),
      timeSaved: success({ totalMinutesSaved: null, patchingMinutesSaved: null, validationMinutesSaved: null }),
    },
    settings: [],
    window: { startDate: started.toISOString().slice(0, 10), endDate: started.toISOString().slice(0, 10) },
    now: started,
    describeSchedule,
    evaluateLicenses: spdx?.evaluateLicenses,
    blobUrl: context.blobUrl,
    change: pullRequest,
    introduced,
    catalog,
    epss: scores,
    baseFiles,
    vex,
    supply,
    trace: (line) => log.debug(`decision: ${line}`),
  });
  return withFixes(result, githubReadOptions(config, context), introduced?.advisories);
}
