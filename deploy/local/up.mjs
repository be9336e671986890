#!/usr/bin/env node
// Starts (or reuses) the local servers: node deploy/local/up.mjs [--profile dev|test] [--only redis,mongo,kafka,temporal]
import { parseArgs } from 'node:util';
import { up } from './index.mjs';

const { values } = parseArgs({
  options: {
    profile: { type: 'string', default: 'dev' },
    only: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  console.log('usage: node deploy/local/up.mjs [--profile dev|test] [--only redis,mongo,kafka,temporal]');
  process.exit(0);
}

try {
  const { endpoints } = await up({ profile: values.profile, only: values.only });
  console.log('');
  for (const [key, value] of Object.entries(endpoints)) console.log(`${key}=${value}`);
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
