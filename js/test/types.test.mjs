// The TypeScript types: they declare exactly what the module exports, and a
// program using the package type-checks (test/types/usage.ts, with
// `@ts-expect-error` where the types must refuse a wrong call).

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as pkg from '../src/index.js';

const js = fileURLToPath(new URL('../', import.meta.url));

test('index.d.ts declares every export of index.js, and nothing else', async () => {
  const dts = await readFile(new URL('../src/index.d.ts', import.meta.url), 'utf8');
  const declared = [...dts.matchAll(/^export declare (?:class|function|const) (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declared, Object.keys(pkg).sort());
});

test('a program using the package type-checks with tsc --strict', async () => {
  const tsc = `${js}node_modules/.bin/tsc`;
  const run = promisify(execFile);
  try {
    await run(tsc, ['-p', 'test/types/tsconfig.json'], { cwd: js });
  } catch (e) {
    assert.fail(`tsc found errors:\n${e.stdout}${e.stderr}`);
  }
});

test('a program using the framework adapters type-checks with tsc --strict, with the frameworks\' types', async () => {
  const tsc = `${js}node_modules/.bin/tsc`;
  const run = promisify(execFile);
  try {
    await run(tsc, ['-p', 'test/types/tsconfig.adapters.json'], { cwd: js });
  } catch (e) {
    assert.fail(`tsc found errors:\n${e.stdout}${e.stderr}`);
  }
});

test('each adapter\'s .d.ts declares every export of its module, and nothing else', async () => {
  for (const name of ['ai-sdk', 'mcp', 'openai-agents']) {
    const dts = await readFile(new URL(`../src/${name}.d.ts`, import.meta.url), 'utf8');
    const declared = [
      ...[...dts.matchAll(/^export declare (?:class|function|const) (\w+)/gm)].map((m) => m[1]),
      ...[...dts.matchAll(/^export \{([^}]*)\} from/gm)].flatMap((m) => m[1].split(',').map((s) => s.trim())),
    ].sort();
    const module = await import(`../src/${name}.js`);
    assert.deepEqual(declared, Object.keys(module).sort(), name);
  }
});
