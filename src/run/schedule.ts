// The scan schedule in words and its next run. The service does not say which time zone its crontab
// uses (service-api.md is silent), so it is read as UTC, and the words say so.
import cronstrue from 'cronstrue';
import { Cron } from 'croner';
import { oneLine } from '../characters.js';
import type { ScheduleView } from '../model.js';

export function describeSchedule(crontab: string, enabled: boolean, now: Date): ScheduleView {
  const expression = crontab.trim();
  return {
    // Shown and output as one line: a crontab is service text (contract: "Outputs").
    crontab: oneLine(crontab),
    enabled,
    description: describeCrontab(expression),
    nextRun: enabled ? nextRunAfter(expression, now) : null,
  };
}

/** "At 02:00, Monday through Friday (UTC)", or null when the expression cannot be read. */
function describeCrontab(expression: string): string | null {
  if (expression === '') return null;
  try {
    const words = cronstrue.toString(expression, {
      use24HourTimeFormat: true,
      verbose: false,
      throwExceptionOnParseError: true,
    });
    return `${words} (UTC)`;
  } catch {
    return null;
  }
}

/** ISO date-time of the first run after `now`, or null when unreadable or it never runs again. */
function nextRunAfter(expression: string, now: Date): string | null {
  if (expression === '') return null;
  try {
    // paused and without a callback: croner only computes dates, it starts no timer. UTC as a fixed
    // offset of 0 (it has no daylight saving), not as the time zone 'UTC': that would build an
    // Intl.DateTimeFormat, which loads ICU's time zone data (some 12 ms a run).
    const job = new Cron(expression, { utcOffset: 0, paused: true });
    const next = job.nextRun(now);
    job.stop();
    return next ? next.toISOString() : null;
  } catch {
    return null;
  }
}
