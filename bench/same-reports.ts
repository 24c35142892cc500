// Whether a change to how the reports are made changes what they say: runs dist/ on 10,000 alerts each
// of an advisory of its own (the memory scenario's data), every report on, and keeps or compares the
// job summary, the JSON report, the SARIF log and the outputs, byte for byte but for what differs from
// run to run (the clock, the simulator's port, the outputs' delimiters).
//   npx tsx bench/same-reports.ts save <dir>    (on the build before the change)
//   npx tsx bench/same-reports.ts check <dir>   (on the build after it; exits 1 on a difference)
// Runs on SECURITY_GATE_NODE when set, as the benchmark does.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MAIN_REPO, simulatorInputs } from '../simulator/data.js';
import { runAction } from '../simulator/run-action.js';
import { startSimulator } from '../simulator/server.js';

const FILES = ['step_summary.md', 'report.json', 'out.sarif', 'github_output'];
const ALERTS = 10_000;

/** What changes from run to run, whatever the build. */
function normalised(text: string): string {
  return text
    .replace(/"generatedAt": "[^"]*"/g, '"generatedAt": X')
    .replace(/"nextRun": "[^"]*"/g, '"nextRun": X')
    .replace(/127\.0\.0\.1:\d+/g, 'HOST')
    .replace(/ghadelimiter_[0-9a-f-]+/g, 'DELIMITER')
    .replace(/\(in \d+ (min|h|d)[^)]*\)/g, '(in X)')
    .replace(/Next run: \*\*[^*]*\*\*/g, 'Next run: X');
}

async function reports(): Promise<Record<string, string>> {
  const sim = await startSimulator({ maxPageSize: 1000 });
  try {
    const seeded = sim.state.alerts[MAIN_REPO.id] ?? [];
    sim.state.alerts[MAIN_REPO.id] = Array.from({ length: ALERTS }, (_, i) => {
      const alert = { ...structuredClone(seeded[i % seeded.length]!), id: `alert_${String(i).padStart(7, '0')}` };
      const { metadata } = alert;
      metadata.id = `GHSA-${i.toString(36).padStart(4, '0')}-bnch-mark`;
      metadata.summary = `${metadata.summary} (${i})`;
      metadata.description = `${metadata.description} Advisory ${i}.`;
      metadata.references = metadata.references.map((r) => `${r}?advisory=${i}`);
      return alert;
    });
    const run = await runAction({
      inputs: {
        ...simulatorInputs(sim.url),
        'fail-on-severity': 'high',
        'report-file': 'report.json',
        'sarif-file': 'out.sarif',
        annotations: 'true',
        summary: 'true',
      },
      timeoutMs: 600_000,
    });
    try {
      if (run.exitCode !== 1) throw new Error(`the run ended with ${run.exitCode}: ${run.stdout.slice(-2000)}`);
      const texts: Record<string, string> = {};
      for (const file of FILES) texts[file] = normalised(await readFile(join(run.workspace, file), 'utf8'));
      return texts;
    } finally {
      await run.cleanup();
    }
  } finally {
    await sim.close();
  }
}

const [mode, dir] = process.argv.slice(2);
if ((mode !== 'save' && mode !== 'check') || !dir) {
  console.error('usage: npx tsx bench/same-reports.ts save|check <dir>');
  process.exit(2);
}
const texts = await reports();
if (mode === 'save') {
  await mkdir(dir, { recursive: true });
  for (const file of FILES) await writeFile(join(dir, file), texts[file]!);
  console.log(`saved ${FILES.join(', ')} in ${dir}`);
} else {
  let same = true;
  for (const file of FILES) {
    const before = await readFile(join(dir, file), 'utf8');
    const after = texts[file]!;
    const at = [...before].findIndex((c, i) => c !== after[i]);
    if (before === after) console.log(`same ${file} (${Buffer.byteLength(after)} bytes)`);
    else {
      same = false;
      const from = Math.max(0, (at < 0 ? Math.min(before.length, after.length) : at) - 80);
      console.log(
        `DIFFERENT ${file} from character ${from + 80}:\n  before: ${before.slice(from, from + 200)}\n  after:  ${after.slice(from, from + 200)}`,
      );
    }
  }
  process.exitCode = same ? 0 : 1;
}
