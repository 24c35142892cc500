import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from '@jest/globals';
import { describeSchedule } from '../../src/run/schedule.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
// A Friday, noon UTC.
const NOW = new Date('2024-06-07T12:00:00Z');

describe('describeSchedule', () => {
  it.each([
    ['weekdays at 02:00', '0 2 * * 1-5', 'At 02:00, Monday through Friday (UTC)', '2024-06-10T02:00:00.000Z'],
    ['every 15 minutes', '*/15 * * * *', 'Every 15 minutes (UTC)', '2024-06-07T12:15:00.000Z'],
    ['daily at midnight', '0 0 * * *', 'At 00:00 (UTC)', '2024-06-08T00:00:00.000Z'],
    ['a nickname', '@weekly', 'At 00:00, only on Sunday (UTC)', '2024-06-09T00:00:00.000Z'],
    ['day names', '30 18 * * SAT', 'At 18:30, only on Saturday (UTC)', '2024-06-08T18:30:00.000Z'],
    ['surrounding spaces', '  0 2 * * *  ', 'At 02:00 (UTC)', '2024-06-08T02:00:00.000Z'],
  ])('reads %s in UTC with its next run', (_name, crontab, description, nextRun) => {
    expect(describeSchedule(crontab, true, NOW)).toEqual({ crontab, enabled: true, description, nextRun });
  });

  it('gives no next run when the schedule is disabled, but still describes it', () => {
    expect(describeSchedule('0 2 * * 1-5', false, NOW)).toEqual({
      crontab: '0 2 * * 1-5',
      enabled: false,
      description: 'At 02:00, Monday through Friday (UTC)',
      nextRun: null,
    });
  });

  it('gives no next run for a date that never comes (30 February)', () => {
    const view = describeSchedule('0 0 30 2 *', true, NOW);
    expect(view.description).toBe('At 00:00, on day 30 of the month, only in February (UTC)');
    expect(view.nextRun).toBeNull();
  });

  it.each([
    ['empty', ''],
    ['words', 'every night'],
    ['out of range', '99 99 * * *'],
    ['too few fields', '0 2 *'],
    ['hostile text', '<script>@team</script>'],
  ])('returns nulls, without throwing, for an unreadable crontab (%s)', (_name, crontab) => {
    expect(describeSchedule(crontab, true, NOW)).toEqual({ crontab, enabled: true, description: null, nextRun: null });
  });

  it.each([
    [
      'a line break and a workflow command',
      '0 2 * * *\n::set-output name=result::pass',
      '0 2 * * * ::set-output name=result::pass',
    ],
    ['CR LF', '0 2 * * *\r\n', '0 2 * * * '],
    ['an ANSI escape and NUL', '\u001b[31m0 2 * * *\u0000', ' [31m0 2 * * * '],
    ['C1 and Unicode line breaks', '0\u0085 2\u2028* * *\u2029', '0  2 * * * '],
  ])('gives the crontab on one line, whatever the service sent (%s)', (_name, crontab, shown) => {
    expect(describeSchedule(crontab, true, NOW).crontab).toBe(shown);
  });

  it('reads the crontab in UTC whatever time zone the runner is in', () => {
    // A process of its own: the time zone is fixed when a process starts.
    const script = `
      const { describeSchedule } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'src/run/schedule.ts')).href)});
      console.log(new Date(${JSON.stringify(NOW.toISOString())}).getHours(), describeSchedule('0 2 * * 1-5', true, new Date(${JSON.stringify(NOW.toISOString())})).nextRun);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', TZ: 'Pacific/Auckland' },
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    // Midnight in Auckland, yet the schedule's next run is 02:00 UTC on Monday.
    expect(run.stdout.trim()).toBe('0 2024-06-10T02:00:00.000Z');
  });

  it('counts the next run strictly after now', () => {
    expect(describeSchedule('0 12 * * *', true, NOW).nextRun).toBe('2024-06-08T12:00:00.000Z');
  });
});
