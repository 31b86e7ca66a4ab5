// The sweeps of docs/cluster/ run as far as this machine allows: the Slurm
// array script and the Kubernetes Indexed Job's command, once per task (as
// 4 processes at once, each given its index the way the scheduler gives it),
// then the merge their comments give. The merged report must be the
// unsharded run's, byte for byte, so the shard arithmetic of both files
// (1-based array ids, 0-based completion indexes) is checked too.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { expectFreshBuild } from '../../support/build-fresh.js';
import { fakeNpx } from '../../support/fake-npx.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SBATCH = readFileSync(join(ROOT, 'docs/cluster/scen-sweep.sbatch'), 'utf8');
const JOB = readFileSync(join(ROOT, 'docs/cluster/scen-sweep.yaml'), 'utf8');
const SCEN = 'data/movingai/dao/den312d.map.scen';

/** Runs `shell` with `args` and `env` in the repository root; resolves with its exit code and output. */
function runShell(shell: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(shell, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let out = '', err = '';
    child.stdout.on('data', (d: Buffer) => { out += d.toString(); });
    child.stderr.on('data', (d: Buffer) => { err += d.toString(); });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}

/** The merge line a file's comments give. */
function mergeLine(text: string): string {
  const m = /^#\s+(npx bestfirst merge .*)$/m.exec(text);
  expect(m, 'the file says how to merge').not.toBeNull();
  return m![1];
}

/** The unsharded run's report, and the merge of the shards in `results`. */
function compare(text: string, results: string, path: string) {
  const whole = spawnSync(process.execPath, [join(ROOT, 'bin/bestfirst.js'), 'scen', SCEN, '--no-times'], { cwd: ROOT, encoding: 'utf8' });
  expect(whole.status).toBe(0);
  const merged = spawnSync('sh', ['-c', mergeLine(text)], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, RESULTS: results, PATH: path } });
  expect(merged.stderr).toBe('');
  expect(merged.status).toBe(0);
  expect(merged.stdout).toBe(whole.stdout);
  expect(whole.stdout.split('\n')[1]).toBe('queries 320, optimal 100.00% (320), invalid 0');
}

test('the Slurm array script: tasks 1..N as N processes, SLURM_ARRAY_TASK_ID each, merged, equal the whole run', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  const array = /^#SBATCH --array=(\d+)-(\d+)$/m.exec(SBATCH);
  expect(array, 'an #SBATCH --array=1-N line').not.toBeNull();
  // The script reads the ids as shard numbers, which count from 1.
  expect(Number(array![1])).toBe(1);
  const n = Number(array![2]);
  expect(SBATCH).toContain(`npx bestfirst scen ${SCEN} --no-times`);
  const results = mkdtempSync(join(tmpdir(), 'bestfirst-slurm-'));
  const path = `${fakeNpx()}:${process.env.PATH}`;
  const script = join(ROOT, 'docs/cluster/scen-sweep.sbatch');
  const tasks = await Promise.all(Array.from({ length: n }, (_, i) => runShell('bash', [script], {
    SLURM_ARRAY_TASK_ID: String(i + 1), SLURM_ARRAY_TASK_COUNT: String(n), RESULTS: results, PATH: path,
  })));
  tasks.forEach((t, i) => {
    expect(t.code, t.err).toBe(0);
    expect(t.out.split('\n')[0]).toMatch(new RegExp(`; shard ${i + 1}/${n}: rows \\d+ to \\d+$`));
  });
  compare(SBATCH, results, path);
}, 300_000);

test('the Kubernetes Indexed Job: its command for JOB_COMPLETION_INDEX 0..completions-1 as processes, merged, equal the whole run', async () => {
  expectFreshBuild('dist/cli/main.js', ['cli', 'src']);
  expect(JOB).toMatch(/^\s+completionMode: Indexed$/m);
  const n = Number(/^\s+completions: (\d+)$/m.exec(JOB)![1]);
  // SHARDS, the N of --shard K/N, must be the number of completions.
  expect(/- name: SHARDS\n\s+value: "(\d+)"/.exec(JOB)![1]).toBe(String(n));
  // The container's command: `sh -c` and the folded (>-) argument, its lines joined by spaces as YAML folds them.
  expect(JOB).toContain('command: ["sh", "-c"]');
  const lines = JOB.split('\n');
  const from = lines.findIndex((l) => /^\s+- >-$/.test(l));
  const indent = /^\s*/.exec(lines[from + 1])![0].length;
  const body: string[] = [];
  for (let i = from + 1; i < lines.length && /^\s*/.exec(lines[i])![0].length >= indent && lines[i].trim() !== ''; i++) body.push(lines[i].trim());
  const command = body.join(' ');
  expect(command).toContain(`npx bestfirst scen ${SCEN} --no-times`);
  const results = mkdtempSync(join(tmpdir(), 'bestfirst-k8s-'));
  const path = `${fakeNpx()}:${process.env.PATH}`;
  const pods = await Promise.all(Array.from({ length: n }, (_, index) => runShell('sh', ['-c', command], {
    JOB_COMPLETION_INDEX: String(index), SHARDS: String(n), RESULTS: results, PATH: path,
  })));
  pods.forEach((p, index) => {
    expect(p.code, p.err).toBe(0);
    expect(p.out.split('\n')[0]).toMatch(new RegExp(`; shard ${index + 1}/${n}: rows \\d+ to \\d+$`));
  });
  compare(JOB, results, path);
}, 300_000);
