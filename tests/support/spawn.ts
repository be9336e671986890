// Starts tests/support/child.ts under tsx and resolves with how it ended.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const childScript = fileURLToPath(new URL('./child.ts', import.meta.url));

export function runChild(env: Record<string, string>): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code, signal, stderr }));
  });
}
