// Start-up: nothing but input reading and validation loads before the first request. An invalid
// input is checked with the entry file alone, its chunks taken away: had it needed one, the run
// would crash on a missing module instead of naming the bad input.
import { afterAll, beforeAll, describe, expect, test } from '@jest/globals';
import { copyFile, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { spawnSync } from 'node:child_process';

const DIST = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../dist');
let lonely: string;

beforeAll(async () => {
  lonely = await mkdtemp(join(tmpdir(), 'security-gate-entry-only-'));
  await Promise.all(['index.js', 'package.json'].map((f) => copyFile(join(DIST, f), join(lonely, f))));
});
afterAll(async () => {
  await rm(lonely, { recursive: true, force: true });
});

function runEntry(inputs: Record<string, string>) {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', GITHUB_ACTIONS: 'true' };
  for (const [name, value] of Object.entries(inputs)) env[`INPUT_${name.toUpperCase()}`] = value;
  return spawnSync(process.execPath, [join(lonely, 'index.js')], { env, encoding: 'utf8', timeout: 30_000 });
}

describe('start-up', () => {
  test('the bundle has chunks besides its entry (the reports, the crontab libraries, Octokit)', async () => {
    const chunks = (await readdir(DIST)).filter((f) => /^\d+\.index\.js$/.test(f));
    expect(chunks.length).toBeGreaterThanOrEqual(3);
  });

  test("the entry validates with zod/mini; zod's full API (the service schemas) is in a chunk", async () => {
    // zod's chained-method classes alone cost some 5 ms of start-up.
    const entry = await readFile(join(DIST, 'index.js'), 'utf8');
    expect(entry).toContain('"ZodMiniObject"');
    expect(entry).not.toContain('"ZodObject"');
    const chunks = (await readdir(DIST)).filter((f) => /^\d+\.index\.js$/.test(f));
    const texts = await Promise.all(chunks.map((f) => readFile(join(DIST, f), 'utf8')));
    expect(texts.some((text) => text.includes('"ZodObject"'))).toBe(true);
  });

  test('an invalid input is reported by the entry alone: no chunk, no report module is loaded', () => {
    const run = runEntry({
      'api-url': 'ftp://example.com',
      'api-token-id': 'id',
      'api-token-secret': 'secret',
      'app-id': '1',
      'fail-on-severity': 'bogus',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('::error::Invalid inputs (no request was sent):');
    expect(run.stdout).toContain('fail-on-severity');
    expect(`${run.stdout}${run.stderr}`).not.toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND|unexpectedly/);
  });

  test('a valid input does need the chunks (so the test above can fail)', () => {
    const run = runEntry({
      'api-url': 'http://127.0.0.1:9',
      'api-token-id': 'id',
      'api-token-secret': 'secret',
      'repository-id': 'r',
    });
    expect(run.status).toBe(1);
    expect(`${run.stdout}${run.stderr}`).toMatch(/Cannot find module|ERR_MODULE_NOT_FOUND|stopped unexpectedly/);
  });
});
