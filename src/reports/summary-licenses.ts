// The license part of the job summary (and so of the PR comment): what the license policy found,
// violations first, each package with its license and the manifest line that declares it.
import type { LicenseFinding, LicenseReport } from '../model.js';
import type { ByteBudget } from './budget.js';
import { formatNumber, plural } from './format.js';
import { code, codeCell } from './markdown.js';
import { boundedTable, declaredInCell } from './summary-alerts.js';

const HEADER = ['| Package | License | Declared in | Status |', '|---|---|---|---|'];

/** What the policy made of it; one the pull request brings in says so. */
function statusOf(f: LicenseFinding): string {
  const what = f.gates
    ? f.status === 'unknown'
      ? '❌ unknown license (fails)'
      : '❌ not allowed'
    : '⚠️ unknown license';
  if (!f.introduced) return what;
  if (!f.gates && f.status === 'violation')
    return '⚠️ not allowed, brought in by this pull request (`pr-introduced: warn`)';
  return `${what}, brought in by this pull request`;
}

function row(blobUrl: string | null): (f: LicenseFinding) => string {
  return (f) => {
    const status = statusOf(f);
    const license = f.license === '' ? 'none given' : codeCell(f.license, 120);
    return `| ${codeCell(f.package, 120)} | ${license} | ${declaredInCell(f.location, blobUrl)} | ${status} |`;
  };
}

/** The section, or null when no license policy is set. */
export function licenseSection(
  report: LicenseReport | null,
  blobUrl: string | null,
  maxRows: number,
  budget: ByteBudget,
): string | null {
  if (report === null) return null;
  const violations = report.findings.filter((f) => f.gates).length;
  const rule = `${report.mode === 'allow' ? 'allow-licenses' : 'deny-licenses'}: ${report.ids.map((id) => code(id, 80)).join(', ')}`;
  const title = `### License policy (${plural(violations, 'violation')})`;
  const checked =
    `${plural(report.checked, 'package')} checked against ${rule}` +
    (report.exempted > 0 ? `; ${formatNumber(report.exempted)} exempted by \`license-exceptions\`` : '') +
    `; unknown licenses: ${report.unknown}.`;
  budget.charge(title, '', checked, '');
  if (report.findings.length === 0) return `${title}\n\n${checked}\n\nEvery package's license is allowed.`;
  const more = (n: number) => `…and ${plural(n, 'more package')} (see the JSON report).`;
  return [
    title,
    '',
    checked,
    '',
    ...boundedTable(HEADER, report.findings, row(blobUrl), { maxRows, budget, more }),
  ].join('\n');
}
