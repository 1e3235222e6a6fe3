// Summarises the .cpuprofile files `node --cpu-prof` wrote into a folder: the
// share of samples in the component's wasm code, in jco's generated glue, in
// the package's wrapper and in Node itself, then the functions with the most
// self time.
//
//   node bench/node/cpuprofile-summary.mjs DIR [TOP]

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const [dir, top = '15'] = process.argv.slice(2);

function category(frame) {
  const { url, functionName } = frame;
  if (url.startsWith('wasm') || url.includes('.wasm')) return 'the component (wasm code)';
  if (url.includes('/gen/')) {
    return functionName === '_debugLog'
      ? "jco glue: _debugLog (reads process.env.JCO_DEBUG on every call)"
      : 'jco glue: tasks, lifting and lowering';
  }
  if (url.includes('/js/src/')) return 'the package wrapper (js/src)';
  if (url.includes('bench/node')) return 'the benchmark loop';
  if (url.includes('node_modules/ajv')) return 'ajv';
  if (functionName === '(garbage collector)') return 'garbage collector';
  if (['(idle)', '(program)', '(root)'].includes(functionName)) return 'idle, program';
  return 'Node and V8 built-ins (JSON, TextEncoder, …)';
}

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const byCategory = new Map();
  const byFunction = new Map();
  for (const id of profile.samples) {
    const frame = nodes.get(id).callFrame;
    const c = category(frame);
    byCategory.set(c, (byCategory.get(c) ?? 0) + 1);
    const name = `${frame.functionName || '(anonymous)'}  ${frame.url.split('/').slice(-2).join('/')}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + 1);
  }
  const total = profile.samples.length;
  const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)}%`;
  console.log(`${file}: ${total} samples`);
  for (const [c, n] of [...byCategory].sort((a, b) => b[1] - a[1])) console.log(`${pct(n)}  ${c}`);
  console.log('self time by function:');
  for (const [f, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(top))) {
    console.log(`${pct(n)}  ${f.length > 140 ? `${f.slice(0, 137)}…` : f}`);
  }
}
