// What the job summary says of the allow-alerts entries themselves (contract: "The way out"): those
// that come due within 7 days, each with its days left, and those that allowed nothing this run
// ("unused: remove them"), which the result lists only when every alert was read. The warnings of
// the same entries are left out of the summary's warnings: said once, here.
import type { AllowEntry, GateResult, Warning } from '../model.js';
import { formatNumber, plural } from './format.js';
import { code } from './markdown.js';

/** Entries listed in each part; the JSON report has them all. */
const MAX_LISTED = 50;

/** The warnings this section says in its own words. */
export const SAID_AS_EXCEPTIONS: readonly Warning['kind'][] = ['expiring-allow', 'unmatched-allow'];

/** "`GHSA-x` for `pkg:npm/lodash` by `@acme/security` (`.github/security-gate.yml:12`)". */
function entryWords(entry: AllowEntry): string {
  const words = [code(entry.id, 100)];
  if (entry.for) words.push(`for ${code(entry.for, 200)}`);
  if (entry.by) words.push(`by ${code(entry.by, 100)}`);
  const source = entry.source;
  const where = source?.kind === 'policy-file' ? ` (${code(`${source.path}:${source.line}`, 200)})` : '';
  return `${words.join(' ')}${where}`;
}

function listed(items: string[]): string[] {
  const shown = items.slice(0, MAX_LISTED);
  const more = items.length - shown.length;
  return more > 0 ? [...shown, `- …and ${formatNumber(more)} more (see the JSON report).`] : shown;
}

/** The section, or null when no entry comes due and none is known to be unused. */
export function exceptionsSection(result: Pick<GateResult, 'allowExpiring' | 'allowUnused'>): string | null {
  const { allowExpiring: expiring } = result;
  const unused = result.allowUnused ?? [];
  if (expiring.length === 0 && unused.length === 0) return null;
  const lines = ['### Exceptions (`allow-alerts`)'];
  if (expiring.length > 0)
    lines.push(
      '',
      `**Coming due**: ${plural(expiring.length, 'entry ends', 'entries end')} within 7 days: renew ${expiring.length === 1 ? 'it' : 'them'} on purpose with a later \`until\`, or fix what ${expiring.length === 1 ? 'it allows' : 'they allow'}.`,
      '',
      ...listed(
        expiring.map(
          ({ entry, daysLeft }) => `- ${entryWords(entry)}: until ${entry.until}, ${plural(daysLeft, 'day')} left`,
        ),
      ),
    );
  if (unused.length > 0)
    lines.push(
      '',
      `**Unused: remove them**: ${plural(unused.length, 'entry', 'entries')} allowed nothing this run (no alert, finding or malicious version ${unused.length === 1 ? 'it names' : 'they name'} was read; or the id is mistyped).`,
      '',
      ...listed(unused.map((entry) => `- ${entryWords(entry)}`)),
    );
  return lines.join('\n');
}
