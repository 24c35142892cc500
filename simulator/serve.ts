// `npm run simulator`: runs the service simulator on 127.0.0.1 until SIGINT or SIGTERM.
//   npm run simulator -- --port 8787 --latency 50 --max-page-size 10
import { parseArgs } from 'node:util';
import { APP_ID, DEMO_TOKEN, MAIN_REPO, ORG_ID } from './data.js';
import { plural } from '../src/numbers.js';
import { KEV_PATH } from './kev.js';
import { startSimulator } from './server.js';

function nonNegativeInteger(name: string, text: string | undefined, fallback: number): number {
  if (text === undefined) return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} must be a non-negative integer, got ${JSON.stringify(text)}`);
    process.exit(2);
  }
  return value;
}

export const SIMULATOR_USAGE = `npm run simulator -- [flags]
  --port N           listen on 127.0.0.1:N (default: a free port, printed)
  --latency MS       add MS milliseconds to every response
  --max-page-size N  the largest page the search endpoints answer with (default 25)
  --help             this text`;

/** The flags, or the usage (--help: exit 0; an unknown or malformed flag: exit 2, with why). */
function readFlags(args: string[]) {
  try {
    const { values } = parseArgs({
      args,
      options: {
        port: { type: 'string' },
        latency: { type: 'string' },
        'max-page-size': { type: 'string' },
        help: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    });
    if (values.help) {
      console.log(SIMULATOR_USAGE);
      process.exit(0);
    }
    return values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${SIMULATOR_USAGE}`);
    process.exit(2);
  }
}

const values = readFlags(process.argv.slice(2));

const maxPageSize = nonNegativeInteger('max-page-size', values['max-page-size'], 25);
if (maxPageSize < 1) {
  console.error('--max-page-size must be at least 1');
  process.exit(2);
}

const sim = await startSimulator({
  port: nonNegativeInteger('port', values.port, 0),
  latencyMs: nonNegativeInteger('latency', values.latency, 0),
  maxPageSize,
});

// The secret is deliberately not printed: it is defined once, in simulator/data.ts.
console.log(`Service simulator listening on ${sim.url}`);
console.log(`  organization id  ${ORG_ID}`);
console.log(`  app id           ${APP_ID}`);
console.log(`  repository id    ${MAIN_REPO.id} (${MAIN_REPO.name})`);
console.log(`  token id         ${DEMO_TOKEN.id}`);
console.log('  token secret     see simulator/data.ts (DEMO_TOKEN)');
console.log(`  KEV catalog      GET ${sim.url}${KEV_PATH} (kev-url; no token)`);
console.log('Ctrl-C to stop.');

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.log(`\n${signal}: ${plural(sim.requests.length, 'request')} served; stopping.`);
    void sim.close().then(() => process.exit(0));
  });
}
