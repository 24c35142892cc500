// Pure: grace periods (contract: "Pull requests and time"). An alert that would gate gets its
// severity's days from its `createdAt`; until then it is due, not gating. No readable createdAt,
// no grace: an alert the gate cannot date is judged as if it were old.
import { parseInstant } from '../instants.js';
import type { GraceDays, Severity } from '../model.js';

const DAY_MS = 86_400_000;

/** When an alert that would gate starts to gate; null when it has no grace period. */
export interface Grace {
  /** The instant its grace period ends (ISO date-time, UTC). */
  dueAt: string;
  /** dueAt's UTC date, YYYY-MM-DD: shown as its due date. */
  dueOn: string;
  /** Still inside its grace period at `now`: it does not gate yet. */
  pending: boolean;
  /** Days left, rounded up (0 once due). */
  daysLeft: number;
}

/**
 * `createdAt` as an instant, or null when it cannot be trusted: missing, not an RFC 3339 date-time
 * with a zone (one without is never read in the runner's time zone), or more than a day in the
 * future (a clock that far off would buy an alert unlimited grace).
 */
export function readableCreatedAt(createdAt: string | null | undefined, now: Date): number | null {
  const at = parseInstant(createdAt);
  return at === null || at > now.getTime() + DAY_MS ? null : at;
}

/** The grace period of an alert of `severity` created at `createdAt`; null when none applies. */
export function graceOf(
  severity: Severity,
  createdAt: string | null | undefined,
  days: GraceDays,
  now: Date,
): Grace | null {
  const allowed = days[severity] ?? 0;
  if (allowed <= 0) return null;
  const created = readableCreatedAt(createdAt, now);
  if (created === null) return null;
  const due = created + allowed * DAY_MS;
  const left = due - now.getTime();
  const dueAt = new Date(due).toISOString();
  return { dueAt, dueOn: dueAt.slice(0, 10), pending: left > 0, daysLeft: left > 0 ? Math.ceil(left / DAY_MS) : 0 };
}

/** The earliest due date among pending graces (YYYY-MM-DD), or null. */
export function nextDue(graces: Iterable<Grace | null | undefined>): string | null {
  let earliest: string | null = null;
  for (const grace of graces) {
    if (grace?.pending && (earliest === null || grace.dueAt < earliest)) earliest = grace.dueAt;
  }
  return earliest === null ? null : earliest.slice(0, 10);
}
