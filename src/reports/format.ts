// Small, locale-independent formatting shared by the reports (the runner's locale must not change a page).
import type { Severity } from '../model.js';
import { formatNumber } from '../numbers.js';

export { formatNumber, formatPercent, plural } from '../numbers.js';

export const SEVERITY_MARKERS: Record<Severity, string> = {
  critical: '🔴',
  high: '🟠',
  medium: '🟡',
  low: '🔵',
  unknown: '⚪',
};

/** `🔴 critical` */
export function severityLabel(severity: Severity): string {
  return `${SEVERITY_MARKERS[severity]} ${severity}`;
}

/** Minutes in words: `45 min`, `12 h 30 min`, `3 d 4 h` (minutes dropped beyond a day). */
export function formatMinutes(minutes: number | null | undefined): string {
  if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes < 0) return '—';
  const total = Math.round(minutes);
  if (total < 60) return `${total} min`;
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return hours > 0 ? `${formatNumber(days)} d ${hours} h` : `${formatNumber(days)} d`;
  return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
}

/** `2024-06-10 02:00 UTC`; null when the text is not a date. */
export function formatUtcDateTime(iso: string): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  return `${new Date(time).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}
