// A micro-benchmark of the jco package's call paths, for work on the Node
// host's own cost (bench/README.md): the empty call, the 1.5 KB valid
// arguments of both schemas through a Validator and a tool against ajv (the
// same calls `make bench` times), instantiation from the compiled modules,
// and the floor: the same three core calls (cabi_realloc, the export, its
// cabi_post_) made by hand against a core instance of the same modules.
//
//   taskset -c 1 node bench/node/micro.mjs [ROUNDS] [ITEM...]
//
// Each round times a batch of about 20 ms of each contender, interleaved;
// the medians over the rounds are printed (µs a call, and ours / ajv as a
// throughput ratio). TOOL_SCHEMA_BENCH_JS points at another copy of the
// package's src/index.js.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const rounds = Number(process.argv[2] ?? 11);
const only = process.argv.slice(3);
const indexUrl = process.env.TOOL_SCHEMA_BENCH_JS
  ? pathToFileURL(process.env.TOOL_SCHEMA_BENCH_JS).href
  : new URL('../../js/src/index.js', import.meta.url).href;
const pkg = await import(indexUrl);
const genUrl = new URL('../gen/tool-schema.js', indexUrl);
const { instantiate } = await import(genUrl.href);
const data = (name) => readFileSync(new URL(`../data/${name}`, import.meta.url), 'utf8');

const ts = await pkg.load();
const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);

// The floor: one core instance of the same modules, called by hand.
const modules = new Map();
for (const name of ['tool-schema.core.wasm', 'tool-schema.core2.wasm', 'tool-schema.core3.wasm']) {
  modules.set(name, new WebAssembly.Module(readFileSync(new URL(name, genUrl))));
}
let core = null;
// The rep of the last tool made in it (what its core functions take).
let lastToolRep = null;
const floorRoot = instantiate((n) => modules.get(n), {}, (m, imports) => {
  const tools = imports?.['[export]onellm:tool-schema/tools@0.2.0'];
  if (tools) {
    const make = tools['[resource-new]tool'];
    tools['[resource-new]tool'] = (rep) => {
      lastToolRep = rep;
      return make(rep);
    };
  }
  const i = new WebAssembly.Instance(m, imports);
  if (i.exports.memory instanceof WebAssembly.Memory) core = i.exports;
  return i;
});
const enc = new TextEncoder();
const dec = new TextDecoder();
const realloc = core.cabi_realloc;
const flatten = core['onellm:tool-schema/describe@0.2.0#flatten-doc'];
const flattenPost = core['cabi_post_onellm:tool-schema/describe@0.2.0#flatten-doc'];
let buffer = core.memory.buffer;
let u8 = new Uint8Array(buffer);
let i32 = new Int32Array(buffer);
function floorFlatten(s) {
  const max = s.length * 3;
  const ptr = realloc(0, 0, 1, max);
  if (core.memory.buffer !== buffer) {
    buffer = core.memory.buffer;
    u8 = new Uint8Array(buffer);
    i32 = new Int32Array(buffer);
  }
  const { written } = enc.encodeInto(s, u8.subarray(ptr, ptr + max));
  const ret = flatten(ptr, written);
  if (core.memory.buffer !== buffer) {
    buffer = core.memory.buffer;
    u8 = new Uint8Array(buffer);
    i32 = new Int32Array(buffer);
  }
  const out = dec.decode(u8.subarray(i32[ret >> 2], i32[ret >> 2] + i32[(ret >> 2) + 1]));
  flattenPost(ret);
  return out;
}
// tool.validate by hand: the argument text in, the bound arguments' text out
// (or the tag of `invalid`: its errors are not lifted).
const toolValidate = core['onellm:tool-schema/tools@0.2.0#[method]tool.validate'];
const toolValidatePost = core['cabi_post_onellm:tool-schema/tools@0.2.0#[method]tool.validate'];
function floorValidate(rep, s) {
  const n = s.length;
  const ptr = realloc(0, 0, 1, n);
  if (core.memory.buffer !== buffer) {
    buffer = core.memory.buffer;
    u8 = new Uint8Array(buffer);
    i32 = new Int32Array(buffer);
  }
  const { read } = enc.encodeInto(s, u8.subarray(ptr, ptr + n));
  if (read !== n) throw new Error('floorValidate takes ASCII text only');
  const ret = toolValidate(rep, ptr, n);
  if (core.memory.buffer !== buffer) {
    buffer = core.memory.buffer;
    u8 = new Uint8Array(buffer);
    i32 = new Int32Array(buffer);
  }
  const ok = u8[ret] === 0;
  const out = ok ? dec.decode(u8.subarray(i32[(ret + 4) >> 2], i32[(ret + 4) >> 2] + i32[(ret + 8) >> 2])) : null;
  toolValidatePost(ret);
  return out;
}
// Just the three wasm calls, nothing crossing but integers.
function floorCalls() {
  const ptr = realloc(0, 0, 1, 1);
  u8[ptr] = 0x78;
  const ret = flatten(ptr, 1);
  const len = i32[(ret >> 2) + 1];
  flattenPost(ret);
  return len;
}

const items = {};
items.empty = {
  'package flattenDoc("x")': () => ts.flattenDoc('x').length,
  'floor: realloc + encodeInto + call + decode + post': () => floorFlatten('x').length,
  'floor: the three wasm calls only': () => floorCalls(),
};
for (const name of ['place-order', 'query']) {
  const schema = data(`${name}.schema.json`);
  const args = data(`${name}-1.5kb-valid.json`);
  const validator = ts.compile(schema);
  const tool = ts.tool({ name: 't', inputSchema: schema });
  const ajvValidate = ajv.compile(JSON.parse(schema));
  floorRoot.tools.Tool.fromSchema('t', '', schema, undefined, undefined);
  const rep = lastToolRep;
  items[`${name}-1.5kb-valid`] = {
    ajv: () => {
      const v = JSON.parse(args);
      if (ajvValidate(v)) return true;
      return ajv.errorsText(ajvValidate.errors, { separator: '\n' }).length > 0;
    },
    'package Validator.validate': () => validator.validate(args).ok,
    'package tool.validate': () => tool.validate(args).ok,
    'floor: tool.validate by hand (core calls only)': () => floorValidate(rep, args) !== null,
  };
}
items.instantiate = { 'load() again (compiled modules reused)': null };

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

for (const [item, contenders] of Object.entries(items)) {
  if (only.length && !only.includes(item)) continue;
  if (item === 'instantiate') {
    const times = [];
    for (let r = 0; r < Math.max(rounds, 5) * 4; r++) {
      const t = process.hrtime.bigint();
      await pkg.load();
      times.push(Number(process.hrtime.bigint() - t) / 1e3);
    }
    console.log(`${item}: load() again: median ${median(times).toFixed(1)} µs (${times.length} loads)`);
    continue;
  }
  // Warm each up for 0.5 s (V8 tiers a function up over thousands of calls),
  // then calibrate it to ~20 ms a batch.
  const iters = {};
  for (const [name, f] of Object.entries(contenders)) {
    const end = process.hrtime.bigint() + 500_000_000n;
    while (process.hrtime.bigint() < end) for (let k = 0; k < 100; k++) f();
    let n = 100;
    for (;;) {
      const t = process.hrtime.bigint();
      for (let k = 0; k < n; k++) f();
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      if (ms > 5) {
        iters[name] = Math.max(1, Math.round((n * 20) / ms));
        break;
      }
      n *= 4;
    }
  }
  const per = Object.fromEntries(Object.keys(contenders).map((n) => [n, []]));
  const ratios = [];
  let sink = 0;
  for (let r = 0; r < rounds + 2; r++) {
    const round = {};
    for (const [name, f] of Object.entries(contenders)) {
      const n = iters[name];
      const t = process.hrtime.bigint();
      for (let k = 0; k < n; k++) if (f()) sink++;
      round[name] = Number(process.hrtime.bigint() - t) / n / 1e3;
    }
    if (r < 2) continue; // warm-up
    for (const n of Object.keys(round)) per[n].push(round[n]);
    if (round.ajv !== undefined) ratios.push(round);
  }
  console.log(`${item}:`);
  for (const [n, xs] of Object.entries(per)) {
    let line = `  ${n.padEnd(52)} ${median(xs).toFixed(3).padStart(8)} µs`;
    if (n !== 'ajv' && contenders.ajv) line += `   ours/ajv throughput ${median(ratios.map((x) => x.ajv / x[n])).toFixed(2)}×`;
    console.log(line);
  }
  if (sink < 0) console.log(sink);
}
