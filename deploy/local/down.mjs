#!/usr/bin/env node
// Stops the servers that deploy/local/up.mjs started (never ones it found already running).
import { down } from './index.mjs';

try {
  await down();
} catch (err) {
  console.error(err.message);
  process.exit(1);
}
