// `npx tsx scripts/mutate-verdict.ts`: mutation testing of the verdict's rules (src/policy/verdict.ts)
// without a mutation framework. Each mutant is one small change of the file (the operators below),
// written over it one at a time and put back after, even on failure or Ctrl-C (a copy waits in
// .tmp/mutate-verdict/ meanwhile; a run that was killed outright restores it when started again).
// A mutant that does not type-check is skipped; the others face the unit tests that load verdict.ts
// (jest's dependency graph, integration tests left out: they would need a bundle per mutant) with
// --bail and a time limit. It prints the survivors: a test should tell each one apart, unless it is
// equivalent (docs/architecture.md, "The verdict"). Not part of `npm test` or CI.
//   --list        print the mutants and stop
//   --only 3,17   run only these mutants (numbers from --list)
// Operators: each < <= > >= flipped to the two neighbours that move the boundary or turn it round
// (< to <= and >=, ...), === and !== swapped, && and || swapped, `a ?? x` made `a`, each `!` dropped,
// each true and false swapped; each entry of RULES and of GROUNDS removed, each two neighbours in
// them swapped; each rule's and ground's guard (the condition of its `return null`) made false, then true.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const TARGET = join(ROOT, 'src', 'policy', 'verdict.ts');
const BACKUP = join(ROOT, '.tmp', 'mutate-verdict', 'verdict.ts.orig');
const JEST = join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js');
const JEST_ENV = { ...process.env, NODE_OPTIONS: '--experimental-vm-modules --no-warnings' };
/** A run of the tests that takes longer than this has looped: the mutant counts as killed. */
const TEST_TIMEOUT_MS = 180_000;

interface Mutant {
  id: number;
  line: number;
  operator: string;
  /** The file with [start, end) replaced by `text`. */
  start: number;
  end: number;
  text: string;
}

type Outcome = 'no type-check' | 'killed' | 'timed out' | 'survived';

// ---------- the mutants ----------

const FLIPS: ReadonlyMap<ts.SyntaxKind, readonly string[]> = new Map([
  [ts.SyntaxKind.LessThanToken, ['<=', '>=']],
  [ts.SyntaxKind.LessThanEqualsToken, ['<', '>']],
  [ts.SyntaxKind.GreaterThanToken, ['>=', '<=']],
  [ts.SyntaxKind.GreaterThanEqualsToken, ['>', '<']],
  [ts.SyntaxKind.EqualsEqualsEqualsToken, ['!==']],
  [ts.SyntaxKind.ExclamationEqualsEqualsToken, ['===']],
  [ts.SyntaxKind.AmpersandAmpersandToken, ['||']],
  [ts.SyntaxKind.BarBarToken, ['&&']],
]);

/** Every mutant of the source, in the order of the file. */
function mutantsOf(source: string): Mutant[] {
  const file = ts.createSourceFile(TARGET, source, ts.ScriptTarget.Latest, true);
  const found: Omit<Mutant, 'id' | 'line'>[] = [];
  const add = (operator: string, start: number, end: number, text: string) =>
    found.push({ operator, start, end, text });
  const textOf = (node: ts.Node) => node.getText(file);

  const lists = new Map<string, ts.ArrayLiteralExpression>();
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken;
      for (const to of FLIPS.get(op.kind) ?? []) add(`${op.getText(file)} to ${to}`, op.getStart(file), op.end, to);
      if (op.kind === ts.SyntaxKind.QuestionQuestionToken)
        add(`?? ${textOf(node.right)} dropped`, node.left.end, node.end, '');
    } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.ExclamationToken) {
      add('! dropped', node.getStart(file), node.end, textOf(node.operand));
    } else if (node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword) {
      const to = node.kind === ts.SyntaxKind.TrueKeyword ? 'false' : 'true';
      add(`${textOf(node)} to ${to}`, node.getStart(file), node.end, to);
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      ['RULES', 'GROUNDS'].includes(node.name.text) &&
      node.initializer &&
      ts.isArrayLiteralExpression(node.initializer)
    ) {
      lists.set(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);

  for (const [name, list] of lists) listMutants(name, list, file, add);
  const ruleNames = new Set([...lists.values()].flatMap((list) => list.elements.map(textOf)));
  for (const statement of file.statements)
    if (ts.isFunctionDeclaration(statement) && statement.name && ruleNames.has(statement.name.text))
      guardMutants(statement, file, add);

  const seen = new Set<string>();
  return found
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .filter((m) => {
      const key = `${m.start}:${m.end}:${m.text}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .map((m, i) => ({ ...m, id: i + 1, line: file.getLineAndCharacterOfPosition(m.start).line + 1 }));
}

type Add = (operator: string, start: number, end: number, text: string) => void;

/** Each entry removed, each two neighbours swapped. */
function listMutants(name: string, list: ts.ArrayLiteralExpression, file: ts.SourceFile, add: Add): void {
  const items = list.elements;
  items.forEach((item, i) => {
    const next = items[i + 1];
    const previous = items[i - 1];
    // From this entry to the next one's start (its comma with it), or the last from the previous one's end.
    if (next) add(`${name}: ${item.getText(file)} removed`, item.getStart(file), next.getStart(file), '');
    else if (previous) add(`${name}: ${item.getText(file)} removed`, previous.end, item.end, '');
    if (next) {
      const between = file.text.slice(item.end, next.getStart(file));
      const swapped = `${next.getText(file)}${between}${item.getText(file)}`;
      add(`${name}: ${item.getText(file)} and ${next.getText(file)} swapped`, item.getStart(file), next.end, swapped);
    }
  });
}

const isNull = (node: ts.Node | undefined) => node?.kind === ts.SyntaxKind.NullKeyword;
const returnsNull = (s: ts.Statement): boolean =>
  (ts.isReturnStatement(s) && isNull(s.expression)) ||
  (ts.isBlock(s) && s.statements.length === 1 && returnsNull(s.statements[0]!));

/** The condition of a rule's `if (…) return null` (or of `return … ? null : …`) made false, then true. */
function guardMutants(fn: ts.FunctionDeclaration, file: ts.SourceFile, add: Add): void {
  const name = fn.name!.text;
  for (const statement of fn.body?.statements ?? []) {
    let condition: ts.Expression | undefined;
    if (ts.isIfStatement(statement) && returnsNull(statement.thenStatement)) condition = statement.expression;
    else if (
      ts.isReturnStatement(statement) &&
      statement.expression &&
      ts.isConditionalExpression(statement.expression) &&
      (isNull(statement.expression.whenTrue) || isNull(statement.expression.whenFalse))
    )
      condition = statement.expression.condition;
    if (condition === undefined) continue;
    for (const to of ['false', 'true']) add(`${name}: guard to ${to}`, condition.getStart(file), condition.end, to);
  }
}

const apply = (source: string, m: Mutant) => `${source.slice(0, m.start)}${m.text}${source.slice(m.end)}`;

/** The lines the mutant changes, before and after. */
function shown(source: string, m: Mutant): { before: string; after: string } {
  const lines = (text: string, from: number, to: number) => {
    const all = text.split('\n');
    const first = text.slice(0, from).split('\n').length - 1;
    const last = text.slice(0, to).split('\n').length - 1;
    return all
      .slice(first, last + 1)
      .map((l) => l.trim())
      .join(' ⏎ ');
  };
  return { before: lines(source, m.start, m.end), after: lines(apply(source, m), m.start, m.start + m.text.length) };
}

// ---------- type-checking, in memory ----------

/** Type-checks verdict.ts with the given text under tsconfig.json (src/), reusing the last program: errors, or none. */
function typeChecker(): (text: string) => string[] {
  const configPath = join(ROOT, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  const host = ts.createCompilerHost(config.options);
  const read = host.getSourceFile.bind(host);
  const files = new Map<string, ts.SourceFile | undefined>();
  let current = '';
  host.getSourceFile = (name, language, onError) => {
    if (resolve(name) === TARGET) return ts.createSourceFile(name, current, language);
    if (!files.has(name)) files.set(name, read(name, language, onError));
    return files.get(name);
  };
  let previous: ts.Program | undefined;
  return (text) => {
    current = text;
    const program = ts.createProgram({
      rootNames: config.fileNames,
      options: config.options,
      host,
      oldProgram: previous,
    });
    previous = program;
    const file = program.getSourceFile(TARGET);
    if (!file) throw new Error(`${TARGET} is not in tsconfig.json's program`);
    return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, ' '));
  };
}

// ---------- the tests ----------

/** The unit tests that load verdict.ts, directly or not: no other test can tell a mutant of it apart. */
function testsOfTheVerdict(): string[] {
  const listed = execFileSync(
    process.execPath,
    [JEST, '--listTests', '--findRelatedTests', TARGET, '--testPathIgnorePatterns', '/__tests__/integration/'],
    { cwd: ROOT, env: JEST_ENV, encoding: 'utf8' },
  );
  return listed
    .split('\n')
    .filter((line) => line.endsWith('.test.ts'))
    .map((path) => relative(ROOT, path))
    .sort();
}

let running: ChildProcess | null = null;

/** Runs the tests with --bail; 'timed out' when they take longer than TEST_TIMEOUT_MS (the whole process group is killed). */
function runTests(tests: string[]): Promise<'passed' | 'failed' | 'timed out'> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [JEST, '--bail', '--silent', ...tests], {
      cwd: ROOT,
      env: JEST_ENV,
      detached: true,
      stdio: 'ignore',
    });
    running = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, TEST_TIMEOUT_MS);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearTimeout(timer);
      running = null;
      done(timedOut ? 'timed out' : code === 0 ? 'passed' : 'failed');
    });
  });
}

function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

// ---------- the file, always put back ----------

/** The file as it was; a copy in BACKUP while a mutant may be in place. */
function takeOriginal(): string {
  if (existsSync(BACKUP)) {
    // A run that was killed outright left a mutant in place: put the file back first.
    writeFileSync(TARGET, readFileSync(BACKUP));
    console.error(`restored ${relative(ROOT, TARGET)} from ${relative(ROOT, BACKUP)}, left by an interrupted run`);
  }
  const original = readFileSync(TARGET, 'utf8');
  mkdirSync(dirname(BACKUP), { recursive: true });
  writeFileSync(BACKUP, original);
  return original;
}

function putBack(original: string): void {
  writeFileSync(TARGET, original);
  rmSync(BACKUP, { force: true });
}

// ---------- the run ----------

function argument(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i === -1 ? undefined : process.argv[i + 1];
}

async function main(): Promise<void> {
  const original = takeOriginal();
  const stop = () => {
    if (running) killGroup(running);
    putBack(original);
    process.exit(130);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  process.on('exit', () => {
    if (existsSync(BACKUP)) putBack(original);
  });

  const all = mutantsOf(original);
  if (process.argv.includes('--list')) {
    for (const m of all) {
      const { before, after } = shown(original, m);
      console.log(`#${m.id} line ${m.line} ${m.operator}\n    ${before}\n  → ${after}`);
    }
    putBack(original);
    return;
  }
  const only = argument('--only')?.split(',').map(Number);
  const mutants = only ? all.filter((m) => only.includes(m.id)) : all;

  const started = Date.now();
  const check = typeChecker();
  const baseErrors = check(original);
  if (baseErrors.length > 0) throw new Error(`verdict.ts does not type-check as it is:\n${baseErrors.join('\n')}`);
  const tests = testsOfTheVerdict();
  console.error(`${mutants.length} mutants; the tests: ${tests.join(' ')}`);
  if ((await runTests(tests)) !== 'passed') throw new Error('the tests fail on verdict.ts as it is: fix them first');

  const outcomes = new Map<Mutant, Outcome>();
  for (const m of mutants) {
    const text = apply(original, m);
    let outcome: Outcome;
    if (check(text).length > 0) outcome = 'no type-check';
    else {
      try {
        writeFileSync(TARGET, text);
        const tested = await runTests(tests);
        outcome = tested === 'passed' ? 'survived' : tested === 'failed' ? 'killed' : 'timed out';
      } finally {
        writeFileSync(TARGET, original);
      }
    }
    outcomes.set(m, outcome);
    console.error(`#${m.id}/${all.length} line ${m.line} ${m.operator}: ${outcome}`);
  }
  putBack(original);

  const count = (o: Outcome) => [...outcomes.values()].filter((v) => v === o).length;
  const survivors = mutants.filter((m) => outcomes.get(m) === 'survived');
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `${mutants.length} mutants of src/policy/verdict.ts in ${minutes} min: ${count('no type-check')} do not type-check, ` +
      `${count('killed') + count('timed out')} killed (${count('timed out')} timed out), ${survivors.length} survived`,
  );
  for (const m of survivors) {
    const { before, after } = shown(original, m);
    console.log(`\nsrc/policy/verdict.ts:${m.line} #${m.id} ${m.operator}\n    ${before}\n  → ${after}`);
  }
}

await main();
