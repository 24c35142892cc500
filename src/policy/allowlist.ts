// The `allow-alerts` input: parsing (`ID [for PACKAGE] [until YYYY-MM-DD] [by OWNER] [# reason]`),
// expiry and max-allow-days, matching (by advisory id, and by package when the entry names one), the
// repositories a policy file's entry names, and what a run says of its entries: expired, coming due,
// unused (contract: "The way out").
import type { Alert, AllowEntry, EvaluatedAlert, ExpiringAllow, Warning } from '../model.js';
import { plural } from '../numbers.js';
import { samePackage, sameVersion, sharedEcosystem } from '../packages/identity.js';
import { parsePackageIdentifier, type PackageIdentifier } from '../packages/locations.js';

const FORM = '"<advisory-id> [for <package>] [until YYYY-MM-DD] [by <owner>] [# reason]"';
const DATE_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The keywords of an entry, in the one order the contract gives them. */
const KEYWORDS = ['for', 'until', 'by'] as const;
type Keyword = (typeof KEYWORDS)[number];
const VALUE_OF: Record<Keyword, string> = { for: 'package', until: 'date', by: 'owner' };

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Why `text` is not a usable YYYY-MM-DD date, or null when it is one. */
function dateProblem(text: string): string | null {
  const m = DATE_FORM.exec(text);
  if (!m) return `"${text}" is not a date in the form YYYY-MM-DD`;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return `"${text}" is not a real date`;
  return null;
}

/** A GitHub login (`@octocat`), a team (`@acme/security`), or an e-mail address. */
const USER = /^@[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
const TEAM = /^@[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}\/[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const EMAIL =
  /^[^\s@<>(),;:"\\/]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Why `text` is not an owner (`by`), or null when it is one. */
export function ownerProblem(text: string): string | null {
  return USER.test(text) || TEAM.test(text) || EMAIL.test(text)
    ? null
    : `"${text}" is not an owner; expected @user, @org/team or an e-mail address (security@acme.example)`;
}

/** The package `for` names (a package URL or a name, version optional), or null when it names none. */
function packageNamed(text: string): PackageIdentifier | null {
  // A pattern is not a package: for names one package (deny-packages and private-packages take patterns).
  if (text === '' || /[\s*,#]/.test(text)) return null;
  return parsePackageIdentifier(text);
}

/** Why `text` names no package (`for`), or null when it names one. */
export function packageProblem(text: string): string | null {
  return packageNamed(text) === null
    ? `"${text}" is not a package; expected a package URL or a name, version optional (pkg:npm/lodash, lodash@4.17.20, pkg:maven/org.apache.commons/commons-text)`
    : null;
}

/** The words of one comma-separated piece of a line, read in the contract's order; or why they are not. */
function readWords(piece: string): { id: string; fields: Partial<Record<Keyword, string>> } | string {
  const [id = '', ...rest] = piece.split(/\s+/);
  const keyword = (word: string | undefined) => KEYWORDS.find((k) => k === word?.toLowerCase()) ?? null;
  // A keyword in first place is a keyword without its advisory id, not an id.
  if (keyword(id) !== null) return `"${piece}" is not ${FORM}`;
  const fields: Partial<Record<Keyword, string>> = {};
  let last = -1;
  for (let i = 0; i < rest.length; i += 2) {
    const word = keyword(rest[i]);
    if (word === null) return `"${piece}" is not ${FORM}`;
    if (fields[word] !== undefined) return `"${piece}" gives "${word}" twice; expected ${FORM}`;
    const at = KEYWORDS.indexOf(word);
    if (at < last)
      return `"${piece}" gives "${word}" after "${KEYWORDS[last]}"; the keywords go in this order: ${FORM}`;
    const value = rest[i + 1];
    if (value === undefined || keyword(value) !== null)
      return `"${piece}" has no ${VALUE_OF[word]} after "${word}"; expected ${FORM}`;
    [fields[word], last] = [value, at];
  }
  return { id, fields };
}

/** One comma-separated piece of a line: an entry, or the reason it is not one. */
function parseEntry(piece: string, reason: string | undefined): AllowEntry | string {
  const words = readWords(piece);
  if (typeof words === 'string') return words;
  const { id, fields } = words;
  const entry: AllowEntry = { id };
  if (fields.for !== undefined) {
    const problem = packageProblem(fields.for);
    if (problem) return `"${piece}": for ${problem}`;
    entry.for = fields.for;
  }
  if (fields.until !== undefined) {
    const problem = dateProblem(fields.until);
    if (problem) return problem;
    entry.until = fields.until;
  }
  if (fields.by !== undefined) {
    const problem = ownerProblem(fields.by);
    if (problem) return `"${piece}": by ${problem}`;
    entry.by = fields.by;
  }
  if (reason) entry.reason = reason;
  return entry;
}

/** An entry and the line of the text it stands on (from 1). */
export interface LinedEntry {
  entry: AllowEntry;
  line: number;
}

/**
 * Parses `allow-alerts`: entries one per line or comma-separated, each
 * `<advisory-id> [for <package>] [until YYYY-MM-DD] [by <owner>]`, with an optional `# reason` to the
 * end of the line that applies to every entry on it. All errors are collected so the user sees them
 * at once; each names `where` the text came from and its line. Each entry comes with its line.
 */
export function parseAllowLines(
  text: string,
  where = 'allow-alerts',
): { entries: LinedEntry[]; errors: { message: string; line: number }[] } {
  const entries: LinedEntry[] = [];
  const errors: { message: string; line: number }[] = [];
  for (const { items, reason, line } of reasonedLines(text))
    for (const piece of items) {
      const parsed = parseEntry(piece, reason);
      if (typeof parsed === 'string') errors.push({ message: `${where} line ${line}: ${parsed}`, line });
      else entries.push({ entry: parsed, line });
    }
  return { entries, errors };
}

/**
 * A list input's lines as allow-alerts reads them (deny-packages too): each line's comma-separated
 * items and the `# reason` that follows them, for each of them. Empty pieces (blank lines, comment-only
 * lines, a trailing comma) carry nothing.
 */
export function reasonedLines(text: string): Array<{ items: string[]; reason: string | undefined; line: number }> {
  return text.split(/\r\n|\r|\n/).map((line, index) => {
    const hash = line.indexOf('#');
    const items = (hash === -1 ? line : line.slice(0, hash))
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    const reason = hash === -1 ? undefined : line.slice(hash + 1).trim() || undefined;
    return { items, reason, line: index + 1 };
  });
}

/** {@link parseAllowLines} without the lines. */
export function parseAllowList(text: string, where = 'allow-alerts'): { entries: AllowEntry[]; errors: string[] } {
  const { entries, errors } = parseAllowLines(text, where);
  return { entries: entries.map(({ entry }) => entry), errors: errors.map(({ message }) => message) };
}

/** An `allow-alerts` entry a policy file gives as a mapping: its fields as the file holds them. */
export interface AllowMapping {
  id: string;
  for?: string;
  until?: string;
  by?: string;
  reason?: string;
  /** `owner/name` patterns, checked where they stand in the file (config/policy-file.ts). */
  repositories?: readonly string[];
}

/**
 * An entry given field by field (a policy file's mapping `{id, for, until, by, reason, repositories}`),
 * or why it is not one. Each field keeps what it holds: an id with `#`, `,` or the word `until` in it
 * is that id, never read as the input's syntax, so an `until` can never be lost to it.
 */
export function allowEntryOf(fields: AllowMapping): AllowEntry | string {
  const id = fields.id.trim();
  if (id === '') return 'an entry needs an id (the advisory id)';
  const entry: AllowEntry = { id };
  if (fields.for !== undefined) {
    const pkg = fields.for.trim();
    const problem = packageProblem(pkg);
    if (problem) return `entry ${id}: for: ${problem}`;
    entry.for = pkg;
  }
  if (fields.until !== undefined) {
    const until = fields.until.trim();
    const problem = dateProblem(until);
    if (problem) return `until: ${problem}`;
    entry.until = until;
  }
  if (fields.by !== undefined) {
    const owner = fields.by.trim();
    const problem = ownerProblem(owner);
    if (problem) return `entry ${id}: by: ${problem}`;
    entry.by = owner;
  }
  const reason = fields.reason?.trim();
  if (reason) entry.reason = reason;
  if (fields.repositories !== undefined) {
    const repositories = fields.repositories.map((pattern) => pattern.trim());
    const problem = repositoriesProblem(repositories) ?? repositories.map(repositoryProblem).find((p) => p !== null);
    if (problem) return `repositories: ${problem}`;
    entry.repositories = repositories;
  }
  return entry;
}

/** `owner/name`, or a prefix of one ending in `*` (`acme/*`, `acme/web-*`): GitHub's characters only. */
const REPOSITORY = /^[A-Za-z0-9_-]+\/(?:[A-Za-z0-9._-]+|[A-Za-z0-9._-]*\*)$/;

/** Why an item of `repositories` is not `owner/name` with at most a trailing `*`, or null when it is one. */
export function repositoryProblem(pattern: string): string | null {
  return REPOSITORY.test(pattern) ? null : `"${pattern}" is not owner/name (a * only at the end, as in acme/web-*).`;
}

/** Why a `repositories` list as a whole is refused (an empty one would allow nowhere), or null. */
export function repositoriesProblem(patterns: readonly unknown[]): string | null {
  return patterns.length === 0
    ? 'lists no repository; name one (owner/name), or leave repositories out to allow in every repository.'
    : null;
}

/**
 * Whether the entry applies in `repository` (GITHUB_REPOSITORY): always without `repositories`;
 * otherwise when a pattern names it, case-insensitively as GitHub does, a trailing `*` as a prefix.
 * An unknown repository is named by none: an exception not known to apply does not.
 */
export function appliesIn(entry: AllowEntry, repository: string | null): boolean {
  if (entry.repositories === undefined) return true;
  const here = repository?.trim().toLowerCase();
  if (!here) return false;
  return entry.repositories.some((pattern) => {
    const wanted = pattern.trim().toLowerCase();
    return wanted.endsWith('*') ? here.startsWith(wanted.slice(0, -1)) : here === wanted;
  });
}

/**
 * A run's entries: those that apply in `repository`, which the verdict uses, and those a central
 * policy file keeps for other repositories, which it neither uses nor reports unused here.
 */
export function byRepository(
  entries: AllowEntry[],
  repository: string | null,
): { allowAlerts: AllowEntry[]; allowAlertsElsewhere: AllowEntry[] } {
  const applies = entries.map((entry) => appliesIn(entry, repository));
  return {
    allowAlerts: entries.filter((_, i) => applies[i]),
    allowAlertsElsewhere: entries.filter((_, i) => !applies[i]),
  };
}

/** Days since 1970-01-01 of a YYYY-MM-DD date (the first 10 characters of `text`). */
const dayNumber = (text: string) => Date.parse(`${text.slice(0, 10)}T00:00:00Z`) / 86_400_000;

/** The day `days` after `today` (YYYY-MM-DD, UTC). */
const daysAfter = (today: string, days: number) =>
  new Date((dayNumber(today) + days) * 86_400_000).toISOString().slice(0, 10);

/** True once the entry's `until` day (inclusive, UTC) is over; `today` is YYYY-MM-DD in UTC. */
export function isExpired(entry: AllowEntry, today: string): boolean {
  // YYYY-MM-DD strings order like the dates; the slice tolerates a full ISO timestamp as `today`.
  return entry.until !== undefined && entry.until < today.slice(0, 10);
}

/** Entries that end within 7 days of `today` (0 to 7 days left, not expired), soonest first. */
export function expiringEntries(entries: readonly AllowEntry[], today: string): ExpiringAllow[] {
  return entries
    .flatMap((entry) => {
      const daysLeft = entry.until === undefined ? NaN : dayNumber(entry.until) - dayNumber(today);
      return daysLeft >= 0 && daysLeft <= 7 ? [{ entry, daysLeft }] : [];
    })
    .sort((a, b) => a.daysLeft - b.daysLeft);
}

/**
 * Why an entry breaks `max-allow-days` (no `until`, or one more than `maxDays` after `today`), or
 * null when it does not. Names the entry; the caller says where it stands.
 */
export function maxAllowProblem(entry: AllowEntry, maxDays: number, today: string): string | null {
  const latest = daysAfter(today, maxDays);
  if (entry.until === undefined)
    return `entry ${entryLabel(entry)} has no until date, and max-allow-days is ${maxDays}: every entry must end, on ${latest} (UTC) at the latest.`;
  if (entry.until <= latest) return null;
  return `entry ${entryLabel(entry)} ends on ${entry.until}, more than max-allow-days (${maxDays}) after today (${today.slice(0, 10)}, UTC): its until can be ${latest} at the latest.`;
}

/** "GHSA-x", or "GHSA-x for pkg:npm/lodash": how messages name an entry. */
export function entryLabel(entry: AllowEntry): string {
  return entry.for === undefined ? entry.id : `${entry.id} for ${entry.for}`;
}

/** `for`'s package, read once per entry (the verdict asks for each subject of its advisory). */
const forPackages = new WeakMap<AllowEntry, PackageIdentifier | null>();
function forPackage(entry: AllowEntry & { for: string }): PackageIdentifier | null {
  if (!forPackages.has(entry)) forPackages.set(entry, packageNamed(entry.for.trim()));
  return forPackages.get(entry) ?? null;
}

/**
 * Whether `for` names the subject's package ("Same package, same version": the ecosystem when both
 * say one, the name, and the version when `for` gives one). A subject whose package cannot be read
 * is named by none: an exception restricted to a package allows nothing it cannot tell is that package.
 */
function namesPackage(entry: AllowEntry & { for: string }, subject: string | undefined): boolean {
  const wanted = forPackage(entry);
  const pkg = subject === undefined ? null : parsePackageIdentifier(subject);
  if (wanted === null || pkg === null || !samePackage(wanted, pkg)) return false;
  if (wanted.version === null) return true;
  return pkg.version !== null && sameVersion(wanted.version, pkg.version, sharedEcosystem(wanted, pkg) ?? null);
}

/** What an entry is matched against: a subject's ids and, when the entry names one, its package. */
export type AllowSubject = Pick<Alert, 'advisory' | 'aliases'> & { package?: string };

/**
 * Whether the entry names the subject (an alert, a finding, a version brought in): its advisory, by id
 * or any alias, ignoring case and surrounding space; and, with `for`, its package.
 */
export function entryMatches(entry: AllowEntry, subject: AllowSubject): boolean {
  const wanted = entry.id.trim().toLowerCase();
  if (wanted === '') return false;
  const names = [subject.advisory, ...subject.aliases];
  if (!names.some((name) => name.trim().toLowerCase() === wanted)) return false;
  return entry.for === undefined || namesPackage(entry as AllowEntry & { for: string }, subject.package);
}

/** A finding's or a version's package as the verdict reads it: its package URL, else `name@version`. */
export const subjectPackage = (x: { packageUrl: string | null; name: string; version: string }): string =>
  x.packageUrl ?? `${x.name}@${x.version}`;

/** What the allow list is weighed against: each alert (or finding, or version) judged, by its ids and package. */
type Judged = Pick<EvaluatedAlert, 'advisory' | 'aliases' | 'status'> & { package?: string };

function expiredWarning(entry: AllowEntry, matched: Judged[]): Warning {
  const regating = matched.filter((e) => e.status === 'gating').length;
  const consequence =
    regating === 0
      ? ''
      : ` ${plural(regating, 'alert')} it matches ${regating === 1 ? 'fails' : 'fail'} the gate again.`;
  return {
    kind: 'expired-allow',
    message: `allow-alerts entry ${entryLabel(entry)} expired: its until date ${entry.until} has passed, so it suppresses nothing.${consequence}`,
  };
}

const owned = (entry: AllowEntry) => (entry.by === undefined ? '' : ` (owner ${entry.by})`);

/** The warning (and its annotation) an entry coming due gets. */
export function expiringWarning({ entry, daysLeft }: ExpiringAllow): Warning {
  return {
    kind: 'expiring-allow',
    message: `allow-alerts entry ${entryLabel(entry)}${owned(entry)} ends on ${entry.until} (${plural(daysLeft, 'day')} left): renew it on purpose with a later until, or fix what it allows.`,
  };
}

const unmatchedWarning = (entry: AllowEntry): Warning => ({
  kind: 'unmatched-allow',
  message: `allow-alerts entry ${entryLabel(entry)} matches no alert of this repository: it can be removed, or the id may be mistyped.`,
});

/** What a run says of its allow-alerts entries. */
export interface AllowListReview {
  /** Expired, coming due, and (when every alert was read) unused, as warnings. */
  warnings: Warning[];
  expiring: ExpiringAllow[];
  /** Entries that named nothing read (no alert, finding or malicious version); null when the alerts were not all read. */
  unused: AllowEntry[] | null;
}

/**
 * The entries weighed against what was judged: expired ones (with how many of their alerts gate
 * again, read from the statuses as the verdict left them: after a pull request resolved some and
 * grace periods made others due), those that come due within 7 days, and, only when `allRead`
 * (every alert was read), those that named nothing: on a partial read an entry may name what was not read.
 */
export function reviewAllowList(
  allow: readonly AllowEntry[],
  evaluated: readonly Judged[],
  today: string,
  allRead: boolean,
): AllowListReview {
  const warnings: Warning[] = [];
  const unused: AllowEntry[] = [];
  for (const entry of allow) {
    const matched = evaluated.filter((e) => entryMatches(entry, e));
    if (isExpired(entry, today)) warnings.push(expiredWarning(entry, matched));
    if (matched.length > 0) continue;
    unused.push(entry);
    if (allRead) warnings.push(unmatchedWarning(entry));
  }
  const expiring = expiringEntries(allow, today);
  warnings.push(...expiring.map(expiringWarning));
  // Duplicate entries would repeat the same warning word for word.
  const distinct = new Map(warnings.map((w) => [`${w.kind}\n${w.message}`, w]));
  return { warnings: [...distinct.values()], expiring, unused: allRead ? unused : null };
}

/** The warnings of {@link reviewAllowList}, every alert read. */
export function allowListWarnings(allow: AllowEntry[], evaluated: Judged[], today: string): Warning[] {
  return reviewAllowList(allow, evaluated, today, true).warnings;
}
