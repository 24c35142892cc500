import * as core from '@actions/core';
import { z } from 'zod';

export async function run(): Promise<void> {
  core.info(`hello ${z.string().parse('x')}`);
}
