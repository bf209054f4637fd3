import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * `import-x/no-cycle` follows files, so two folders can still lean on each other through different
 * files. This rule sees the server as folders: each `modules/<name>`, each folder of `src/` (gateway,
 * lib, db …), and each file directly in `src/` or `modules/` on its own. An import is refused when the
 * folder it reaches leads back, through run-time imports, to the importing file's folder; the message
 * names the whole ring. Type-only imports do not count: they vanish at run time.
 *
 * The graph is read from the disk once per lint run (every file of `root`), so the rule knows the
 * imports of files it is not linting at the moment.
 */

const IMPORT =
  /(?:^|\n)[ \t]*(?:import|export)[ \t]+(type[ \t]+)?([^'";]*?)[ \t\n]*from[ \t]*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'migrations' && e.name !== 'node_modules') out.push(...sourceFiles(p));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
  return out;
}

function resolveSpec(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** The node a file belongs to: `modules/<name>`, a folder of src/, or the file itself when it sits at the top. */
function folderOf(root, file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'modules' && parts.length > 2) return `modules/${parts[1]}`;
  if (parts[0] !== 'modules' && parts.length > 1) return parts[0];
  return parts.join('/');
}

const typeOnly = (named) => {
  const m = /^\{([^}]*)\}$/.exec(named.trim());
  if (!m) return false;
  const names = m[1]
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return names.length > 0 && names.every((n) => n.startsWith('type '));
};

function readGraph(root) {
  /** @type {Map<string, Map<string, string>>} folder → folder → one file-level import that makes the edge */
  const edges = new Map();
  for (const file of sourceFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      if (m[1] || (m[2] && typeOnly(m[2]))) continue;
      const target = resolveSpec(file, m[3] ?? m[4]);
      if (!target) continue;
      const a = folderOf(root, file);
      const b = folderOf(root, target);
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Map());
      if (!edges.get(a).has(b)) edges.get(a).set(b, `${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  return edges;
}

/** The shortest way from `from` back to `to`, or null when there is none. */
function pathBack(edges, from, to) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const at = queue.shift();
    if (at === to) {
      const path = [];
      for (let n = at; n !== null; n = prev.get(n)) path.unshift(n);
      return path;
    }
    for (const next of edges.get(at)?.keys() ?? []) {
      if (!prev.has(next)) {
        prev.set(next, at);
        queue.push(next);
      }
    }
  }
  return null;
}

const graphs = new Map();

export default {
  meta: {
    type: 'problem',
    docs: { description: 'no import cycles between the folders of a source tree' },
    schema: [
      { type: 'object', properties: { root: { type: 'string' } }, required: ['root'], additionalProperties: false },
    ],
    messages: {
      cycle:
        'Folder cycle: {{ring}} ({{back}}). Move what both need down (lib/, a small shared module), or invert the call with an event or a function passed in through Deps.',
    },
  },
  create(context) {
    const root = resolve(context.options[0].root);
    const file = context.filename;
    if (!file.startsWith(root + sep)) return {};
    if (!graphs.has(root)) graphs.set(root, readGraph(root));
    const edges = graphs.get(root);
    const here = folderOf(root, file);

    const check = (node, source, isType) => {
      if (isType || !source || typeof source.value !== 'string') return;
      const target = resolveSpec(file, source.value);
      if (!target) return;
      const there = folderOf(root, target);
      if (there === here) return;
      const back = pathBack(edges, there, here);
      if (!back) return;
      const steps = back.slice(1).map((n, i) => edges.get(back[i]).get(n));
      context.report({ node, messageId: 'cycle', data: { ring: [here, ...back].join(' → '), back: steps.join('; ') } });
    };
    const allTypes = (node) =>
      node.importKind === 'type' ||
      node.exportKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type' || s.exportKind === 'type'));

    return {
      ImportDeclaration: (node) => check(node, node.source, allTypes(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, allTypes(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};
