// Loaded with `node --import` by the benchmark: writes the process's peak RSS (KiB) to the file
// named by BENCH_RSS_FILE when it exits. Not part of the action.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_RSS_FILE;
if (file) process.on('exit', () => writeFileSync(file, String(process.resourceUsage().maxRSS)));
