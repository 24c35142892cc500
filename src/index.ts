import * as log from './github/log.js';
import { run } from './main.js';

// No top-level await: it would make every module of the bundle an async one, which costs start-up.
run().catch((error: unknown) => {
  // run() reports its own failures (result=error, the summary); this is the last resort should that
  // reporting itself fail: still fail the step with a message rather than a bare stack.
  log.fail(
    `security-gate stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}. Please report this with the log.`,
  );
  if (error instanceof Error && error.stack) log.debug(error.stack);
});
