// Locale-independent numbers and plurals, shared by the policy's sentences and the reports.

const NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** `1,234.5`; `—` for a value that is not a finite number. */
export function formatNumber(n: number | null | undefined): string {
  return typeof n === 'number' && Number.isFinite(n) ? NUMBER.format(n) : '—';
}

/** `1 alert`, `2 alerts`; `plural` when the word does not take an `s`. */
export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${formatNumber(count)} ${count === 1 ? singular : pluralForm}`;
}
