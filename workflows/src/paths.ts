// Where the workflow code lives (bundled by the worker at start, or at build time).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const workflowsPath = join(dirname(fileURLToPath(import.meta.url)), 'workflows', 'index.ts');
