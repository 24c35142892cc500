// `npm run simulator -- --help` prints its flags and exits 0 (it crashed on an unknown option); an
// unknown flag is refused with the usage and exit code 2, before anything listens.
import { describe, expect, test } from '@jest/globals';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const simulator = (...args: string[]) =>
  promisify(execFile)(join(ROOT, 'node_modules', '.bin', 'tsx'), ['simulator/serve.ts', ...args], {
    cwd: ROOT,
    timeout: 30_000,
  });

describe('npm run simulator', () => {
  test('--help: the flags, exit 0', async () => {
    const { stdout } = await simulator('--help');
    expect(stdout).toMatch(/^npm run simulator -- \[flags\]/);
    for (const flag of ['--port', '--latency', '--max-page-size', '--help']) expect(stdout).toContain(flag);
  }, 40_000);

  test('an unknown flag: refused with the usage, exit 2', async () => {
    await expect(simulator('--nope')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Unknown option '--nope'[\s\S]*npm run simulator -- \[flags\]/),
    });
  }, 40_000);
});
