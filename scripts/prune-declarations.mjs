// Keeps only the declarations a consumer's compiler can reach. tsc writes a .d.ts for every source file;
// the types of the package's entries (package.json `exports`) import a part of them, and the rest (each
// check's own file, the CLI's internals…) no consumer's type checker ever opens. Walking the entries'
// imports (`from '…'`, `import('…')`) and deleting the others keeps the tarball inside its budget
// (test/package/tarball.test.ts) without touching the JavaScript.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** Relative module specifiers of a declaration file: `from './x.ts'`, `import('../y.js')`. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\(\s*)['"](\.{1,2}\/[^'"\n]*)['"]/g;

/** The .d.ts a relative specifier in `from` names (`./x.ts`, `./x.js` and `./x` all mean ./x.d.ts). */
function declarationOf(from, specifier) {
  const path = resolve(dirname(from), specifier);
  return path.endsWith('.d.ts') ? path : `${path.replace(/\.(ts|js|mjs|cjs)$/, '')}.d.ts`;
}

/** Every ESM `types` path of package.json's exports (the CommonJS ones are copies made afterwards). */
function entryDeclarations(root, exports) {
  const found = new Set();
  const visit = (value, key) => {
    if (typeof value === 'string') {
      if (value.endsWith('.d.ts') && !value.includes('/cjs/') && key !== 'require') found.add(resolve(root, value));
    } else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  visit(exports);
  return [...found];
}

/** Deletes the declarations below `dist` that no entry reaches; returns how many were kept and deleted. */
export function pruneDeclarations(root, dist, exports) {
  const reached = new Set();
  const queue = entryDeclarations(root, exports);
  while (queue.length) {
    const file = queue.pop();
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER))
      queue.push(declarationOf(file, specifier));
  }
  let deleted = 0;
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !entry.name.endsWith('.d.ts') || reached.has(resolve(file))) continue;
    rmSync(file);
    deleted += 1;
  }
  return { kept: reached.size, deleted };
}

/** `require('./x.js')` in esbuild's CommonJS output (the only form it writes: no computed requires). */
const REQUIRE = /\brequire\(\s*['"](\.{1,2}\/[^'"\n]*)['"]\s*\)/g;

/**
 * The same walk for the CommonJS copies (dist/cjs): from each `require` entry of package.json's exports,
 * along `require('./…')`, deleting the JavaScript no entry reaches (modules only the CLI loads, and modules
 * of types alone, which esbuild still writes as an empty shell). Their declarations stay: types import them.
 */
export function pruneCommonJs(root, dist, exports) {
  const reached = new Set();
  const queue = [];
  const visit = (value) => {
    if (typeof value === 'string') {
      if (value.includes('/cjs/') && value.endsWith('.js')) queue.push(resolve(root, value));
    } else if (value && typeof value === 'object') for (const v of Object.values(value)) visit(v);
  };
  visit(exports);
  while (queue.length) {
    const file = queue.pop();
    if (reached.has(file) || !existsSync(file)) continue;
    reached.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(REQUIRE))
      queue.push(resolve(dirname(file), specifier));
  }
  let deleted = 0;
  for (const entry of readdirSync(join(dist, 'cjs'), { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (!entry.isFile() || !entry.name.endsWith('.js') || reached.has(resolve(file))) continue;
    rmSync(file);
    deleted += 1;
  }
  return { kept: reached.size, deleted };
}
