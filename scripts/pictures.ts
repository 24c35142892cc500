// `npm run pictures`: the README's pictures, from one demo run (`npm run demo -- --comment --out
// DIR`: the bundled action, dist/, against the simulator; bundle first): docs/summary.png (the job
// summary), docs/comment.png (the sticky PR comment) and docs/annotations.png (the run's ::error,
// ::warning and ::notice commands from its raw log, drawn as GitHub lists annotations). Markdown is
// rendered as CommonMark + GFM by markdown-it with a GitHub-like stylesheet and photographed by
// headless Chromium: pictures of the action's real output, not screenshots of github.com. Needs
// Chromium (Debian: apt-get install chromium fonts-noto-color-emoji; or CHROMIUM=/path/to/it); not
// part of `npm test` or CI. The Markdown photographed and its day go to docs/pictures/, which
// __tests__/integration/pictures.test.ts checks against the demo run on that day.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';
import { parseCommand, type WorkflowCommand } from '../simulator/readable-log.js';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
/** The day the pictures show, pinned (--today) so their check (pictures.test.ts) can run the same demo on any day. */
const TODAY = process.env.PICTURES_DAY ?? new Date().toISOString().slice(0, 10);
const DEMO_FLAGS = ['--comment', '--today', TODAY];
/** The Markdown photographed, kept beside the pictures: the check compares its numbers with the demo's. */
const SOURCES = join(ROOT, 'docs', 'pictures');
const WIDTH = 1060;
/** Taller pages are cut here (the summary's alert table is long); the caption says so. */
const MAX_HEIGHT = 1500;

const CHROMIUM = process.env.CHROMIUM ?? 'chromium';
const work = mkdtempSync(join(tmpdir(), 'pictures-'));
const out = join(work, 'demo');

const markdown = new MarkdownIt({ html: true });
const escapeHtml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** GitHub's Markdown styles, the parts the action's Markdown uses. */
const MARKDOWN_CSS = `
.markdown-body{font:14px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif,"Noto Color Emoji";color:#1f2328;word-wrap:break-word}
.markdown-body h2{font-size:1.5em;font-weight:600;border-bottom:1px solid #d1d9e0;padding-bottom:.3em;margin:24px 0 16px}
.markdown-body h3{font-size:1.25em;font-weight:600;margin:24px 0 16px}
.markdown-body>:first-child{margin-top:0}
.markdown-body p,.markdown-body ul,.markdown-body table,.markdown-body details{margin:0 0 16px}
.markdown-body ul{padding-left:2em}
.markdown-body table{border-collapse:collapse;display:block;overflow:auto;max-width:100%}
.markdown-body th,.markdown-body td{border:1px solid #d1d9e0;padding:6px 13px}
.markdown-body th{font-weight:600}
.markdown-body tr:nth-child(2n){background:#f6f8fa}
.markdown-body code{background:#818b981f;border-radius:6px;padding:.2em .4em;font:85% ui-monospace,SFMono-Regular,Menlo,"DejaVu Sans Mono",monospace;white-space:break-spaces}
.markdown-body a{color:#0969da;text-decoration:none}
.markdown-body sub{font-size:75%}
.markdown-body summary{cursor:pointer}`;

function page(body: string, css = ''): string {
  return `<!doctype html><meta charset="utf-8"><style>body{margin:0;padding:24px;background:#fff}${MARKDOWN_CSS}${css}</style>${body}`;
}

function chromium(args: string[], url: string): string {
  return execFileSync(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${join(work, 'profile')}`,
      '--hide-scrollbars',
      ...args,
      url,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
  );
}

/** Photographs `html` at WIDTH, as tall as its content (at most MAX_HEIGHT), into docs/`name`. */
function shoot(name: string, html: string): void {
  const file = join(work, `${name}.html`);
  // First pass: the content's height, which the page writes into its title for --dump-dom to show.
  const measure = `<script>document.title = Math.ceil(document.body.getBoundingClientRect().bottom)</script>`;
  writeFileSync(file, `${html}${measure}`);
  const measured = Number(
    /<title>(\d+)<\/title>/.exec(chromium([`--window-size=${WIDTH},400`, '--dump-dom'], `file://${file}`))?.[1],
  );
  const height = Math.min(MAX_HEIGHT, Number.isFinite(measured) && measured > 0 ? measured : MAX_HEIGHT);
  const png = join(ROOT, 'docs', name);
  chromium([`--window-size=${WIDTH},${height}`, `--screenshot=${png}`], `file://${file}`);
  const cut = measured > MAX_HEIGHT ? `, cut from ${measured} px` : '';
  console.log(`docs/${name}: ${WIDTH}×${height} px${cut}, ${Math.round(statSync(png).size / 1024)} KB`);
}

/** The sticky comment as a pull request shows it: in a comment box under the bot's name. */
function commentPage(body: string): string {
  const css = `.comment{border:1px solid #d1d9e0;border-radius:6px;max-width:1010px}
.comment-header{background:#f6f8fa;border-bottom:1px solid #d1d9e0;border-radius:6px 6px 0 0;padding:8px 16px;font:14px -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:#59636e}
.comment-header b{color:#1f2328}.label{border:1px solid #d1d9e0;border-radius:2em;padding:0 7px;font-size:12px;margin-left:4px}
.comment .markdown-body{padding:16px}`;
  return page(
    `<div class="comment"><div class="comment-header"><b>github-actions</b><span class="label">bot</span> commented</div>` +
      `<div class="markdown-body">${markdown.render(body)}</div></div>`,
    css,
  );
}

const ICONS: Record<string, string> = {
  error:
    '<svg width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#d1242f"/><path d="M5.5 5.5l5 5m0-5l-5 5" stroke="#fff" stroke-width="1.6"/></svg>',
  warning:
    '<svg width="16" height="16" viewBox="0 0 16 16"><path d="M8 1.5l7 13H1z" fill="#9a6700"/><path d="M8 6v4m0 1.6v1.2" stroke="#fff" stroke-width="1.6"/></svg>',
  notice:
    '<svg width="16" height="16" viewBox="0 0 16 16"><circle cx="8" cy="8" r="7" fill="#0969da"/><path d="M8 7v5m0-8v1.4" stroke="#fff" stroke-width="1.6"/></svg>',
};

/** `file#Lstart-Lend`, as GitHub links an annotation's place; '' when it names no file. */
function place({ file, line, endLine }: Record<string, string | undefined>): string {
  if (!file) return '';
  if (!line) return file;
  return endLine && endLine !== line ? `${file}#L${line}-L${endLine}` : `${file}#L${line}`;
}

/** The annotations of a run's log, listed as a workflow run's summary page lists them. */
function annotationsPage(commands: WorkflowCommand[], job: string): string {
  const count = (name: string, word: string) => {
    const n = commands.filter((c) => c.name === name).length;
    return n === 0 ? [] : [`${n} ${word}${n === 1 ? '' : 's'}`];
  };
  const items = commands
    .map(({ name, properties, message }) => {
      const where = place(properties);
      return `<li><span class="icon">${ICONS[name]}</span><div><div class="title">${escapeHtml(properties.title ?? job)}</div>
<div class="message">${escapeHtml(message)}</div>${where ? `<div class="where">${escapeHtml(where)}</div>` : ''}</div></li>`;
    })
    .join('');
  const css = `.box{border:1px solid #d1d9e0;border-radius:6px;max-width:1010px;font:14px/1.5 -apple-system,"Segoe UI","Noto Sans",Helvetica,Arial,sans-serif;color:#1f2328}
.head{padding:16px;border-bottom:1px solid #d1d9e0}.head h3{margin:0;font-size:16px}.head span{color:#59636e}
ul{list-style:none;margin:0;padding:0}li{display:flex;gap:8px;padding:12px 16px;border-top:1px solid #d1d9e0}li:first-child{border-top:0}
.icon{padding-top:2px}.title{font-weight:600}.message{font:12px/1.5 ui-monospace,SFMono-Regular,Menlo,"DejaVu Sans Mono",monospace;white-space:pre-wrap;margin:4px 0}
.where{color:#0969da;font-size:12px}`;
  const counts = [...count('error', 'error'), ...count('warning', 'warning'), ...count('notice', 'notice')].join(
    ' and ',
  );
  return page(
    `<div class="box"><div class="head"><h3>Annotations</h3><span>${counts}</span></div><ul>${items}</ul></div>`,
    css,
  );
}

try {
  execFileSync(join(ROOT, 'node_modules', '.bin', 'tsx'), ['simulator/demo.ts', ...DEMO_FLAGS, '--out', out], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  const read = (name: string) => readFileSync(join(out, name), 'utf8');
  mkdirSync(SOURCES, { recursive: true });
  for (const name of ['summary.md', 'comment.md']) writeFileSync(join(SOURCES, name), read(name));
  writeFileSync(join(SOURCES, 'day.txt'), `${TODAY}\n`);
  shoot(
    'summary.png',
    page(`<div class="markdown-body" style="max-width:1012px">${markdown.render(read('summary.md'))}</div>`),
  );
  shoot('comment.png', commentPage(read('comment.md')));
  // Errors and warnings, as GitHub lists them (notices too); debug lines are not annotations.
  const annotations = read('log.txt')
    .split('\n')
    .map(parseCommand)
    .filter((c): c is WorkflowCommand => c !== null && ['error', 'warning', 'notice'].includes(c.name));
  shoot('annotations.png', annotationsPage(annotations, 'gate'));
} finally {
  rmSync(work, { recursive: true, force: true });
}
