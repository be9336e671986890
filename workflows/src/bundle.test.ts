import { describe, expect, it } from 'vitest';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowsPath } from './paths.js';

describe('the workflow bundle', () => {
  // Catches workflow code that imports Node modules or anything else non-deterministic.
  it('builds from workflows/src/workflows', async () => {
    const { code } = await bundleWorkflowCode({ workflowsPath, logger: { log() {}, trace() {}, debug() {}, info() {}, warn() {}, error() {} } });
    expect(code).toContain('src/workflows/index.ts');
  }, 60_000);
});
