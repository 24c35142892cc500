import { readFileSync } from 'node:fs';
import { INPUT_NAMES, parseInputs } from '../src/config/inputs.js';

type Entries = Record<string, Record<string, string>>;

/**
 * Just enough of action.yml for these checks, without a YAML dependency: top-level keys at column
 * 0, entries at 2 spaces, their properties at 4; deeper lines (folded descriptions) are skipped.
 */
function readActionYml(text: string): { top: Record<string, string>; sections: Record<string, Entries> } {
  const top: Record<string, string> = {};
  const sections: Record<string, Entries> = {};
  let section = '';
  let entry = '';
  for (const line of text.split('\n')) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const m = /^( *)([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const [, indent = '', key = '', rest = ''] = m;
    const value = unquote(rest);
    if (indent.length === 0) {
      section = key;
      top[key] = value;
    } else if (indent.length === 2) {
      entry = key;
      // A scalar entry (`using: node24`) is kept as { value }.
      (sections[section] ??= {})[entry] = value === '' ? {} : { value };
    } else if (indent.length === 4) {
      ((sections[section] ??= {})[entry] ??= {})[key] = value;
    }
  }
  return { top, sections };
}

function unquote(value: string): string {
  const single = /^'(.*)'$/.exec(value);
  if (single) return (single[1] ?? '').replaceAll("''", "'");
  const double = /^"(.*)"$/.exec(value);
  return double ? JSON.parse(value) : value;
}

const yml = readActionYml(readFileSync(new URL('../action.yml', import.meta.url), 'utf8'));
const inputs = yml.sections.inputs ?? {};
const outputs = yml.sections.outputs ?? {};

// The contract's "Outputs" table.
const CONTRACT_OUTPUTS = [
  'result', 'repository-id', 'alerts-total',
  'critical-count', 'high-count', 'medium-count', 'low-count', 'unknown-count',
  'gating-count', 'allowed-count', 'risk-score', 'minutes-saved', 'schedule', 'report-file', 'sarif-file',
];
const REQUIRED = ['api-url', 'api-token-id', 'api-token-secret'];

describe('action.yml', () => {
  it('declares exactly the inputs the action reads', () => {
    expect(Object.keys(inputs).sort()).toEqual([...INPUT_NAMES].sort());
  });

  it("declares exactly the contract's outputs", () => {
    expect(Object.keys(outputs).sort()).toEqual([...CONTRACT_OUTPUTS].sort());
  });

  it('describes every input and output', () => {
    for (const [name, props] of Object.entries({ ...inputs, ...outputs })) {
      expect([name, props.description !== undefined]).toEqual([name, true]);
    }
  });

  it('marks only the api url and tokens required, without defaults', () => {
    for (const [name, props] of Object.entries(inputs)) {
      const required = REQUIRED.includes(name);
      expect([name, props.required]).toEqual([name, String(required)]);
      expect([name, 'default' in props]).toEqual([name, !required]);
    }
  });

  it('has defaults that parse to the same config as empty inputs', () => {
    // GitHub fills in action.yml defaults; the parser applies its own for empty inputs. They must agree.
    const given = { 'api-url': 'https://security.example.com', 'api-token-id': 'i', 'api-token-secret': 's', 'app-id': '1' };
    const context = { eventName: 'push', actor: null, isForkPullRequest: false };
    const fromEmpty = parseInputs((name) => given[name as keyof typeof given] ?? '', context);
    const fromDefaults = parseInputs((name) => {
      const fallback = inputs[name]?.default ?? '';
      return given[name as keyof typeof given] ?? (fallback.includes('${{') ? '' : fallback);
    }, context);
    expect(fromDefaults).toEqual(fromEmpty);
    expect(inputs['github-token']?.default).toBe('${{ github.token }}');
  });

  it('runs dist/index.js on node24', () => {
    expect(yml.sections.runs).toEqual({ using: { value: 'node24' }, main: { value: 'dist/index.js' } });
    expect(yml.top.name).toBe('security-gate');
    expect(yml.sections.branding).toEqual({ icon: { value: 'shield' }, color: { value: 'red' } });
  });
});

test('src/version.ts carries the version of package.json (it is reported in SARIF)', async () => {
  const { readFile } = await import('node:fs/promises');
  const { VERSION } = await import('../src/version.js');
  const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  expect(VERSION).toBe(pkg.version);
});
