// Bundles the workflow code once at build time, so production workers start without webpack.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';

const here = dirname(fileURLToPath(import.meta.url));
export const workflowsPath = join(here, 'workflows', 'index.ts');

export async function bundle(outFile: string): Promise<void> {
  const { code } = await bundleWorkflowCode({ workflowsPath });
  mkdirSync(dirname(outFile), { recursive: true });
  writeFileSync(outFile, code);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await bundle(join(here, '..', 'dist', 'workflow-bundle.js'));
}
