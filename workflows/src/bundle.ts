// Build step: bundles the workflow code once, so production workers start without webpack.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { workflowsPath } from './paths.js';

const outFile = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'workflow-bundle.js');
const { code } = await bundleWorkflowCode({ workflowsPath });
mkdirSync(dirname(outFile), { recursive: true });
writeFileSync(outFile, code);
