// The generated bindings: built from the component the Rust host uses, free
// of any import (so of any WASI shim), and covered by the wrapper export by
// export, so an operation the component gains cannot go unexposed.

import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { test } from 'node:test';
import { Converted, Tool, ToolSchema, Validator } from '../src/index.js';
import { instantiate } from '../gen/tool-schema.js';

const js = new URL('../', import.meta.url);
const gen = new URL('gen/', js);
const manifest = JSON.parse(await readFile(new URL('component.json', gen), 'utf8'));

// Every way an ES module or a CommonJS file can load another.
const LOADS = [
  { what: 'a static import', re: /^\s*import\s*(?:[\w$*{][^;]*?\bfrom\s*)?['"]([^'"]+)['"]/gm },
  { what: 'an export from', re: /^\s*export\s[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm },
  { what: 'a dynamic import', re: /\bimport\s*\(\s*([^)]*)\)/g },
  { what: 'a require', re: /\brequire\s*\(\s*([^)]*)\)/g },
];

function loadsIn(source) {
  const found = [];
  for (const { what, re } of LOADS) for (const m of source.matchAll(re)) found.push(`${what} of ${m[1]}`);
  if (source.includes('preview2-shim')) found.push('a mention of preview2-shim');
  return found;
}

async function files(dir, ext) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile() && e.name.endsWith(ext)) out.push(`${e.parentPath ?? e.path}/${e.name}`);
  }
  return out;
}

test('the check for imports finds a WASI shim import and each way of loading a module', () => {
  const shimmed = [
    "import { environment, exit } from '@bytecodealliance/preview2-shim/cli';",
    "export { x } from './y.js';",
    "const fs = await import('node:fs/promises');",
    "const m = require('m');",
  ].join('\n');
  assert.deepEqual(loadsIn(shimmed), [
    "a static import of @bytecodealliance/preview2-shim/cli",
    "an export from of ./y.js",
    "a dynamic import of 'node:fs/promises'",
    "a require of 'm'",
    'a mention of preview2-shim',
  ]);
});

test('the generated bindings import nothing: no WASI shim, no node: module', async () => {
  const sources = await files(gen, '.js');
  assert.ok(sources.length > 0, 'gen/ has the transpiled module');
  for (const path of sources) assert.deepEqual(loadsIn(await readFile(path, 'utf8')), [], path);
  const types = await readFile(new URL('tool-schema.d.ts', gen), 'utf8');
  assert.match(types, /export interface ImportObject \{\s*\}/, 'the component wants no imports');
});

test('the package needs nothing at run time: no dependencies, only optional peers for the framework adapters', async () => {
  const pkg = JSON.parse(await readFile(new URL('package.json', js), 'utf8'));
  for (const field of ['dependencies', 'optionalDependencies', 'bundleDependencies']) {
    assert.equal(pkg[field], undefined, field);
  }
  // The frameworks the adapters fill are peers a user installs only for the
  // adapter they use: each optional, pinned exactly for the tests.
  const peers = Object.keys(pkg.peerDependencies ?? {}).sort();
  assert.deepEqual(peers, ['@modelcontextprotocol/sdk', '@openai/agents', 'ai']);
  for (const peer of peers) {
    assert.equal(pkg.peerDependenciesMeta?.[peer]?.optional, true, `${peer} is an optional peer`);
    assert.match(pkg.devDependencies[peer], /^\d+\.\d+\.\d+$/, `${peer} is pinned exactly for the tests`);
  }
  // Only an adapter's own subpath loads its framework: the package itself
  // (and what the adapters share) loads nothing but its own files, the
  // generated bindings and node: modules.
  const adapters = { 'ai-sdk.js': 'ai', 'mcp.js': '@modelcontextprotocol/sdk', 'openai-agents.js': '@openai/agents' };
  for (const path of await files(new URL('src/', js), '.js')) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    for (const found of loadsIn(await readFile(path, 'utf8'))) {
      const target = / of '?([^']+)'?$/.exec(found)?.[1] ?? found;
      const allowed = target.startsWith('./') || target.startsWith('../gen/') || target.startsWith('node:') || (adapters[name] && (target === adapters[name] || target.startsWith(`${adapters[name]}/`)));
      assert.ok(allowed, `${name}: ${found}`);
    }
  }
  // jco's own dependencies include the shim; jco is a build tool only, pinned
  // to the version that built gen/.
  assert.match(pkg.devDependencies['@bytecodealliance/jco'], /^\d+\.\d+\.\d+$/, 'an exact version');
  assert.equal(pkg.devDependencies['@bytecodealliance/jco'], manifest.jco);
});

test('gen/ was transpiled from the current target/component/tool_schema.wasm', async () => {
  const component = new URL('../target/component/tool_schema.wasm', js);
  assert.ok(existsSync(component), `${component.pathname} is missing: run \`make component\``);
  const sha256 = createHash('sha256').update(await readFile(component)).digest('hex');
  assert.equal(manifest.sha256, sha256, 'gen/ is stale: run `make js`');
  assert.equal(manifest.options.instantiation, 'async');
});

// What the wrapper calls each raw export, interface by interface. A resource
// is `{made, by}`: the wrapper's class that stands for it, with each of its
// methods, and what makes one (a method of ToolSchema or of another class).
const COVERED = {
  describe: {
    describeTool: 'describeTool',
    describeType: 'describeType',
    describeSource: 'describeSource',
    sourceDescriptor: 'sourceDescriptor',
    toolName: 'toolName',
    flattenDoc: 'flattenDoc',
  },
  validate: {
    validateArgs: 'validateArgs',
    defaultLimits: 'defaultLimits',
    Validator: { made: Validator, by: [ToolSchema, 'compile'] },
  },
  encode: { encodeResult: 'encodeResult' },
  downconvert: {
    // downconvert() reads downconvert-json; downconvert gives the same answer
    // as a list of records.
    downconvert: 'downconvert',
    downconvertJson: 'downconvert',
    restoreArgs: 'restoreArgs',
    providerProfile: 'providerProfile',
    providers: 'providers',
    budget: 'budget',
    budgetPlan: 'budgetPlan',
  },
  // Set by load({workBudget}) in every instance; read back by a getter.
  work: { setWorkBudget: { getter: 'workBudget' }, workBudget: { getter: 'workBudget' } },
  tools: {
    schemasCompiled: 'schemasCompiled',
    Tool: { made: Tool, by: [ToolSchema, 'tool'] },
    Converted: { made: Converted, by: [Tool, 'convert'] },
  },
};

// A member of a class's prototype: a method, or a getter (a tool's `info`, a
// converted schema's `schema`, …).
function hasMember(cls, name) {
  const member = Object.getOwnPropertyDescriptor(cls.prototype, name);
  return typeof member?.value === 'function' || typeof member?.get === 'function';
}

test('no probe of WebAssembly.promising can throw while instantiating: each is guarded', async () => {
  // Each throw made V8 parse the whole generated instantiation function
  // again to word its message: about 40 ms of every instantiation.
  const source = await readFile(new URL('tool-schema.js', gen), 'utf8');
  const calls = [...source.matchAll(/^(.*)WebAssembly\.promising\(/gm)];
  assert.ok(calls.length > 0, 'jco wraps post-return functions with WebAssembly.promising');
  for (const call of calls) {
    const before = source.slice(0, call.index).trimEnd().split('\n').slice(-2).join('\n');
    assert.match(before, /if \(typeof WebAssembly\.promising === 'function'\) \{\s*try \{$/, `an unguarded probe:\n${before}\n${call[0]}`);
  }
  assert.ok(manifest.fixes.some((f) => f.startsWith('noThrowingProbe')), 'component.json lists the fix');
});

test('the wrapper exposes every export of the component', async () => {
  const root = await instantiate(async (name) => WebAssembly.compile(await readFile(new URL(name, gen))), {});
  const interfaces = Object.keys(root).filter((k) => !k.includes(':'));
  for (const name of interfaces) {
    assert.ok(name in COVERED, `the component exports the interface '${name}', which the package does not expose yet`);
    for (const [fn, value] of Object.entries(root[name])) {
      const method = COVERED[name][fn];
      assert.ok(method, `${name}.${fn} is not exposed by the package`);
      if (typeof method === 'string') {
        assert.equal(typeof ToolSchema.prototype[method], 'function', `ToolSchema.prototype.${method}`);
      } else if (method.getter) {
        const getter = Object.getOwnPropertyDescriptor(ToolSchema.prototype, method.getter)?.get;
        assert.equal(typeof getter, 'function', `ToolSchema.prototype.${method.getter} is a getter`);
      } else {
        // A resource: made by a method, and each of its methods on the wrapper's class.
        assert.equal(typeof value, 'function', `${name}.${fn} is a resource`);
        const [maker, by] = method.by;
        assert.equal(typeof maker.prototype[by], 'function', `${maker.name}.prototype.${by} makes a ${fn}`);
        for (const m of Object.getOwnPropertyNames(value.prototype).filter((m) => m !== 'constructor')) {
          assert.ok(hasMember(method.made, m), `${fn}.prototype.${m} is not exposed by ${method.made.name}`);
        }
      }
    }
  }
  assert.deepEqual(interfaces.sort(), Object.keys(COVERED).sort(), 'every interface the wrapper covers is exported');
  assert.deepEqual(
    manifest.exports.map((e) => e.name).filter((n) => !n.includes(':')).sort(),
    interfaces.sort(),
  );
});
