// The one reader of the date-times the gate compares (contract: "Verdict integrity", "Instants are
// instants"): RFC 3339's date-time, zone required, never the runner's time zone. Date.parse is not
// that: it reads a date-time without a zone in local time (TZ flips a verdict), rolls 2025-02-30 over
// to March 2, and takes `1` as the year 2001. On the ground floor beside model.ts: it imports nothing
// of ours, and everything may import it.

// RFC 3339 section 5.6: full-date "T" full-time; "T" and "Z" may be lower case (section 5.6, NOTE).
// A space for the "T", which the RFC lets applications choose, is not taken: every source the gate
// compares writes the "T", and a reader that takes what a writer did not promise guesses.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Gregorian: every fourth year, but not a century unless it divides by 400. */
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Whether the day is one its month has (February 29 only in a leap year). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const last = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= last;
}

/**
 * An RFC 3339 date-time with a zone as an instant (ms since the epoch, UTC); null for anything else:
 * no zone, a day its month lacks, hours over 23, minutes or seconds over 59, an offset over 23:59, a
 * space for the "T", spaces around it, a date alone. A leap second (`:60`) is refused too: it cannot
 * be told apart from the next minute's first second on a clock of milliseconds, and none has been
 * inserted since 2016. Fractions of a second count to the millisecond (further digits are dropped).
 * `-00:00` (UTC, local offset unknown) is UTC.
 */
export function parseInstant(text: unknown): number | null {
  if (typeof text !== 'string') return null;
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarDate(year, month, day) || hour > 23 || minute > 59 || second > 59) return null;
  let offsetMinutes = 0;
  if (!m[8]) {
    const [sign, hours, minutes] = [m[9] === '-' ? -1 : 1, Number(m[10]), Number(m[11])];
    if (hours > 23 || minutes > 59) return null;
    offsetMinutes = sign * (hours * 60 + minutes);
  }
  const ms = Number((m[7] ?? '').slice(0, 3).padEnd(3, '0'));
  // Date.UTC reads the years 0-99 as 1900-1999: the date is set apart.
  const date = new Date(Date.UTC(2000, 0, 1, hour, minute, second, ms));
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime() - offsetMinutes * 60_000;
}

/** `2026-11-30T10:00:00.000Z` -> `2026-11-30 10:00 UTC`: an instant as people read it; the text itself when it is none. */
export function utcMinute(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** 14 -> `14 h`, 75 -> `3 days`: an age in hours as a report says it (hours up to two days). */
export function ageWords(hours: number): string {
  if (hours < 48) return `${Math.max(0, hours)} h`;
  const days = Math.floor(hours / 24);
  return `${days} days`;
}
