// The CommonJS twin of one compiled ES module: the same text, with only its import and export statements
// rewritten (`import{a as b}from"./x.js"` → `const{a:b}=require("./x.js")`, `export{f}` → `exports.f=f` at
// the end). esbuild's own CommonJS output renames every imported binding (`(0,import_x.f)()`), so the twin
// differed from its ES module on every line that used one; npm packs a module's two copies side by side, and
// two texts that differ only in their first and last lines compress as one (issue 29: the package budget).
// The compiled modules have no import cycles, no `export *` and no live `let` exports (esbuild's transform
// has already turned re-exports into import + export), so reading the bindings once at require time is the
// same as ESM's live bindings. A dynamic import of a package named in the text (`import("pg")`, an optional
// peer loaded only when used) becomes `Promise.resolve().then(()=>require("pg"))`, as tsc's CommonJS output
// writes it: Jest's CommonJS loader has no dynamic import, and a peer that is CommonJS (pg is) loads either
// way. What a twin cannot express (import.meta, a dynamic import of a computed name) stops the build.
import { init, parse } from 'es-module-lexer';

await init;

/** `{a as b,c}` → `{a:b,c}` (a destructuring pattern). */
const pattern = (named) => named.replace(/\s+as\s+/g, ':');

export function commonJsTwin(code, file) {
  const [imports, exports] = parse(code, file);
  const edits = [];
  for (const entry of imports) {
    if (entry.d > -1 && entry.n !== undefined) {
      const text = `Promise.resolve().then(()=>require(${JSON.stringify(entry.n)}))`;
      edits.push({ from: entry.ss, to: entry.se, text });
      continue;
    }
    if (entry.d !== -1)
      throw new Error(`${file}: import.meta, or a dynamic import of a computed name, has no CommonJS twin`);
    const statement = code.slice(entry.ss, entry.se);
    const clause = /^import\s*([\s\S]*?)\s*from\s*["']/.exec(statement)?.[1];
    const source = JSON.stringify(entry.n);
    let replacement;
    if (clause === undefined)
      replacement = `require(${source})`; // import"./x.js"
    else if (clause.startsWith('{')) replacement = `const${pattern(clause)}=require(${source})`;
    else {
      const [, name, named] = /^([\w$]+)\s*(?:,\s*(\{[\s\S]*\}))?$/.exec(clause) ?? [];
      if (!name) throw new Error(`${file}: import clause not understood: ${statement}`);
      // A default import in Node's ES modules is a CommonJS package's module.exports: the same here.
      replacement = `const ${name}=require(${source})${named ? `,${pattern(named)}=${name}` : ''}`;
    }
    edits.push({ from: entry.ss, to: entry.se, text: replacement });
  }
  // Each `export{…}` clause: found from its first name back to the keyword, forward to its brace.
  const assignments = [];
  const clauses = new Set();
  for (const entry of exports) {
    if (entry.ln === undefined) throw new Error(`${file}: export ${entry.n} has no local binding`);
    assignments.push(`exports.${entry.n}=${entry.ln};`);
    const keyword = code.lastIndexOf('export', entry.s);
    if (!clauses.has(keyword)) {
      clauses.add(keyword);
      if (!/^export\s*\{/.test(code.slice(keyword))) throw new Error(`${file}: only export clauses are twinned`);
      const close = code.indexOf('}', keyword);
      edits.push({ from: keyword, to: close + 1 + (code[close + 1] === ';' ? 1 : 0), text: '' });
    }
  }
  edits.sort((a, b) => b.from - a.from);
  let out = code;
  for (const { from, to, text } of edits) out = out.slice(0, from) + text + out.slice(to);
  const head = '"use strict";';
  const tail = assignments.length
    ? `\nObject.defineProperty(exports,"__esModule",{value:!0});${assignments.join('')}\n`
    : '';
  return head + out + tail;
}
