#!/usr/bin/env node
// Stops the servers that deploy/local/up.mjs started (never ones it found already running):
// node deploy/local/down.mjs [--only redis,mongo,kafka,temporal]
import { parseArgs } from 'node:util';
import { down } from './index.mjs';

const { values } = parseArgs({ options: { only: { type: 'string' } } });

try {
  await down({ only: values.only });
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
