// The job summary and the JSON report end to end: the page's parts in order, escaping of hostile
// service text (in the summary and on stdout), the size cap, summary: false, and report-file.
import { describe, expect, test } from '@jest/globals';
import { resolve } from 'node:path';
import { ADVISORIES, MAIN_REPO } from '../../simulator/data.js';
import { githubReferences, readabilityProblems, render, seen } from '../reports/render.js';
import { countOutputs, expected, plain, severityOf, useSimulator, webshopAlerts, worstFirst } from './harness.js';

const h = useSimulator();

/** Cells of a Markdown table row, split on unescaped pipes. */
const cells = (row: string) =>
  row
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim());

/** The counts table as { critical: '5', ... , gating: '4' } by header word. */
function countsTable(summary: string): Record<string, string> {
  const lines = summary.split('\n');
  const at = lines.findIndex((l) => /Critical/.test(l) && /Gating/.test(l) && l.trim().startsWith('|'));
  expect(at).toBeGreaterThan(-1);
  const header = cells(lines[at]!).map((c) => c.replace(/[^A-Za-z]/g, '').toLowerCase());
  const values = cells(lines[at + 2]!).map((c) => c.replace(/[*,\s]/g, ''));
  return Object.fromEntries(header.map((name, i) => [name, values[i] ?? '']));
}

/** Rows of the table under the heading that matches `heading`. */
function tableUnder(summary: string, heading: RegExp): string[] {
  const lines = summary.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  expect(start).toBeGreaterThan(-1);
  const rows: string[] = [];
  let i = start + 1;
  while (i < lines.length && !lines[i]!.startsWith('|')) i++;
  while (i < lines.length && lines[i]!.startsWith('|')) rows.push(lines[i++]!);
  return rows;
}

describe('the job summary', () => {
  test('verdict first, then counts, gating alerts with advisory links worst first, posture, time saved, schedule, settings, warnings', async () => {
    const e = expected(webshopAlerts(h.sim), 'critical');
    const run = await h.gate({ 'dry-run': 'true', 'set-pr-scanning': 'false', 'allow-alerts': 'GHSA-0000-0000-0000' });
    expect(run.exitCode).toBe(1);
    const summary = run.summary;
    const text = plain(summary);

    // the verdict is the first line of content, one line: fail, and why
    const content = summary.split('\n').filter((l) => l.trim() !== '' && !/^#+ /.test(l));
    expect(plain(content[0]!)).toMatch(/fail/i);
    expect(plain(content[0]!)).toContain(`${e.gating.length} alerts`);
    expect(summary.indexOf(content[0]!)).toBeLessThan(summary.search(/Critical/));

    // counts by severity, as the outputs
    const counts = countsTable(summary);
    expect(counts).toMatchObject({
      critical: String(e.critical),
      high: String(e.high),
      medium: String(e.medium),
      low: String(e.low),
      unknown: String(e.unknown),
      total: String(e.total),
      gating: String(e.gating.length),
      allowed: '0',
    });

    // gating alerts: each linked to its first reference, worst first
    const rows = tableUnder(summary, /^#+ .*gating/i).slice(2);
    expect(rows).toHaveLength(e.gating.length);
    const rowOf = (id: string) => rows.findIndex((row) => plain(row).includes(id));
    for (const alert of e.gating) {
      const row = rows[rowOf(alert.metadata.id)];
      expect(row).toBeDefined();
      expect(row).toContain(`](${alert.metadata.references[0]})`);
      expect(plain(row!)).toContain(alert.metadata.summary);
    }
    // worst first: the rows follow the (severity, score) order of worstFirst; ties in any order
    const rank = (id: string) => worstFirst(e.gating).findIndex((a) => a.metadata.id === id);
    const key = (id: string) => {
      const a = e.gating.find((g) => g.metadata.id === id)!;
      return [severityOf(a), a.metadata.severityScore ?? null];
    };
    const shown = rows.map((row) => e.gating.find((a) => plain(row).includes(a.metadata.id))!.metadata.id);
    expect(shown.map(key)).toEqual([...shown].sort((x, y) => rank(x) - rank(y)).map(key));
    expect(plain(rows[0]!)).toContain(ADVISORIES.log4shell); // score 10, the worst

    // posture: risk score (= the output), open issues, remediation time, trend with a chart
    expect(run.outputs['risk-score']).toMatch(/^\d+(\.\d+)?$/);
    expect(text).toMatch(new RegExp(`risk score\\s*\\**\\s*${run.outputs['risk-score']!.replace('.', '\\.')}`, 'i'));
    expect(text).toMatch(/open issues/i);
    expect(text).toMatch(/remediation/i);
    expect(text).toMatch(/trend/i);
    expect(summary).toMatch(/[▁▂▃▄▅▆▇█]{10,}/);
    // time saved
    expect(text).toMatch(/time saved/i);
    expect(text).not.toMatch(/time saved not available/i);
    // schedule in words, with its next run
    expect(text).toContain('0 2 * * 1-5');
    expect(text).toMatch(/Monday through Friday/);
    expect(text).toMatch(/next run: \**\d{4}-\d{2}-\d{2}/i);
    // settings that would be changed (dry run)
    expect(text).toMatch(/set-pr-scanning[\s\S]*would apply/i);
    // the unmatched allow entry, among the exceptions to remove (its warning is said there, not twice)
    expect(text).toMatch(/unused: remove them[\s\S]*GHSA-0000-0000-0000/i);

    // the parts in the contract's order
    const positions = [
      /Critical/,
      /gating alerts/i,
      /risk score/i,
      /time saved/i,
      /scan schedule/i,
      /### Settings/,
      /### Exceptions/,
    ].map((re) => summary.search(re));
    for (const p of positions) expect(p).toBeGreaterThan(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  test('a passing run says so first', async () => {
    const run = await h.gate({ 'fail-on-severity': 'none' });
    const content = run.summary.split('\n').filter((l) => l.trim() !== '' && !/^#+ /.test(l));
    expect(plain(content[0]!)).toMatch(/pass/i);
    expect(countsTable(run.summary).gating).toBe('0');
  });

  test('hostile service text is escaped in the summary and never printed as a workflow command', async () => {
    const alerts = webshopAlerts(h.sim);
    const log4shell = alerts.find((a) => a.metadata.id === ADVISORIES.log4shell)!;
    log4shell.metadata.summary =
      '| <script>alert(1)</script> @acme/team ::set-output name=x::y\n::set-output name=y::z\n##[set-output name=w]v';
    log4shell.metadata.packageIdentifier = 'pkg:maven/evil@1\n::add-mask::visible\n::set-output name=z::1';
    const spring = alerts.find((a) => a.metadata.id === 'GHSA-36p3-wjmg-h94x')!;
    spring.metadata.references = ['javascript:alert(document.cookie)', ...spring.metadata.references];
    spring.metadata.summary = '[click](https://evil.example) <img src=x onerror=alert(1)> #123 GH-1';

    const run = await h.gate({ 'report-file': 'report.json' });
    expect(run.exitCode).toBe(1);
    const summary = run.summary;
    const r = render(summary);
    // no HTML but the page's own, no link but the advisory links the action makes, no mention or reference
    expect(
      r.rawHtml.filter(
        (html) =>
          !/^(<details><summary>Allowed by <code>allow-alerts<\/code> \(\d+\)<\/summary>|<details><summary><b>(Security posture[^<]*|Time saved)<\/b><\/summary>|<\/details>|<\/?sub>)\n?$/.test(
            html,
          ),
      ),
    ).toEqual([]);
    const gating = expected(alerts, 'critical').gating;
    // (an advisory is linked to its first reference only when that is an http(s) URL)
    const linked = gating.map((a) => a.metadata.references[0] ?? '').filter((ref) => /^https?:/.test(ref));
    expect(r.links.map((l) => [l.href, l.markup]).sort()).toEqual(linked.map((ref) => [ref, '']).sort());
    expect(r.links.map((l) => l.href)).not.toContain('javascript:alert(document.cookie)');
    expect(githubReferences(r.scanned)).toEqual([]);
    // the text is still there for a reader, in its row, and every row keeps its cells
    const [header, ...rows] = (r.tables.find((t) => t[0]?.[0] === 'Severity') ?? []).map((row) => row.map(seen));
    expect(header).toHaveLength(8);
    expect(rows).toHaveLength(gating.length);
    const summaryOf = (id: string) => rows.find((row) => row[1] === id)?.[6];
    expect(summaryOf(log4shell.metadata.id)).toBe(
      seen(
        '| <script>alert(1)</script> @acme/team ::set-output name=x::y ::set-output name=y::z ##[set-output name=w]v',
      ),
    );
    expect(summaryOf(spring.metadata.id)).toBe('[click](https://evil.example) <img src=x onerror=alert(1)> #123 GH-1');
    expect(rows.find((row) => row[1] === log4shell.metadata.id)?.[2]).toBe(
      'pkg:maven/evil@1 ::add-mask::visible ::set-output name=z::1',
    );
    expect(summary.split('\n').filter((line) => line.trimStart().startsWith('::'))).toEqual([]);
    // stdout: no command from service text
    // A line the runner takes as one of the action's own commands (::error ...::, ::warning ...::) is
    // consumed whole, so text inside it is inert; any other line must not carry ::cmd:: at its start
    // or the legacy ##[cmd] form anywhere.
    const own = /^::(error|warning|notice|debug|group|endgroup|add-mask|set-output)( [^:]*)?::/;
    for (const line of run.stdout.split(/\r?\n/)) {
      expect(line.trim()).not.toMatch(/^::(set-output|add-mask::visible|stop-commands)/);
      if (!own.test(line.trim())) expect(line).not.toContain('##[');
    }
    expect(run.outputs.x).toBeUndefined();
    expect(run.outputs.y).toBeUndefined();
    expect(run.outputs.z).toBeUndefined();
    expect(run.commands.filter((c) => c.command === 'add-mask').map((c) => c.message)).not.toContain('visible');
  });

  test('a demo run reads cleanly as raw Markdown: the verdict in the heading, no character reference, zero-width character or needless backslash', async () => {
    const run = await h.gate({
      'fail-on-severity': 'critical',
      'allow-alerts': 'GHSA-7rjr-3q55-vv33 until 2099-12-31 # log4j pinned by the vendor, see SEC-123',
      'set-pr-scanning': 'true',
      'set-cwe-whitelist': '79, CWE-89',
      'dry-run': 'true',
    });
    expect(run.exitCode).toBe(1);
    const summary = run.summary;
    expect(summary.split('\n')[0]).toBe('## Security gate: ❌ Fails: 4 critical alerts already on main');
    // zero-width characters only where they break a mention or reference in service text
    expect(readabilityProblems(summary)).toEqual({ characterReferences: [], zeroWidth: [], needlessEscapes: [] });
    // the action's own text as it is: dates, times, the crontab, CWE ids, the user's reason
    // Folded on a pull request; its dates are the action's own text, unescaped.
    expect(summary).toMatch(/<summary><b>Security posture, \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d<\/b><\/summary>\n/);
    expect(summary).toContain('`0 2 * * 1-5`: At 02:00, Monday through Friday (UTC). Next run: **');
    expect(summary).toContain('| `set-cwe-whitelist` | `CWE-79, CWE-89` | 🔸 would apply (dry run) |');
    expect(summary).toContain(' | 2099-12-31 | — | log4j pinned by the vendor, see SEC-123 |');
    // each figure says whose it is; the organization's open issues add up to their total
    expect(summary).toMatch(/\*\*Risk score [\d.]+\*\* \(service scale; this repository, `acme\/webshop`\)/);
    const organization =
      /^Organization: risk score \(service scale\) [\d.]+, trend \w+ · open issues (.*) \(([\d,]+) in all\)/m.exec(
        summary,
      );
    expect(organization).not.toBeNull();
    const parts = [...organization![1]!.matchAll(/([\d,]+) (critical|high|medium|low|other)/g)].map((m) =>
      Number(m[1]!.replace(/,/g, '')),
    );
    expect(parts.reduce((a, b) => a + b, 0)).toBe(Number(organization![2]!.replace(/,/g, '')));
    expect(summary).toMatch(/\| Risk score \(organization, service scale\) \| `[▁-█]+` \|/);
    // the trend in date order: the posture request's window, oldest first
    const trend = /(\d+) data points from (\d{4}-\d\d-\d\d) to (\d{4}-\d\d-\d\d)\./.exec(summary);
    expect(trend).not.toBeNull();
    expect(trend![2]! < trend![3]!).toBe(true);
    // the table's counts add up: gating + allowed + not gating = total
    const counts = countsTable(summary);
    const notGating = [...(/^Not gating: (.*)$/m.exec(summary)?.[1] ?? '').matchAll(/\*\*([\d,]+)\*\*/g)].map((m) =>
      Number(m[1]!.replace(/,/g, '')),
    );
    expect(Number(counts.gating) + Number(counts.allowed) + notGating.reduce((a, b) => a + b, 0)).toBe(
      Number(counts.total),
    );
  });

  test('size cap: 5,000 alerts with long summaries give a page under 1 MiB that says how many more', async () => {
    const template = webshopAlerts(h.sim).find((a) => a.metadata.id === ADVISORIES.log4shell)!;
    const filler = 'A long advisory summary with <html> & | pipes and @mentions. '.repeat(60);
    h.sim.state.alerts[MAIN_REPO.id] = Array.from({ length: 5000 }, (_, i) => {
      const alert = structuredClone(template);
      alert.id = `alert_bulk_${String(i).padStart(5, '0')}`;
      alert.metadata.id = `GHSA-bulk-${String(i).padStart(4, '0')}-xxxx`;
      alert.metadata.summary = `${i}: ${filler}`;
      alert.metadata.description = filler.repeat(2);
      return alert;
    });
    const run = await h.gate({}, { timeoutMs: 40_000 });
    expect(run.exitCode).toBe(1);
    expect(run.outputs['alerts-total']).toBe('5000');
    expect(run.outputs['gating-count']).toBe('5000');
    expect(Buffer.byteLength(run.summary, 'utf8')).toBeLessThan(1024 * 1024);
    const rows = tableUnder(run.summary, /^#+ .*gating/i).slice(2);
    expect(rows.length).toBeGreaterThan(0);
    const more = /and ([\d,]+) more gating alert/.exec(plain(run.summary));
    expect(more).not.toBeNull();
    expect(rows.length + Number(more![1]!.replace(/,/g, ''))).toBe(5000);
  }, 60_000);

  test('summary: false writes no summary, and the outputs are still set', async () => {
    const run = await h.gate({ summary: 'false' });
    expect(run.summary).toBe('');
    expect(run.exitCode).toBe(1);
    expect(run.outputs.result).toBe('fail');
  });
});

describe('report-file', () => {
  test('the JSON report is written in the workspace, parses, has schemaVersion and the counts; the output is its path', async () => {
    const e = expected(webshopAlerts(h.sim), 'critical');
    const run = await h.gate({ 'report-file': 'reports/security-gate.json' });
    const text = run.files['reports/security-gate.json'];
    expect(text).toBeDefined();
    const report = JSON.parse(text!) as {
      schemaVersion: unknown;
      result: string;
      counts: Record<string, number>;
      alerts: Array<{ id: string; advisory: string; severity: string; status: string }>;
    };
    expect(typeof report.schemaVersion).toBe('number');
    expect(report.result).toBe('fail');
    expect(report.counts).toMatchObject({
      critical: e.critical,
      high: e.high,
      medium: e.medium,
      low: e.low,
      unknown: e.unknown,
      total: e.total,
      gating: e.gating.length,
      allowed: 0,
    });
    expect(report.alerts).toHaveLength(e.total);
    const served = new Map(webshopAlerts(h.sim).map((a) => [a.id, a]));
    for (const a of report.alerts) {
      const source = served.get(a.id)!;
      expect({ id: a.id, advisory: a.advisory, severity: a.severity }).toEqual({
        id: source.id,
        advisory: source.metadata.id,
        severity: severityOf(source),
      });
    }
    expect(
      report.alerts
        .filter((a) => a.status === 'gating')
        .map((a) => a.id)
        .sort(),
    ).toEqual(e.gating.map((a) => a.id).sort());
    // the output names the file written
    expect(resolve(run.workspace, run.outputs['report-file']!)).toBe(
      resolve(run.workspace, 'reports/security-gate.json'),
    );
    expect(run.outputs).toMatchObject(countOutputs(e));
  });

  test('no report-file: no report, the output is empty', async () => {
    const run = await h.gate();
    expect(run.outputs['report-file']).toBe('');
    expect(Object.keys(run.files).filter((f) => f.endsWith('.json') && f !== 'event.json')).toEqual([]);
  });

  test('sarif-file: a SARIF 2.1.0 log is written and named by the output', async () => {
    const e = expected(webshopAlerts(h.sim), 'critical');
    const run = await h.gate({ 'sarif-file': 'out/gate.sarif' });
    const text = run.files['out/gate.sarif'];
    expect(text).toBeDefined();
    const sarif = JSON.parse(text!) as {
      version: string;
      runs: Array<{ tool: { driver: { name: string } }; results: Array<{ ruleId: string; level: string }> }>;
    };
    expect(sarif.version).toBe('2.1.0');
    expect(sarif.runs).toHaveLength(1);
    expect(sarif.runs[0]!.tool.driver.name).toBe('security-gate');
    // every alert the service alerted on (none is allowed here), the gating ones as errors
    const alerted = webshopAlerts(h.sim).filter((a) => a.isAlerted);
    const results = sarif.runs[0]!.results;
    expect(new Set(results.map((r) => r.ruleId))).toEqual(new Set(alerted.map((a) => a.metadata.id)));
    expect(new Set(results.filter((r) => r.level === 'error').map((r) => r.ruleId))).toEqual(
      new Set(e.gating.map((a) => a.metadata.id)),
    );
    expect(resolve(run.workspace, run.outputs['sarif-file']!)).toBe(resolve(run.workspace, 'out/gate.sarif'));
  });
});
