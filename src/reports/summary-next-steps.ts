// What a blocked developer reads after the gating alerts: whose alerts these are (already on the
// scanned branch, or touched by this pull request) and what to do next: upgrade, or allow the alert
// for a while with the exact entry to copy into the policy the run used, or ask. In the job summary
// and the PR comment alike.
import { utcMinute } from '../instants.js';
import {
  gatesByMark,
  type GroundMark,
  type EvaluatedAlert,
  type EvaluatedFinding,
  type EvaluatedSupplyChainEntry,
  type GateResult,
  type LicenseFinding,
} from '../model.js';
import { formatNumber, plural } from './format.js';
import { upgradesOf } from './fix-words.js';
import { code } from './markdown.js';

/** Entries shown to copy; the others are counted. */
const MAX_ENTRIES = 10;
/** How long the entry to copy allows an alert: a month, to be renewed on purpose or fixed. */
const ALLOW_DAYS = 30;

/** "`b3f8ac4` on `main`", "`main`", or null when the package search does not say. */
function scanned(result: GateResult): string | null {
  const commit = result.scan?.commitSha ? code(Array.from(result.scan.commitSha).slice(0, 7).join(''), 7) : null;
  const branch = result.scan?.branch ? code(result.scan.branch, 100) : null;
  if (commit && branch) return `${branch}, as of the service's scan of ${commit}`;
  return branch ?? (commit ? `the branch the service scanned, as of its scan of ${commit}` : null);
}

/** Whose alerts these are: the pull request's change, read or not, against the gating alerts. */
function whose(result: GateResult, gating: EvaluatedAlert[]): string {
  const where = scanned(result) ?? 'the repository as the service last scanned it';
  const already = `${gating.length === 1 ? 'this alert is' : 'these alerts are'} already on ${where}`;
  const change = result.change;
  if (change === null) return `The gate judges the repository as the service last scanned it: ${already}.`;
  const what = change.event === 'merge_group' ? 'This merge group' : 'This pull request';
  if (change.state !== 'read')
    return `${what}'s dependency changes were not read: as far as the gate can tell, ${already}.`;
  if (change.entries === 0) return `${what} changes no dependencies: ${already}.`;
  const touched = gating.filter((e) => e.changedByPullRequest).length;
  if (touched === 0)
    return `${what} changes ${plural(change.entries ?? 0, 'dependency', 'dependencies')}, none of them a gating alert's package: ${already}.`;
  return `${what} changes the package of ${touchedWords(touched, gating.length)} (marked "changed by this pull request")${othersClause(gating.length - touched, where)}.`;
}

/** "one of these alerts without resolving it", "all 3 of these alerts without resolving them"… */
function touchedWords(touched: number, all: number): string {
  const it = touched === 1 ? 'it' : 'them';
  const which =
    touched === all
      ? all === 1
        ? 'this alert'
        : `all ${formatNumber(all)} of these alerts`
      : touched === 1
        ? 'one of these alerts'
        : `${formatNumber(touched)} of these alerts`;
  return `${which} without resolving ${it}`;
}

/** "; the others are already on `main`…", or nothing when the change touches every gating alert. */
const othersClause = (others: number, where: string) =>
  others === 0
    ? ''
    : `; ${others === 1 ? 'the other is' : `the other ${formatNumber(others)} are`} already on ${where}`;

/** The day `days` after the run's, YYYY-MM-DD. */
function daysAfter(iso: string, days: number): string {
  const at = Date.parse(iso);
  return new Date((Number.isNaN(at) ? Date.now() : at) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The advisory ids to offer as entries: one per advisory; the input's lines take an id as a word only. */
function allowIds(result: GateResult, gating: { advisory: string }[]): string[] {
  const inFile = Boolean(result.options.configFile);
  return [...new Set(gating.map((e) => e.advisory))].filter((id) => inFile || PLAIN_ID.test(id));
}

/** What the pull request brings in that fails the gate, and what its author does about it. */
/** What to do about the versions that gate before any advisory: denied, malicious, too new. */
function supplySteps(entries: EvaluatedSupplyChainEntry[]): string[] {
  const by = (mark: GroundMark) => entries.filter((e) => gatesByMark(e.disposition, mark));
  const names = (list: EvaluatedSupplyChainEntry[], extra: (e: EvaluatedSupplyChainEntry) => string = () => '') => {
    const shown = list.slice(0, 3).map((e) => `${code(`${e.name} ${e.version}`, 120)}${extra(e)}`);
    return `${shown.join(', ')}${list.length > 3 ? ` and ${formatNumber(list.length - 3)} more` : ''}`;
  };
  const [denied, malicious, young] = [by('deny'), by('osv'), by('release-age')];
  return [
    ...(denied.length === 0
      ? []
      : [
          `- **Denied**: ${names(denied)} ${denied.length === 1 ? 'is' : 'are'} named by \`deny-packages\`, your organization's decision: remove ${denied.length === 1 ? 'it' : 'them'}; only whoever owns the policy can lift it.`,
        ]),
    ...(malicious.length === 0
      ? []
      : [
          `- **Known malicious**: ${names(malicious, (e) => ` (${(e.malicious ?? []).join(', ')})`)}: remove ${malicious.length === 1 ? 'it' : 'them'} from this pull request, and treat any machine that installed ${malicious.length === 1 ? 'it' : 'them'} (a laptop, a CI runner) as compromised: rotate the secrets it held. Only an \`allow-alerts\` entry naming the \`MAL-\` id lifts this.`,
        ]),
    ...(young.length === 0
      ? []
      : [
          `- **Too new**: ${names(young, (e) => (e.landsFrom ? ` (from ${utcMinute(e.landsFrom)})` : ' (publish time unknown)'))}: pin the version before, or re-run this job once ${young.length === 1 ? 'it is' : 'they are'} old enough (\`min-release-age\`); a version whose publish time is unknown stays too new until the source knows it.`,
        ]),
  ];
}

/** The upgrades GitHub's advisories name (contract: "The fix"), first: they are the way out. */
function fixSteps(result: GateResult): string[] {
  const upgrades = upgradesOf(result);
  if (upgrades.length === 0) return [];
  const shown = upgrades
    .slice(0, MAX_ENTRIES)
    .map(
      ({ name, version, manifest }) =>
        `${code(name, 120)} to ${code(version, 60)}${manifest ? ` in ${code(manifest, 200)}` : ''}`,
    );
  const more =
    upgrades.length > MAX_ENTRIES ? ` and ${formatNumber(upgrades.length - MAX_ENTRIES)} more (the Fix column)` : '';
  return [`- **The fix**: upgrade ${shown.join(', ')}${more}, the versions GitHub's advisories name as fixing them.`];
}

function broughtInSteps(findings: EvaluatedFinding[], licenses: LicenseFinding[]): string[] {
  const named = [...new Set(findings.map((f) => `${f.name} ${f.version}`))];
  const listed = named.slice(0, 3).map((n) => code(n, 120));
  const more = named.length > 3 ? ` and ${formatNumber(named.length - 3)} more` : '';
  const vulnerable =
    findings.length === 0
      ? []
      : [
          `- **This pull request brings in** ${listed.join(', ')}${more}, with ${plural(findings.length, 'vulnerability', 'vulnerabilities')} that ${findings.length === 1 ? 'fails' : 'fail'} the gate: upgrade ${named.length === 1 ? 'it' : 'each'} to a version the advisory does not affect (its link says which), or leave the dependency out, in this pull request.`,
        ];
  const packages = [...new Set(licenses.map((f) => f.package))];
  const licensed =
    packages.length === 0
      ? []
      : [
          `- **Licenses**: ${packages
            .slice(0, 3)
            .map((p) => code(p, 120))
            .join(
              ', ',
            )}${packages.length > 3 ? ` and ${formatNumber(packages.length - 3)} more` : ''} ${packages.length === 1 ? 'has' : 'have'} a license the policy does not allow: use another package, or ask whoever owns the policy for a \`license-exceptions\` entry.`,
        ];
  return [...vulnerable, ...licensed];
}

/** The entries to copy, in the form of the place they go: the policy file's mapping, or the input's line syntax. */
function allowEntries(result: GateResult, ids: string[]): string[] {
  // Within max-allow-days, or the entry to copy would be refused.
  const until = daysAfter(result.generatedAt, Math.min(ALLOW_DAYS, result.options.maxAllowDays ?? ALLOW_DAYS));
  const shown = ids.slice(0, MAX_ENTRIES);
  const reason = 'why it is accepted, and the ticket that tracks the fix';
  const lines = result.options.configFile
    ? [
        'allow-alerts:',
        ...shown.flatMap((id) => [`  - id: ${yamlScalar(id)}`, `    until: ${until}`, `    reason: ${reason}`]),
      ]
    : shown.map((id) => `${id} until ${until} # ${reason}`);
  const fence = fenceFor(lines);
  const fenced = [fence + (result.options.configFile ? 'yaml' : 'text'), ...lines, fence];
  const more = ids.length - shown.length;
  return more > 0
    ? [...fenced, `(and ${plural(more, 'more advisory', 'more advisories')}: see the JSON report)`]
    : fenced;
}

/** An advisory id that reads as one word in YAML and in the input's lines. */
const PLAIN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

/** An id as a YAML scalar: plain when it is one, else quoted (a service's id may hold anything). */
const yamlScalar = (id: string) => (PLAIN_ID.test(id) ? id : JSON.stringify(id));

/** A fence longer than any backtick run in the lines, so no line ends the block (CommonMark), and nothing inserted in them. */
function fenceFor(lines: string[]): string {
  const longest = Math.max(0, ...lines.flatMap((line) => (line.match(/`+/g) ?? []).map((run) => run.length)));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Where the entries go: the policy file the run used, and where it is; else the workflow's input. */
function where(result: GateResult): string {
  const file = result.options.configFile;
  if (!file) return "to the step's `allow-alerts` input in the workflow (or to a policy file, `config-file`)";
  const remote = /^[^/]+\/[^/]+\/.+@[^@]+$/.test(file);
  return remote
    ? `to ${code(file, 200)}, the policy file this run used (in another repository: its owners decide)`
    : `to ${code(file, 200)}, the policy file this run used (in this repository; on a pull request the base commit's copy judges, so the entry takes effect once merged there)`;
}

/**
 * The section, or null when the gate does not fail: what fails it, what to do about each, and how
 * to accept an advisory for a while (contract: "The blocked developer first": it ends every failing
 * page, for what a pull request brings in as for the alerts).
 */
export function nextStepsSection(result: GateResult): string | null {
  if (result.result !== 'fail') return null;
  const gating = result.counts === null ? [] : result.verdict.gating;
  const findings = result.introduced?.findings.filter((f) => f.disposition.gates) ?? [];
  const licenses = result.licenses?.findings.filter((f) => f.gates) ?? [];
  const supply = result.supplyChain?.entries.filter((e) => e.disposition.gates) ?? [];
  const brought = [...supplySteps(supply), ...fixSteps(result), ...broughtInSteps(findings, licenses)];
  if (gating.length === 0) {
    const critical = result.posture?.repository?.criticalIssues ?? 0;
    const posture =
      critical > 0
        ? [
            `- **Critical issues**: the security posture shows ${plural(critical, 'open critical issue')} for this repository (fail-on-critical-issues): resolve them in the service, where they are listed.`,
          ]
        : [];
    const ids = allowIds(result, findings);
    const accept =
      ids.length === 0
        ? []
        : [
            `- **Or accept it for a while**: add ${plural(Math.min(ids.length, MAX_ENTRIES), 'entry', 'entries')} ${where(result)}, with a real reason:`,
            '',
            ...allowEntries(result, ids).map((line) => `  ${line}`),
          ];
    // Nothing named to act on (the alerts were not read, say): the page says why, no advice to give.
    if (brought.length + posture.length === 0) return null;
    const steps = [...brought, ...posture, ...accept, '', ask(result)];
    return ['### What to do', '', ...steps].join('\n');
  }
  const ids = allowIds(result, [...findings, ...gating]);
  const accept =
    ids.length === 0
      ? [
          '- **Or accept it for a while**: an `allow-alerts` entry with its advisory id, an `until` date and a reason (ids in the JSON report).',
        ]
      : [
          `- **Or accept it for a while**: add ${plural(Math.min(ids.length, MAX_ENTRIES), 'entry', 'entries')} ${where(result)}, with a real reason:`,
          '',
          ...allowEntries(result, ids).map((line) => `  ${line}`),
        ];
  const steps = [
    ...brought,
    `- **Upgrade** each package to a version the advisory does not affect (its link says which), in this pull request or one of its own: a change that removes the vulnerable version from every manifest resolves the alert, and no pull request fails on it again.`,
    ...accept,
    '',
    ask(result),
  ];
  // whose() is the action's own words around code spans: nothing in it to escape.
  return ['### What to do', '', whose(result, gating), '', ...steps].join('\n');
}

/** Who to ask when it is not the reader's to fix. */
const ask = (result: GateResult) =>
  `- **Not yours to fix?** Ask whoever owns the security policy of this repository${result.options.configFile ? ` (the history of ${code(result.options.configFile, 200)}, or CODEOWNERS)` : ' (CODEOWNERS)'}, or your security team.`;
