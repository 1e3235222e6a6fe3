// Transpiles the component into the package's generated bindings:
//
//   node scripts/build.mjs <component.wasm> <out-dir>
//
// jco turns the component into an ES module (`tool-schema.js`, with `.d.ts`
// files) and the core WebAssembly modules it instantiates. `--instantiation
// async` makes the module export `instantiate()` instead of instantiating
// itself on import, so the wrapper can make a fresh instance after a trap.
// The component imports nothing, so the bindings need no WASI shim: the build
// fails if jco reports any import. Two fixes are made to what jco writes (see
// `ownItems` and `noThrowingProbe`). `component.json` records what was built from (the component's
// SHA-256), the fixes made, and its exports; a second run with the same
// component, the same jco and the same fixes leaves the output as it is.

import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { transpile } from '@bytecodealliance/jco';

const [componentPath, outDir] = process.argv.slice(2);
if (!componentPath || !outDir) {
  console.error('usage: node scripts/build.mjs <component.wasm> <out-dir>');
  process.exit(2);
}

// jco's package.json is not among its exports; read it beside this package's copy.
const jcoPackage = new URL('../node_modules/@bytecodealliance/jco/package.json', import.meta.url);
const jcoVersion = JSON.parse(await readFile(jcoPackage, 'utf8')).version;

let component;
try {
  component = await readFile(componentPath);
} catch (e) {
  console.error(`error: cannot read the component ${componentPath} (run \`make component\`): ${e.message}`);
  process.exit(1);
}
const sha256 = createHash('sha256').update(component).digest('hex');
const manifestPath = join(outDir, 'component.json');

// jco 1.35 lifts a list of resources (`tool.from-descriptor`'s answer) in a
// loop that declares each item and its handle with `var`, so the dispose
// closure of every item shares the loop's last binding: disposing any item
// of the list frees the last one (and, once that is gone, fails), never the
// item itself. Declared with `let`, each item's closure has its own.
// (test/tools.test.mjs frees each tool of a class descriptor in turn.)
const LIST_ITEM = /^([ \t]*)var (handle\d+) = (dataView\(memory\d+\)\.getInt32\(base \+ 0, true\);\n)\1var (rsc\d+) = /gm;

// jco 1.35 wraps each post-return function with `WebAssembly.promising` in a
// try/catch, once per instantiation. Where there is no JSPI (Node 20), every
// one throws a TypeError, and V8 words "… is not a function" by parsing the
// whole function around the call again: here the one generator that holds
// every export, so the twelve throws took about 40 ms of each instantiation.
// The probe is made only where `WebAssembly.promising` exists; the fallback
// is what the catch gave.
const PROMISING = /^([ \t]*)try \{\n\1  (\w+) = WebAssembly\.promising\((.+)\);\n\1\} catch\(err\) \{\n\1  \2 = \3;\n\1\}$/gm;

const FIXES = [
  'ownItems: each resource lifted from a list is declared with let, so that its dispose frees it',
  'noThrowingProbe: WebAssembly.promising is called only where it exists',
];

function ownItems(source) {
  return source.replace(LIST_ITEM, (_, indent, handle, read, rsc) => `${indent}let ${handle} = ${read}${indent}let ${rsc} = `);
}

function noThrowingProbe(source) {
  return source.replace(
    PROMISING,
    (_, indent, name, fn) =>
      `${indent}${name} = ${fn};\n${indent}if (typeof WebAssembly.promising === 'function') {\n` +
      `${indent}  try {\n${indent}    ${name} = WebAssembly.promising(${fn});\n${indent}  } catch (err) {}\n${indent}}`,
  );
}

try {
  const previous = JSON.parse(await readFile(manifestPath, 'utf8'));
  if (previous.sha256 === sha256 && previous.jco === jcoVersion && JSON.stringify(previous.fixes) === JSON.stringify(FIXES)) {
    console.log(`${outDir}: up to date with ${componentPath} (${sha256.slice(0, 12)})`);
    process.exit(0);
  }
} catch {
  // No manifest yet (or an unreadable one): build.
}

const options = {
  name: 'tool-schema',
  instantiation: 'async',
  // The wrapper hands every core module to `instantiate()` itself, so the
  // bindings need neither `fetch` nor `node:fs`.
  nodejsCompat: false,
  // Never rewrite an import to @bytecodealliance/preview2-shim: there must be none.
  wasiShim: false,
  // Every core module as a file, none inlined as base64.
  base64Cutoff: 0,
  quiet: true,
};
const { files, imports, exports } = await transpile(component, { ...options });
if (imports.length > 0) {
  console.error(`error: ${componentPath} imports ${imports.join(', ')}; the component must import nothing`);
  process.exit(1);
}
const bindings = 'tool-schema.js';
files[bindings] = new TextEncoder().encode(noThrowingProbe(ownItems(new TextDecoder().decode(files[bindings]))));

await rm(outDir, { recursive: true, force: true });
for (const [name, bytes] of Object.entries(files)) {
  const path = resolve(outDir, name);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, bytes);
}
const manifest = {
  about: 'Generated by scripts/build.mjs; do not edit.',
  component: componentPath,
  sha256,
  bytes: component.length,
  jco: jcoVersion,
  options,
  fixes: FIXES,
  exports: exports.map(([name, kind]) => ({ name, kind })),
  files: Object.keys(files).sort(),
};
await writeFile(manifestPath, JSON.stringify(manifest, null, 2) + '\n');
console.log(
  `${outDir}: transpiled ${componentPath} (${component.length} bytes, ${sha256.slice(0, 12)}) with jco ${jcoVersion}: ` +
    `${Object.keys(files).length} files, exports ${exports.map(([n]) => n).join(', ')}`,
);
