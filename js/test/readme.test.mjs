// The package as a Node user gets it: `npm pack`, the tarball installed into
// an empty project (offline: the package has no dependencies), and the
// README's examples run there (its five lines, the Tools section's and the
// Request surfaces section's), each printing exactly the output the README
// shows.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const js = fileURLToPath(new URL('../', import.meta.url));
let dir;
let packed;
let project = null;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tool-schema-readme-'));
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: js });
  [packed] = JSON.parse(stdout);
});

after(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the tarball holds the wrapper, its types and the generated bindings, and nothing else', async () => {
  const files = packed.files.map((f) => f.path).sort();
  const gen = JSON.parse(await readFile(new URL('../gen/component.json', import.meta.url), 'utf8'));
  const expected = [
    'README.md',
    'package.json',
    'src/adapt.d.ts',
    'src/adapt.js',
    'src/ai-sdk.d.ts',
    'src/ai-sdk.js',
    'src/index.d.ts',
    'src/index.js',
    'src/mcp.d.ts',
    'src/mcp.js',
    'src/openai-agents.d.ts',
    'src/openai-agents.js',
    'src/instance.js',
    'src/memory.js',
    'src/worker.js',
    'gen/component.json',
    ...gen.files.map((f) => `gen/${f}`),
  ].sort();
  assert.deepEqual(files, expected);
});

// The example of a README section and the output it shows.
async function readmeExample(from, to) {
  const readme = await readFile(new URL('../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf(from), readme.indexOf(to));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  const shown = /```console\n([\s\S]*?)```/.exec(section)?.[1];
  assert.ok(code && shown, `the README's section ${from} has the example and its output`);
  return { code, shown };
}

// Runs `code` in the project, once the tarball is installed there (the first
// test to run installs it).
async function runInProject(code) {
  project ??= await install();
  await writeFile(join(project, 'example.mjs'), code);
  const { stdout } = await run(process.execPath, ['example.mjs'], { cwd: project });
  return stdout;
}

async function install() {
  const project = join(dir, 'project');
  await run('mkdir', ['-p', project]);
  await writeFile(join(project, 'package.json'), '{"name": "readme-example", "private": true, "type": "module"}\n');
  await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', join(dir, packed.filename)], {
    cwd: project,
  });
  // Only the package itself was installed: no shim, no dependency at all.
  const installed = (await readdir(join(project, 'node_modules'))).filter((n) => !n.startsWith('.'));
  assert.deepEqual(installed, ['@onellm']);
  assert.deepEqual(await readdir(join(project, 'node_modules', '@onellm')), ['tool-schema']);
  // The Tools example reads the get-docket descriptor beside it.
  await copyFile(new URL('../../examples/get-docket.json', import.meta.url), join(project, 'get-docket.json'));
  return project;
}

test('the README example, run from the installed tarball, prints what the README shows', async () => {
  const { code, shown } = await readmeExample('## Install and call', '## The API');
  assert.equal(code.trim().split('\n').length, 5, 'five lines');
  assert.equal(await runInProject(code), shown);
});

test('the README’s Tools example, run from the installed tarball, prints what the README shows', async () => {
  const { code, shown } = await readmeExample('## Tools', '**u64 values are BigInt.**');
  assert.equal(await runInProject(code), shown);
});

test('the README’s Request surfaces example, run from the installed tarball, prints what the README shows', async () => {
  const { code, shown } = await readmeExample('## Request surfaces', '## Frameworks');
  assert.equal(await runInProject(code), shown);
});
