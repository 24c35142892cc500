import * as core from '@actions/core';
import { run } from './main.js';

try {
  await run();
} catch (error) {
  // A bug, not a service fault: still fail the step with a message rather than a bare stack.
  core.setFailed(`security-gate stopped unexpectedly: ${error instanceof Error ? error.message : String(error)}. Please report this with the log.`);
  if (error instanceof Error && error.stack) core.debug(error.stack);
}
