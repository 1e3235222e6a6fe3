// Every shared golden vector through the package: each answer must equal the
// Rust host's byte for byte. `make js-test` writes the vectors first
// (`make vectors`); TOOL_SCHEMA_VECTORS names another file.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { load } from '../src/index.js';
import { readVectors, runCase } from '../scripts/vectors.mjs';

const path =
  process.env.TOOL_SCHEMA_VECTORS ?? fileURLToPath(new URL('../../target/conformance/vectors.json', import.meta.url));
if (!existsSync(path)) {
  throw new Error(`${path} does not exist: run \`make vectors\` (or \`make js-test\`, which does)`);
}
const cases = await readVectors(path);
const ts = await load();
const ops = [...new Set(cases.map((c) => c.op))];

test('the vectors cover every operation', () => {
  assert.deepEqual([...ops].sort(), [
    'describe-source',
    'describe-tool',
    'describe-type',
    'downconvert',
    'encode-result',
    'provider-profile',
    'restore-args',
    'source-descriptor',
    'tool',
    'validate',
  ]);
});

for (const op of ops) {
  describe(op, () => {
    for (const c of cases.filter((c) => c.op === op)) {
      test(c.id, () => {
        const { got, want } = runCase(ts, c);
        assert.equal(got, want);
      });
    }
  });
}

test('no vector trapped', () => {
  assert.equal(ts.restarts, 0);
});
