// A Slurm array script of docs/cluster/ run the way the scheduler runs it, as
// far as this machine allows: one local bash process per task, all at once,
// each given its SLURM_ARRAY_TASK_ID (1 to n) in `env`.
import { spawn } from 'node:child_process';

/** Runs `script` for task ids 1..n in `cwd`; resolves with each task's exit code and stderr, in task order. */
export function runArrayTasks(script: string, n: number, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; err: string }[]> {
  return Promise.all(Array.from({ length: n }, (_, i) => new Promise<{ code: number | null; err: string }>((resolve) => {
    const child = spawn('bash', [script], { cwd, env: { ...env, SLURM_ARRAY_TASK_ID: String(i + 1) }, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('close', (code) => resolve({ code, err }));
  })));
}
