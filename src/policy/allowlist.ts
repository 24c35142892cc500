// The `allow-alerts` input: parsing, expiry, matching, and the repositories a policy file's entry names.
import type { Alert, AllowEntry, EvaluatedAlert, Warning } from '../model.js';
import { plural } from '../numbers.js';

const FORM = '"<advisory-id> [until YYYY-MM-DD] [# reason]"';
const DATE_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** One comma-separated piece of a line: an entry, or the reason it is not one. */
function parseEntry(piece: string, reason: string | undefined): AllowEntry | string {
  const [id = '', keyword, date, ...extra] = piece.split(/\s+/);
  const hasUntil = keyword?.toLowerCase() === 'until';
  // `until` in first place is a keyword without its advisory id, not an id.
  if (id.toLowerCase() === 'until' || (keyword !== undefined && !hasUntil) || extra.length > 0) {
    return `"${piece}" is not ${FORM}`;
  }
  if (hasUntil && date === undefined) return `"${piece}" has no date after "until"; expected ${FORM}`;
  const entry: AllowEntry = { id };
  if (date !== undefined) {
    const problem = dateProblem(date);
    if (problem) return problem;
    entry.until = date;
  }
  if (reason) entry.reason = reason;
  return entry;
}

/**
 * Parses `allow-alerts`: entries one per line or comma-separated, each
 * `<advisory-id> [until YYYY-MM-DD]`, with an optional `# reason` to the end of the line that
 * applies to every entry on it. All errors are collected so the user sees them at once; each
 * names `where` the text came from and its line.
 */
export function parseAllowList(text: string, where = 'allow-alerts'): { entries: AllowEntry[]; errors: string[] } {
  const entries: AllowEntry[] = [];
  const errors: string[] = [];
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    const hash = line.indexOf('#');
    const body = hash === -1 ? line : line.slice(0, hash);
    const reason = hash === -1 ? undefined : line.slice(hash + 1).trim() || undefined;
    // Empty pieces (blank lines, comment-only lines, a trailing comma) carry nothing.
    const pieces = body
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    for (const piece of pieces) {
      const parsed = parseEntry(piece, reason);
      if (typeof parsed === 'string') errors.push(`${where} line ${index + 1}: ${parsed}`);
      else entries.push(parsed);
    }
  });
  return { entries, errors };
}

/**
 * An entry given field by field (a policy file's mapping `{id, until, reason, repositories}`), or why
 * it is not one. Each field keeps what it holds: an id with `#`, `,` or the word `until` in it is that
 * id, never read as the input's syntax, so an `until` can never be lost to it.
 */
export function allowEntryOf(fields: {
  id: string;
  until?: string;
  reason?: string;
  repositories?: readonly string[];
}): AllowEntry | string {
  const id = fields.id.trim();
  if (id === '') return 'an entry needs an id (the advisory id)';
  const entry: AllowEntry = { id };
  if (fields.until !== undefined) {
    const until = fields.until.trim();
    const problem = dateProblem(until);
    if (problem) return `until: ${problem}`;
    entry.until = until;
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

/** True once the entry's `until` day (inclusive, UTC) is over; `today` is YYYY-MM-DD in UTC. */
export function isExpired(entry: AllowEntry, today: string): boolean {
  // YYYY-MM-DD strings order like the dates; the slice tolerates a full ISO timestamp as `today`.
  return entry.until !== undefined && entry.until < today.slice(0, 10);
}

/** Whether the entry names the alert's advisory, by id or any alias, ignoring case and surrounding space. */
export function entryMatches(entry: AllowEntry, alert: Pick<Alert, 'advisory' | 'aliases'>): boolean {
  const wanted = entry.id.trim().toLowerCase();
  if (wanted === '') return false;
  const names = [alert.advisory, ...alert.aliases];
  return names.some((name) => name.trim().toLowerCase() === wanted);
}

/** What the allow list is weighed against: each alert (or finding) judged, by its ids. */
type Judged = Pick<EvaluatedAlert, 'advisory' | 'aliases' | 'status'>;

function allowWarnings(entry: AllowEntry, evaluated: Judged[], today: string): Warning[] {
  const warnings: Warning[] = [];
  const matched = evaluated.filter((e) => entryMatches(entry, e));
  if (isExpired(entry, today)) {
    const regating = matched.filter((e) => e.status === 'gating').length;
    const consequence =
      regating === 0
        ? ''
        : ` ${plural(regating, 'alert')} it matches ${regating === 1 ? 'fails' : 'fail'} the gate again.`;
    warnings.push({
      kind: 'expired-allow',
      message: `allow-alerts entry ${entry.id} expired: its until date ${entry.until} has passed, so it suppresses nothing.${consequence}`,
    });
  }
  if (matched.length === 0) {
    warnings.push({
      kind: 'unmatched-allow',
      message: `allow-alerts entry ${entry.id} matches no alert of this repository: it can be removed, or the id may be mistyped.`,
    });
  }
  return warnings;
}

/**
 * Warnings about expired and unmatched allow entries. An expired entry says how many of its alerts
 * gate again, so it reads the statuses as the verdict left them: after a pull request resolved some
 * and grace periods made others due.
 */
export function allowListWarnings(allow: AllowEntry[], evaluated: Judged[], today: string): Warning[] {
  // Duplicate entries would repeat the same warning word for word.
  const warnings = new Map<string, Warning>();
  for (const warning of allow.flatMap((entry) => allowWarnings(entry, evaluated, today))) {
    warnings.set(`${warning.kind}\n${warning.message}`, warning);
  }
  return [...warnings.values()];
}
