// The start-up floor the mandated stack sets: @actions/core and zod alone, validating two inputs
// and failing the step. The benchmark bundles it with ncc, minified, as dist/ is, and times it
// beside dist/index.js on an invalid input.
import * as core from '@actions/core';
import { z } from 'zod';

const schema = z.object({
  'api-url': z.url(),
  'fail-on-severity': z.enum(['critical', 'high', 'medium', 'low', 'none']),
});
const parsed = schema.safeParse({
  'api-url': core.getInput('api-url'),
  'fail-on-severity': core.getInput('fail-on-severity'),
});
if (!parsed.success)
  core.setFailed(`Invalid inputs: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
