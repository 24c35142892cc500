// The contract: text from the service is never printed where the runner could read it as a
// workflow command. The runner splits stdout into lines at \n, \r\n and a lone \r, then reads a
// line as a command when, after TrimStart() (.NET: any Char.IsWhiteSpace, which includes U+0085 and
// U+00A0), it starts with `::`, or (the legacy form) when `##[` appears anywhere in it.
import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { EOL } from 'node:os';
import { error, fail, info, neutralise, warning } from '../../src/github/log.js';

/** Lines as the runner reads stdout. */
const runnerLines = (text: string) => text.split(/\r\n|\n|\r/);
/** .NET String.TrimStart(): Char.IsWhiteSpace, i.e. U+0009..U+000D, U+0085 and the Zs, Zl and Zp categories (not U+FEFF). */
const runnerTrimStart = (line: string) =>
  line.replace(/^[\t\n\u000b\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/, '');

/** Every way a line of `text` could be read as a command; [] when there is none. */
function commandLines(text: string): string[] {
  return runnerLines(text).filter((line) => runnerTrimStart(line).startsWith('::') || line.includes('##['));
}

const HOSTILE: Array<[string, string]> = [
  ['set-output at the start', '::set-output name=x::y'],
  ['add-mask after spaces', '  ::add-mask::secret'],
  ['add-mask after tabs', '\t\t::add-mask::secret'],
  ['add-mask after mixed spaces and tabs', ' \t \t::add-mask::secret'],
  ['stop-commands', '::stop-commands::tok'],
  ['stop-commands after a space', ' ::stop-commands::tok'],
  ['a bare ::', '::'],
  ['legacy ##[error] in the middle of a line', 'the service said ##[error]boom and more'],
  ['legacy ##[ at the start', '##[set-output name=x;]y'],
  ['legacy ##[ twice in a line', 'a ##[warning]b ##[error]c'],
  ['2nd line starts with ::', 'busy\n::set-output name=result::pass'],
  ['3rd line starts with :: after spaces', 'busy\nstill busy\n   ::add-mask::evil'],
  ['2nd and 3rd lines start with ::', 'busy\n::set-output name=result::pass\n::add-mask::evil'],
  ['CRLF line breaks', 'busy\r\n::set-output name=result::pass\r\n  ::add-mask::evil'],
  ['lone CR line breaks', 'busy\r::set-output name=result::pass\r\t::stop-commands::tok'],
  ['mixed line breaks', 'a\r\n::warning::x\rb\n::error::y'],
  ['an empty line before a command', 'a\n\n::set-output name=x::y'],
  ['a trailing line break, then a command', '::debug::x\n'],
  ['vertical tab and form feed before ::', '\u000b\u000c::set-output name=x::y'],
  ['no-break space before ::', '\u00a0::add-mask::secret'],
  ['ideographic and em spaces before ::', '\u3000\u2003::add-mask::secret'],
  ['NEXT LINE (U+0085, whitespace to .NET) before ::', '\u0085::set-output name=x::y'],
  ['a command after ##[ on the same line', '  ::error::##[warning]x'],
];

describe('neutralise: hostile text', () => {
  test.each(HOSTILE)('%s: no line can be read as a command', (_name, text) => {
    const out = neutralise(text);
    expect(commandLines(out)).toEqual([]);
    for (const line of runnerLines(out)) expect(runnerTrimStart(line).startsWith('::')).toBe(false);
    expect(out).not.toContain('##[');
  });

  test.each(HOSTILE)('%s: still readable (the words survive)', (_name, text) => {
    const out = neutralise(text);
    const words = (s: string) => s.match(/[A-Za-z0-9=-]+/g) ?? [];
    expect(words(out)).toEqual(words(text));
  });

  test('the line count is kept: breaks are not swallowed or added', () => {
    expect(runnerLines(neutralise('a\r\n::b\rc\n::d'))).toHaveLength(4);
    expect(runnerLines(neutralise('::a\n'))).toHaveLength(2);
  });

  test('idempotent: neutralising twice leaves it safe', () => {
    for (const [, text] of HOSTILE) expect(commandLines(neutralise(neutralise(text)))).toEqual([]);
  });
});

describe('neutralise: harmless text is unchanged', () => {
  test.each([
    ['empty', ''],
    ['a plain line', '42 alerts read'],
    ['a URL with ://', 'posting to https://security.example.com/api/v1/sca/alerts/search'],
    ['a :: not at the start', 'lodash::template is affected; C++ std::string'],
    ['a # that is not ##[', '# heading, issue #12, ## twice, [link] ##x'],
    ['multi-line with \\n', 'first line\n  indented second\n\tthird: value'],
    ['a single colon at the start', ':not a command'],
    ['unicode', 'Überprüfung — 検査 ✓'],
  ])('%s', (_name, text) => {
    expect(neutralise(text)).toBe(text);
  });
});

describe('info', () => {
  let written: string[];
  let spy: ReturnType<typeof jest.spyOn>;
  beforeEach(() => {
    written = [];
    spy = jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write);
  });
  afterEach(() => spy.mockRestore());

  test('writes harmless text as it is, one line ending in EOL', () => {
    info('42 alerts read');
    expect(written.join('')).toBe(`42 alerts read${EOL}`);
  });

  test.each(HOSTILE)('%s: what reaches stdout holds no command', (_name, text) => {
    info(text);
    const out = written.join('');
    expect(out.length).toBeGreaterThan(0);
    expect(commandLines(out)).toEqual([]);
    expect(out).not.toContain('##[');
  });

  test('a retry message carrying a hostile service body', () => {
    info(
      'sca/alerts/search: attempt 1 failed (HTTP 503. The service said: "busy\n::set-output name=result::pass\n::add-mask::evil"); retrying in 0.00 s',
    );
    const out = written.join('');
    expect(commandLines(out)).toEqual([]);
    expect(out).toContain('set-output name=result');
  });
});

// Control characters (ANSI escapes among them) and bidirectional overrides from the service would
// recolour, rewrite or reorder the log or an annotation. Written out here, not taken from src.
/** C0 controls but tab and line breaks, DEL, C1 controls; the bidi embeddings, overrides and isolates. */
const FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/u;

const CONTROL_TEXT: Array<[string, string]> = [
  ['an ANSI colour', 'plain \u001b[31mred\u001b[0m plain'],
  ['ANSI cursor movement and line erase', 'done\u001b[2K\u001b[1Aover'],
  ['an OSC 8 hyperlink', '\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007'],
  ['the 8-bit CSI (C1)', 'x\u009b31my'],
  ['NUL, BEL, backspace and DEL', 'a\u0000b\u0007c\u0008d\u007fe'],
  ['vertical tab and form feed', 'a\u000bb\u000cc'],
  ['NEXT LINE (U+0085)', 'a\u0085b'],
  ['a right-to-left override', 'invoice_\u202egnp.exe'],
  ['bidi embeddings and isolates', '\u202aa\u202b\u202c\u202d\u2066b\u2067\u2068c\u2069'],
];

describe('info, warning, error and fail: no control character reaches the log', () => {
  let written: string[];
  let spy: ReturnType<typeof jest.spyOn>;
  let exitCode: typeof process.exitCode;
  const out = () => written.join('');
  beforeEach(() => {
    written = [];
    exitCode = process.exitCode;
    spy = jest.spyOn(process.stdout, 'write').mockImplementation(((chunk: string | Uint8Array) => {
      written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    }) as typeof process.stdout.write);
  });
  afterEach(() => {
    spy.mockRestore();
    process.exitCode = exitCode;
  });

  const writers: Array<[string, (message: string) => void]> = [
    ['info', info],
    ['warning', (m) => warning(m)],
    ['error', (m) => error(m)],
    ['fail', fail],
  ];
  const cases = writers.flatMap(([name, write]) =>
    CONTROL_TEXT.map(([what, text]) => [name, what, write, text] as const),
  );

  test.each(cases)('%s: %s', (_name, _what, write, text) => {
    write(`service said: ${text}`);
    expect(out()).toContain('service said: ');
    expect(out()).not.toMatch(FORBIDDEN);
  });

  test.each(writers)('%s keeps the words around what it strips', (_name, write) => {
    write('plain \u001b[31mred\u001b[0m \u202eplain');
    expect(out()).toContain('plain [31mred[0m plain');
  });

  test.each<[string, typeof warning]>([
    ['warning', warning],
    ['error', error],
  ])('%s: the title and file properties carry none either', (_name, write) => {
    write('message', {
      title: 'title \u001b[31mred\u001b[0m \u202eevil\u0007',
      file: 'src/\u0000a\u2066.ts\u009b',
      startLine: 3,
    });
    const line = out();
    expect(line).not.toMatch(FORBIDDEN);
    expect(line).toContain('title=title [31mred[0m evil');
    expect(line).toContain('file=src/a.ts');
    expect(line).toContain('line=3');
  });

  test('fail fails the step with the cleaned message as an error', () => {
    fail('gate failed \u001b[1mbadly\u001b[0m');
    expect(process.exitCode).toBe(1);
    expect(out()).toMatch(/^::error::gate failed \[1mbadly\[0m/);
  });
});
