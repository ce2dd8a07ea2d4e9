#!/usr/bin/env node
// Import-cycle check over every workspace (packages/*, apps/*, tools/*), on three graphs:
//   files    — relative imports between .ts files under src/ and test/ (`./x` → x.ts or x/index.ts);
//   folders  — folder A → folder B when a file directly in A imports a file directly in B (A ≠ B);
//   packages — workspace A → workspace B when a file of A imports `@casino/B` or a subpath of it.
// Every import counts: `import type`, `export … from`, `import()` and `require()` included.
// And the ledger's layer order (LEDGER_LAYERS, as docs/architecture.md draws it): a folder of apps/bet-ledger/src
// imports only from its own row or the rows below it.
// Prints each cycle as a chain of paths, each layer violation as folder -> folder with the importing files, and
// exits 1; `--warn-only` prints them and exits 0.
// Usage: node scripts/check-import-cycles.mjs [--warn-only | --self-test]
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Strongly connected components of `graph` (Map node → Set of nodes), Tarjan's algorithm. */
export function components(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const result = [];
  const visit = (node) => {
    index.set(node, index.size);
    low.set(node, index.get(node));
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) visit(to);
      if (onStack.has(to)) low.set(node, Math.min(low.get(node), low.get(to)));
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    result.push(members);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return result;
}

/** Shortest path from `from` to `to` using only nodes of `inside` (breadth-first), as [from, …, to]. */
function shortestPath(graph, inside, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length && !previous.has(to)) {
    const at = queue.shift();
    for (const next of graph.get(at) ?? []) {
      if (inside.has(next) && !previous.has(next)) {
        previous.set(next, at);
        queue.push(next);
      }
    }
  }
  const path = [];
  for (let at = to; at !== null; at = previous.get(at)) path.unshift(at);
  return path;
}

/**
 * The cycles to report: for every import u → v inside a cyclic component, the shortest way back from v to u, so
 * every import that takes part in a cycle shows up in one. Duplicates removed; each cycle is [a, b, …, a] starting
 * at its smallest node.
 */
export function findCycles(graph) {
  const cycles = new Map();
  for (const members of components(graph)) {
    const inside = new Set(members);
    for (const u of members) {
      for (const v of graph.get(u) ?? []) {
        if (!inside.has(v)) continue;
        const ring = u === v ? [u] : shortestPath(graph, inside, v, u);
        const start = ring.indexOf([...ring].sort()[0]);
        const cycle = [...ring.slice(start), ...ring.slice(0, start)];
        cycles.set(cycle.join('\n'), [...cycle, cycle[0]]);
      }
    }
  }
  return [...cycles.values()].sort((a, b) => a.join().localeCompare(b.join()));
}

/**
 * The ledger's layers, top to bottom, as docs/architecture.md draws them: the top-level folders of
 * apps/bet-ledger/src (`.` for its own files). A folder imports only from its own row or the rows below it; a
 * folder in no row is reported too, so a new one gets its place here and in the docs.
 */
export const LEDGER_LAYERS = [
  // adapters
  ['.', 'app', 'cli', 'api', 'messaging', 'back-office', 'player-history', 'validation'],
  // use cases
  ['use-cases'],
  // shared model
  [
    'bets',
    'rounds',
    'restrictions',
    'operators',
    'quarantine',
    'pending-round-events',
    'tables',
    'bonus',
    'free-bets',
    'responsible-gambling',
    'vip-limits',
    'seamless',
    'session-proofs',
  ],
  // infrastructure
  ['transaction', 'outbox', 'database', 'observability', 'errors', 'config'],
];

/**
 * Imports against the layer order: `imports` is [from folder, to folder, importing file] (top-level folders);
 * returns a map `from -> to` (or `from -> (no layer)`) to the sorted files that make it.
 */
export function layerViolations(imports, layers) {
  const rank = new Map(layers.flatMap((row, i) => row.map((folder) => [folder, i])));
  const found = new Map();
  const add = (key, file) => (found.get(key) ?? found.set(key, new Set()).get(key)).add(file);
  for (const [from, to, file] of imports) {
    if (!rank.has(from)) add(`${from} -> (no layer)`, file);
    else if (!rank.has(to)) add(`${to} -> (no layer)`, file);
    else if (rank.get(to) < rank.get(from)) add(`${from} -> ${to}`, file);
  }
  return new Map([...found].sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, [...v].sort()]));
}

function selfTest() {
  const cases = [
    ['a>b b>c', ''],
    ['a>b b>a', 'a>b>a'],
    ['b>c c>a a>b c>d', 'a>b>c>a'],
    ['a>b b>a b>c c>b x>y', 'a>b>a | b>c>b'],
    ['a>b b>c c>a a>c', 'a>b>c>a | a>c>a'],
    ['a>a', 'a>a'],
    ['p>p/q p/q>p', 'p>p/q>p'],
  ];
  let failed = 0;
  for (const [edges, want] of cases) {
    const graph = new Map();
    for (const [a, b] of edges.split(' ').map((e) => e.split('>'))) {
      if (!graph.has(a)) graph.set(a, new Set());
      if (!graph.has(b)) graph.set(b, new Set());
      graph.get(a).add(b);
    }
    const got = findCycles(graph)
      .map((cycle) => cycle.join('>'))
      .join(' | ');
    if (got !== want) {
      failed++;
      console.error(`self-test: "${edges}" gave "${got}", want "${want}"`);
    }
  }
  const layers = [['api'], ['use-cases'], ['bets', 'rounds'], ['transaction']];
  const layerCases = [
    [
      [
        ['api', 'use-cases', 'a'],
        ['bets', 'rounds', 'b'],
        ['use-cases', 'transaction', 'c'],
      ],
      '',
    ],
    [
      [
        ['transaction', 'bets', 'x'],
        ['transaction', 'api', 'y'],
        ['bets', 'api', 'z'],
      ],
      'bets -> api | transaction -> api | transaction -> bets',
    ],
    [[['api', 'misc', 'm']], 'misc -> (no layer)'],
  ];
  for (const [imports, want] of layerCases) {
    const got = [...layerViolations(imports, layers).keys()].join(' | ');
    if (got !== want) {
      failed++;
      console.error(`self-test: layers of ${JSON.stringify(imports)} gave "${got}", want "${want}"`);
    }
  }
  const total = cases.length + layerCases.length;
  console.log(`self-test: ${total - failed} of ${total} cases passed`);
  process.exit(failed ? 1 : 0);
}

function tsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist'].includes(entry.name) ? [] : tsFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `./x` → x.ts or x/index.ts (`./x.js` as `./x`); undefined for anything else (.cjs, .json, …). */
function resolveRelative(from, spec) {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  return [`${base}.ts`, join(base, 'index.ts'), base].find(
    (path) => path.endsWith('.ts') && existsSync(path) && statSync(path).isFile(),
  );
}

function main(warnOnly) {
  const ts = createRequire(join(root, 'package.json'))('typescript');
  const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
  const workspaces = readJson('package.json')
    .workspaces.map((pattern) => pattern.replace(/\/\*$/, ''))
    .flatMap((parent) => readdirSync(join(root, parent)).map((dir) => join(parent, dir)))
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, name: readJson(join(dir, 'package.json')).name }));
  const byName = new Map(workspaces.map((w) => [w.name, w]));
  const graphs = { files: new Map(), folders: new Map(), packages: new Map() };
  const node = (graph, a) => graph.get(a) ?? graph.set(a, new Set()).get(a);
  const rel = (path) => relative(root, path);
  const ledgerSrc = join(root, 'apps/bet-ledger/src');
  /** [from, to, file] between the ledger's top-level source folders. */
  const ledgerImports = [];
  const ledgerFolder = (path) => {
    const inside = relative(ledgerSrc, path);
    if (inside.startsWith('..')) return undefined;
    const parts = inside.split(/[\\/]/);
    return parts.length > 1 ? parts[0] : '.';
  };

  for (const w of workspaces) {
    node(graphs.packages, w.name);
    for (const file of ['src', 'test'].flatMap((sub) => tsFiles(join(root, w.dir, sub)))) {
      const folder = rel(dirname(file));
      node(graphs.folders, folder);
      const imports = node(graphs.files, rel(file));
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      for (const { fileName: spec } of importedFiles) {
        if (spec.startsWith('.')) {
          const target = resolveRelative(file, spec);
          if (!target) continue;
          imports.add(rel(target));
          const [from, to] = [ledgerFolder(file), ledgerFolder(target)];
          if (from !== undefined && to !== undefined && from !== to)
            ledgerImports.push([from, to, rel(file)]);
          if (rel(dirname(target)) !== folder) node(graphs.folders, folder).add(rel(dirname(target)));
        } else if (spec.startsWith('@casino/')) {
          const target = byName.get(spec.split('/').slice(0, 2).join('/'));
          if (target && target !== w) node(graphs.packages, w.name).add(target.name);
        }
      }
    }
  }

  let found = 0;
  for (const [label, graph] of Object.entries(graphs)) {
    const cycles = findCycles(graph);
    found += cycles.length;
    if (cycles.length) console.log(`import cycles between ${label}: ${cycles.length}`);
    for (const cycle of cycles) console.log(`  ${cycle.join(' -> ')}`);
  }
  const violations = layerViolations(ledgerImports, LEDGER_LAYERS);
  if (violations.size) console.log(`ledger layer violations (docs/architecture.md): ${violations.size}`);
  for (const [edge, files] of violations) console.log(`  ${edge}: ${files.join(', ')}`);
  found += violations.size;
  const sizes = `${graphs.files.size} files, ${graphs.folders.size} folders, ${graphs.packages.size} packages`;
  if (!found) return console.log(`import cycles: none (${sizes})`);
  console.log(`import cycles: ${found} found (${sizes})${warnOnly ? '; --warn-only, not failing' : ''}`);
  process.exit(warnOnly ? 0 : 1);
}

const args = process.argv.slice(2);
if (args.includes('--self-test')) selfTest();
else if (process.argv[1] === fileURLToPath(import.meta.url)) main(args.includes('--warn-only'));
