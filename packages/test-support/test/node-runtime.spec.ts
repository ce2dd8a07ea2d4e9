// The platform runs on its own Node.js: the `node` package pinned in package.json (the major in .nvmrc), which npm
// links as node_modules/.bin/node, first on the PATH of npm scripts and of the project's shell scripts
// (scripts/node-env.sh). The tests run on it, and so does every process they or the scripts start, whether as
// `process.execPath` (the services, the tools) or as `node` by name.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
const major = readFileSync(join(root, '.nvmrc'), 'utf8').trim();
const projectNode = realpathSync(join(root, 'node_modules/.bin/node'));
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

describe("the project's Node.js", () => {
  it(`is Node.js ${major}, pinned exactly in package.json and named by its engines`, () => {
    expect(major).toMatch(/^\d+$/);
    expect(manifest.devDependencies.node).toMatch(new RegExp(`^${major}\\.\\d+\\.\\d+$`));
    expect(manifest.engines.node).toBe(`${major}.x`);
    expect(manifest.devDependencies['@types/node']).toMatch(new RegExp(`^${major}\\.`));
  });

  it('runs the tests', () => {
    expect(process.version).toBe(`v${manifest.devDependencies.node}`);
    expect(realpathSync(process.execPath)).toBe(projectNode);
  });

  it('is the `node` a process started by name gets', () => {
    const out = execFileSync('node', ['-p', 'process.version + " " + process.execPath'], {
      encoding: 'utf8',
    });
    const [version, execPath] = out.trim().split(' ');
    expect(version).toBe(process.version);
    expect(realpathSync(execPath)).toBe(projectNode);
  });

  it("is what the scripts put first on PATH, and they stop with a reason on another major's node", () => {
    const fake = mkdtempSync(join(tmpdir(), 'old-node-'));
    try {
      writeFileSync(join(fake, 'node'), '#!/bin/sh\necho 20.20.2\n', { mode: 0o755 });
      const script = `source scripts/node-env.sh; command -v node; require_project_node && echo ok
        PATH="${fake}:$PATH"; hash -r; require_project_node; echo unreachable`;
      const run = spawnSync('bash', ['-c', script], { cwd: root, encoding: 'utf8', env: { ...process.env } });
      expect(run.stdout.trim().split('\n')).toEqual([join(root, 'node_modules/.bin/node'), 'ok']);
      expect(run.status).toBe(1);
      expect(run.stderr).toContain(`this project runs on Node.js ${major} (.nvmrc)`);
      expect(run.stderr).toContain(`${fake}/node`);
    } finally {
      rmSync(fake, { recursive: true, force: true });
    }
  });
});
