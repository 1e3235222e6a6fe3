#!/usr/bin/env node
// Runs every case of a vectors file through the package and compares each
// answer with the Rust host's, byte for byte:
//
//   node scripts/run-vectors.mjs <vectors.json>
//
// Prints each difference, then `N passed, N failed` on a line by itself; exits
// 1 on any difference, 2 on a usage error.

import { load } from '../src/index.js';
import { readVectors, runCase } from './vectors.mjs';

const path = process.argv[2];
if (!path || process.argv.length > 3) {
  console.error('usage: node scripts/run-vectors.mjs <vectors.json>');
  process.exit(2);
}

const cases = await readVectors(path);
const ts = await load();
let passed = 0;
let failed = 0;
const started = performance.now();
for (const c of cases) {
  const { got, want } = runCase(ts, c);
  if (got === want) {
    passed += 1;
  } else {
    failed += 1;
    console.log(`FAIL ${c.id}\n  want ${want}\n  got  ${got}`);
  }
}
const ms = performance.now() - started;
console.log(`${cases.length} vectors from ${path} in ${ms.toFixed(0)} ms (instance restarts: ${ts.restarts})`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
