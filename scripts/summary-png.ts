// Renders docs/summary.png, the screenshot in the README: a demo run of the bundled action against
// the simulator (a pull request on acme/webshop with a license policy), its job summary rendered as
// CommonMark + GFM in GitHub's style, photographed by headless Chromium. Needs Chromium (Debian:
// apt-get install chromium); not part of CI.   npx tsx scripts/summary-png.ts
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import MarkdownIt from 'markdown-it';
import { ADVISORIES, DENIED_LICENSES, simulatorInputs } from '../simulator/data.js';
import { runAction } from '../simulator/run-action.js';
import { startSimulator } from '../simulator/server.js';

const sim = await startSimulator();
let markdown: string;
try {
  const run = await runAction({
    inputs: {
      ...simulatorInputs(sim.url),
      'deny-licenses': DENIED_LICENSES.join(', '),
      'allow-alerts': `${ADVISORIES.log4jIncompleteFix} until 2099-12-31 # log4j pinned by the vendor, see SEC-123`,
    },
    env: { GITHUB_SHA: '4f1c2a9e6b7d4e219a0f5c8d7e6b4a1300c0ffee', GITHUB_RUN_ID: '1234' },
  });
  markdown = run.summary;
  await run.cleanup();
} finally {
  await sim.close();
}

const css = `body{font:14px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:#1f2328;max-width:1012px;margin:24px auto;padding:0 24px}
h2{font-size:1.5em;border-bottom:1px solid #d1d9e0;padding-bottom:.3em}h3{font-size:1.25em;margin-top:24px}
table{border-collapse:collapse;margin:12px 0}th,td{border:1px solid #d1d9e0;padding:6px 13px}tr:nth-child(2n){background:#f6f8fa}
code{background:#eff1f3;border-radius:6px;padding:.2em .4em;font:85% ui-monospace,SFMono-Regular,Menlo,monospace}a{color:#0969da;text-decoration:none}`;
const html = `<!doctype html><meta charset="utf-8"><style>${css}</style>${new MarkdownIt({ html: true }).render(markdown)}`;
const dir = mkdtempSync(join(tmpdir(), 'summary-png-'));
writeFileSync(join(dir, 'summary.html'), html);
execFileSync(
  'chromium',
  [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    `--user-data-dir=${join(dir, 'profile')}`,
    '--hide-scrollbars',
    '--window-size=1060,1460',
    `--screenshot=${join(process.cwd(), 'docs', 'summary.png')}`,
    `file://${join(dir, 'summary.html')}`,
  ],
  { stdio: 'ignore' },
);
console.log('docs/summary.png written');
