import { describe, expect, it } from '@jest/globals';
import { graceOf, nextDue, readableCreatedAt } from '../../src/policy/grace.js';

const now = new Date('2026-11-26T12:00:00Z');

describe('graceOf', () => {
  it('an alert inside its severity days is pending, due on the UTC date of created + days', () => {
    expect(graceOf('high', '2026-11-20T08:00:00Z', { high: 30 }, now)).toEqual({
      dueAt: '2026-12-20T08:00:00.000Z',
      dueOn: '2026-12-20',
      pending: true,
      daysLeft: 24,
    });
  });

  it('rounds days left up', () => {
    expect(graceOf('high', '2026-11-26T11:00:00Z', { high: 1 }, now)?.daysLeft).toBe(1);
    expect(graceOf('high', '2026-11-25T13:00:00Z', { high: 2 }, now)?.daysLeft).toBe(2);
  });

  it('past its instant the alert is overdue since its due date', () => {
    expect(graceOf('critical', '2026-10-01T00:00:00Z', { critical: 7 }, now)).toEqual({
      dueAt: '2026-10-08T00:00:00.000Z',
      dueOn: '2026-10-08',
      pending: false,
      daysLeft: 0,
    });
    // The instant itself: no longer pending.
    expect(graceOf('high', '2026-11-25T12:00:00Z', { high: 1 }, now)?.pending).toBe(false);
  });

  it('a severity left out, or 0 days, has no grace', () => {
    expect(graceOf('medium', '2026-11-25T00:00:00Z', { high: 30 }, now)).toBeNull();
    expect(graceOf('high', '2026-11-25T00:00:00Z', { high: 0 }, now)).toBeNull();
  });

  it.each([
    [null],
    [undefined],
    [''],
    ['yesterday'],
    ['2026-11-25'],
    ['2026-13-45T00:00:00Z'],
    ['2026-02-30T00:00:00Z'], // a day February does not have (Date.parse reads March 2)
    ['2026-04-31T08:00:00+02:00'],
    ['2025-02-29T00:00:00Z'], // not a leap year
    ['2026-11-28T12:00:01Z'], // more than a day in the future
    ['2026-11-20T08:00:00'], // no zone: never read in the runner's time zone
    ['2026-11-20T08:00:00.000'],
    ['2026-11-20 08:00:00Z'], // not RFC 3339's T
  ])('no readable createdAt (%j): no grace', (createdAt) => {
    expect(graceOf('high', createdAt, { high: 30 }, now)).toBeNull();
  });

  it('accepts a leap day of a leap year', () => {
    expect(readableCreatedAt('2024-02-29T00:00:00Z', now)).toBe(Date.UTC(2024, 1, 29));
  });

  it('reads an offset as the instant it names', () => {
    expect(readableCreatedAt('2026-11-20T08:00:00+09:00', now)).toBe(Date.UTC(2026, 10, 19, 23));
  });

  it('accepts a createdAt up to a day ahead (clock skew)', () => {
    expect(readableCreatedAt('2026-11-27T11:00:00Z', now)).not.toBeNull();
  });
});

describe('nextDue', () => {
  it('is the earliest pending due date', () => {
    const graces = [
      graceOf('high', '2026-11-20T00:00:00Z', { high: 30 }, now),
      graceOf('high', '2026-11-10T00:00:00Z', { high: 30 }, now),
      graceOf('high', '2026-01-01T00:00:00Z', { high: 30 }, now), // overdue: not next
      null,
    ];
    expect(nextDue(graces)).toBe('2026-12-10');
    expect(nextDue([null])).toBeNull();
  });
});
