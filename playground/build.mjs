// Assembles the static playground in dist/: the page (src/), the package
// (../js/src and the bindings jco generated in ../js/gen), and the examples
// (../examples: the JSON ones and the C# ones, listed in examples/index.json).
// Everything the page needs is in dist/, so it works offline.
//
//   node build.mjs [out-dir]     (default dist; `make playground` runs it)

import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = process.argv[2] ?? here('dist');
const gen = here('../js/gen/');

if (!existsSync(`${gen}component.json`)) {
  console.error(`error: ${gen} has no transpiled bindings: run \`make js\` first`);
  process.exit(1);
}
const manifest = JSON.parse(await readFile(`${gen}component.json`, 'utf8'));

await rm(out, { recursive: true, force: true });
await mkdir(`${out}/tool-schema/src`, { recursive: true });
await cp(here('src'), out, { recursive: true });
// The package as the browser loads it: its modules and the core modules
// (type declarations are for editors, not for the page).
for (const name of await readdir(here('../js/src'))) {
  if (name.endsWith('.js')) await cp(here(`../js/src/${name}`), `${out}/tool-schema/src/${name}`);
}
await mkdir(`${out}/tool-schema/gen`, { recursive: true });
for (const name of manifest.files) {
  if (name.endsWith('.js') || name.endsWith('.wasm')) await cp(`${gen}${name}`, `${out}/tool-schema/gen/${name}`);
}
await mkdir(`${out}/examples`, { recursive: true });
const csharp = [];
for (const name of (await readdir(here('../examples'))).sort()) {
  if (name.endsWith('.json') || name.endsWith('.cs')) await cp(here(`../examples/${name}`), `${out}/examples/${name}`);
  if (name.endsWith('.cs')) csharp.push(name);
}
// The C# examples, for the C# pane's buttons (it starts with get-docket.cs).
await writeFile(`${out}/examples/index.json`, JSON.stringify({ csharp }, null, 2) + '\n');
await writeFile(
  `${out}/build.json`,
  JSON.stringify({ component: manifest.sha256, bytes: manifest.bytes, jco: manifest.jco, exports: manifest.exports.map((e) => e.name) }, null, 2) + '\n',
);
console.log(`${out}: the playground, with the component ${manifest.sha256.slice(0, 12)} (${manifest.bytes} bytes)`);
