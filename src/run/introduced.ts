// What a pull request brings in, gathered once the alerts are read (contract: "Brought in by the pull
// request"): the findings (pure, policy/introduced.ts), their advisories' CVE ids from GitHub when
// something in the run knows findings by them (the KEV catalog, the EPSS scores, an allow-alerts entry
// or a VEX statement naming a CVE id), and where each manifest names the package in the workspace. The
// verdict weighs what could not be read (weigh.ts).
import type { Config } from '../config/inputs.js';
import { cvesOfAdvisories, readAdvisories, type GitHubAdvisory } from '../github/advisories.js';
import type { PullRequestChange } from '../github/changes.js';
import type { RunnerContext } from '../github/context.js';
import { readWorkspaceLines } from '../github/workspace.js';
import { cveId, success, type Alert, type IntroducedFinding, type ManifestLocation, type Outcome } from '../model.js';
import { repoRelativePath } from '../packages/locations.js';
import { lineFound, lineSearch } from '../packages/manifest-lines.js';
import { introducedFindings } from '../policy/introduced.js';
import type { VexDocument } from '../vex/document.js';
import { namesCveId } from '../vex/match.js';
import type { SupplyGathered } from '../policy/supply-chain.js';
import { checksSupply } from './feed-reads.js';
import { githubReadOptions } from './github-reads.js';

/** The findings, the advisories whose CVE ids could not be read (their messages), and where manifests name packages. */
export interface IntroducedRead {
  findings: IntroducedFinding[];
  advisoryErrors: string[];
  /** GitHub's advisories read for the CVE ids, by GHSA id: the Fix column reads them again from here (run/fixes.ts). */
  advisories: ReadonlyMap<string, Outcome<GitHubAdvisory[]>>;
  /** What the CVE ids were read for, in words ("the KEV catalog and allow-alerts"): what a failed read leaves unchecked. */
  cvesReadFor: string;
  /** The first line of the workspace's copy of `manifest` that names the package; null when none or not read. */
  lineOf: (manifest: string, name: string) => number | null;
}

/** Manifests larger than this are not searched (a lockfile of 100 MB): the annotation goes on line 1. */
const MAX_MANIFEST_BYTES = 16 * 1024 * 1024;
/** Distinct manifests searched at most; the others' findings go on line 1. */
const MAX_MANIFESTS = 50;

/** null when nothing is judged: off a pull request, pr-introduced off, or the change not read. */
export async function gatherIntroduced(
  config: Config,
  context: RunnerContext,
  change: PullRequestChange | null,
  alerts: Alert[],
  vex: readonly VexDocument[] = [],
): Promise<IntroducedRead | null> {
  if (config.prIntroduced === 'off' || change?.read.state !== 'read') return null;
  const findings = introducedFindings(change.read.changes, alerts, context.serverUrl);
  // Under a license policy the licenses of every added package are judged too, and shown at their line;
  // so is each version the checks before any advisory judge (one pass of each manifest for all).
  const licensed = config.licenses.allow !== null || config.licenses.deny !== null;
  const added = licensed || checksSupply(config) ? change.read.changes.filter((c) => c.changeType === 'added') : [];
  const asked = [
    ...findings.flatMap((f) => f.manifests.map((manifest) => ({ manifest, name: f.name }))),
    ...added.map(({ manifest, name }) => ({ manifest, name })),
  ];
  const readFor = cveUses(config, vex);
  // A change read from the lockfiles brings its advisories from OSV: GitHub is not asked for them.
  const known = new Map(
    [...(change.read.osv?.advisories ?? [])].map(([id, list]): [string, Outcome<GitHubAdvisory[]>] => [
      id,
      success(list),
    ]),
  );
  const [advisories, lineOf] = await Promise.all([
    readFor.length === 0 ? known : withCves(findings, config, context, known),
    manifestLines(asked, context.workspace),
  ]);
  for (const finding of findings) finding.locations = locationsOf(finding, lineOf);
  const advisoryErrors = [...new Set([...advisories.values()].flatMap((read) => (read.ok ? [] : [read.error])))];
  return { findings, advisoryErrors, advisories, cvesReadFor: inWords(readFor), lineOf };
}

/**
 * Where each manifest names each version brought in that the checks before any advisory judged (in
 * place: the entries are the run's own): from the lines the findings' search found when it ran, else
 * from a search of their own (pr-introduced: off).
 */
export async function locateSupply(
  supply: SupplyGathered | null,
  introduced: IntroducedRead | null,
  workspace: string,
): Promise<void> {
  if (supply === null || supply.entries.length === 0) return;
  const lineOf =
    introduced?.lineOf ??
    (await manifestLines(
      supply.entries.flatMap((entry) => entry.manifests.map((manifest) => ({ manifest, name: entry.name }))),
      workspace,
    ));
  for (const entry of supply.entries) entry.locations = locationsOf(entry, lineOf);
}

/** Where each manifest that brings a package in names it: its first line there, line 1 when none does. */
function locationsOf(
  { manifests, name, version }: { manifests: readonly string[]; name: string; version: string },
  lineOf: (manifest: string, name: string) => number | null,
): ManifestLocation[] {
  return manifests.map((manifest) => {
    const line = lineOf(manifest, name) ?? 1;
    return { path: repoRelativePath(manifest), startLine: line, endLine: line, package: `${name}@${version}` };
  });
}

/**
 * What knows the findings by their CVE ids in this run; none: the ids are not read (contract: "Matched
 * by what the entry names"). An entry or statement may name a finding's CVE id whatever KEV and EPSS say.
 */
export function cveUses(
  config: Pick<Config, 'knownExploited' | 'epss' | 'allowAlerts'>,
  vex: readonly VexDocument[],
): string[] {
  const uses: [boolean, string][] = [
    [config.knownExploited !== 'off', 'the KEV catalog'],
    [config.epss !== 'off', 'the EPSS scores'],
    [config.allowAlerts.some((entry) => cveId(entry.id) !== null), 'allow-alerts'],
    [namesCveId(vex), 'the VEX statements'],
  ];
  return uses.filter(([used]) => used).map(([, what]) => what);
}

const inWords = (list: string[]) =>
  list.length < 2 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;

/** Each finding's CVE ids, in place (the findings are this module's own); the advisories as read, by GHSA id. */
async function withCves(
  findings: IntroducedFinding[],
  config: Config,
  context: RunnerContext,
  known: Map<string, Outcome<GitHubAdvisory[]>>,
): Promise<Map<string, Outcome<GitHubAdvisory[]>>> {
  const unknown = findings.map((f) => f.advisory).filter((id) => !known.has(id));
  const read =
    unknown.length === 0 ? new Map(known) : await readAdvisories(unknown, githubReadOptions(config, context));
  for (const [id, advisories] of known) read.set(id, advisories);
  for (const finding of findings) {
    const advisories = read.get(finding.advisory);
    if (advisories?.ok) finding.cves = cvesOfAdvisories(advisories.value);
  }
  return read;
}

/**
 * Where the workspace's copies of the manifests name the packages `asked` about: the names asked of
 * each manifest are all known first, so each is read in one pass that keeps only the first line of
 * each name, never the text. A name not asked about is not found (null).
 */
async function manifestLines(
  asked: ReadonlyArray<{ manifest: string; name: string }>,
  workspace: string,
): Promise<(manifest: string, name: string) => number | null> {
  const names = new Map<string, string[]>();
  for (const { manifest, name } of asked) {
    const list = names.get(manifest) ?? (names.size < MAX_MANIFESTS ? [] : null);
    if (list === null) continue;
    names.set(manifest, list);
    list.push(name);
  }
  const found = new Map<string, ReadonlyMap<string, number>>();
  // One at a time: a pass holds a line and the words it looks for.
  for (const [manifest, list] of names) {
    const search = lineSearch(list);
    const read = await readWorkspaceLines(repoRelativePath(manifest), workspace, MAX_MANIFEST_BYTES, search.read);
    if (read.ok) found.set(manifest, search.found);
  }
  return (manifest, name) => {
    const lines = found.get(manifest);
    return lines ? lineFound(lines, name) : null;
  };
}
