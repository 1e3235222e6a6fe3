// The Node side of `make bench`: ajv (draft 2020-12, allErrors, with
// ajv-formats; on invalid arguments every error is rendered as text with
// ajv.errorsText, as our core renders every message) and the jco package
// (@onellm/tool-schema, js/), in this one long-running process. bench/src/worker.rs drives it, one JSON object a line
// each way; every loop is timed here, so the pipe is not measured.
//
//   node bench/node/worker.mjs bench/data
//   node --cpu-prof bench/node/worker.mjs bench/data --profile ITEM CONTENDER SECONDS
//
// The second form runs one contender on one item for that long, for a
// profiler (bench/README.md, "Where the time goes").

import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const dataDir = process.argv[2];
const require = createRequire(import.meta.url);
const now = () => process.hrtime.bigint();
const sinceNs = (t) => Number(now() - t);

// The package, timed from its import: compiling the core modules and the first instance.
let t = now();
// TOOL_SCHEMA_BENCH_JS: another copy of the package (bench/profile.sh uses one
// over a component that keeps its function names).
const ts = await import(process.env.TOOL_SCHEMA_BENCH_JS ? pathToFileURL(process.env.TOOL_SCHEMA_BENCH_JS).href : '../../js/src/index.js');
const tool = await ts.load();
const loadNs = sinceNs(t);

const Ajv2020 = require('ajv/dist/2020').default;
const addFormats = require('ajv-formats').default;

const read = (name) => readFileSync(join(dataDir, name), 'utf8');
const manifest = JSON.parse(read('manifest.json'));
const schemaTexts = new Map();
const inputs = new Map();
for (const i of manifest.inputs) {
  if (!schemaTexts.has(i.schema)) schemaTexts.set(i.schema, read(i.schema));
  inputs.set(i.id, { schema: i.schema, args: read(i.args), valid: i.valid });
}
const descriptor = read(manifest.describe);
const downSchema = read(manifest.downconvert.schema);
const downTarget = manifest.downconvert.target;
const emptyArg = manifest.empty.arg;

// First call after start: a one-shot validate-args on the 1.5 KB valid arguments.
const firstId = [...inputs.keys()].find((k) => k.endsWith('1.5kb-valid')) ?? [...inputs.keys()][0];
const firstInput = inputs.get(firstId);
t = now();
tool.validateArgs(schemaTexts.get(firstInput.schema), firstInput.args);
const firstCallNs = sinceNs(t);

// ajv: one instance, every schema compiled once.
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const ajvValidators = new Map();
for (const [name, text] of schemaTexts) ajvValidators.set(name, ajv.compile(JSON.parse(text)));

// The package: one validator per schema, kept.
const validators = new Map();
for (const [name, text] of schemaTexts) validators.set(name, tool.compile(text));

const errorsText = (e) => e.errors.map((x) => `${x.path}\t${x.keyword}\t${x.message}`).join('\n');

// ajv on one argument text: parse, validate collecting every error
// (allErrors), and on failure render every error as text, one a line, with
// ajv's own errorsText: our core answers every error as a rendered sentence,
// so ajv's error objects alone would be less work than the same answer. The
// timed form (`ajvCall`) keeps only the length of the text, so that the
// rendering cannot be skipped and nothing is allocated on the valid path.
let rendered = 0;
function ajvCall(i) {
  let value;
  try {
    value = JSON.parse(i.args);
  } catch {
    return false;
  }
  const v = ajvValidators.get(i.schema);
  if (v(value)) return true;
  rendered += ajv.errorsText(v.errors, { separator: '\n' }).length;
  return false;
}

// The same, with the text and the number of errors, for the checks.
function ajvValidate(i) {
  let value;
  try {
    value = JSON.parse(i.args);
  } catch {
    return { ok: false, text: 'invalid JSON' };
  }
  const v = ajvValidators.get(i.schema);
  if (v(value)) return { ok: true, text: null };
  return { ok: false, text: ajv.errorsText(v.errors, { separator: '\n' }), count: v.errors.length };
}

// Each contender: `check` gives {verdict, answer}, `call` the verdict only (timed).
const contenders = {
  ajv: {
    label: `ajv ${require('ajv/package.json').version} (draft 2020-12, allErrors, ajv-formats; errors rendered with errorsText), Node`,
    groups: ['validate'],
    ours: false,
    call(item) {
      return ajvCall(inputs.get(item));
    },
    check(item) {
      const r = ajvValidate(inputs.get(item));
      if (!r.ok && !r.text) throw new Error(`ajv rendered no error for ${item}`);
      return { verdict: r.ok, answer: null };
    },
  },
  jco: {
    label: 'component, jco package (Node): Validator',
    groups: ['validate', 'ops', 'empty'],
    ours: true,
    call(item) {
      const i = inputs.get(item);
      if (i) return validators.get(i.schema).validate(i.args).ok;
      if (item === 'describe-tool') return tool.describeTool(descriptor).length > 0;
      if (item === 'downconvert') return tool.downconvert(downSchema, downTarget).schema.length > 0;
      if (item === 'empty') return tool.flattenDoc(emptyArg).length > 0;
      throw new Error(`unknown item ${item}`);
    },
    check(item) {
      const i = inputs.get(item);
      if (i) {
        const r = validators.get(i.schema).validate(i.args);
        return r.ok ? { verdict: true, answer: `ok\n${r.text}` } : { verdict: false, answer: `errors\n${errorsText(r)}` };
      }
      if (item === 'describe-tool') return { verdict: true, answer: tool.describeTool(descriptor) };
      if (item === 'downconvert') return { verdict: true, answer: tool.downconvert(downSchema, downTarget).schema };
      if (item === 'empty') return { verdict: true, answer: tool.flattenDoc(emptyArg) };
      throw new Error(`unknown item ${item}`);
    },
  },
};

let sink = 0;
function run(c, item, iters) {
  const f = contenders[c];
  let ok = 0;
  const start = now();
  for (let k = 0; k < iters; k++) if (f.call(item)) ok++;
  const ns = sinceNs(start);
  sink += ok;
  return ns;
}

// Start-up, repeated: `load()` again reuses the compiled core modules, so it
// is an instantiation; then the first and second call on that instance.
async function startup() {
  const rows = { instantiate: [], first: [], second: [], firstEmpty: [] };
  const schema = schemaTexts.get(firstInput.schema);
  for (let k = 0; k < 20; k++) {
    let t0 = now();
    const fresh = await ts.load();
    rows.instantiate.push(sinceNs(t0));
    t0 = now();
    fresh.validateArgs(schema, firstInput.args);
    rows.first.push(sinceNs(t0));
    t0 = now();
    fresh.validateArgs(schema, firstInput.args);
    rows.second.push(sinceNs(t0));
    const other = await ts.load();
    t0 = now();
    other.flattenDoc('x');
    rows.firstEmpty.push(sinceNs(t0));
  }
  const id = firstId;
  return [
    { what: 'instantiate (load() again: the compiled core modules are reused)', ns: rows.instantiate },
    { what: 'first call on a fresh instance: flattenDoc("x")', ns: rows.firstEmpty },
    { what: `first call on a fresh instance: validateArgs, ${id}`, ns: rows.first },
    { what: `second call, same instance: validateArgs, ${id}`, ns: rows.second },
  ];
}

if (process.argv[3] === '--profile') {
  const [item, c, seconds] = process.argv.slice(4);
  const end = now() + BigInt(Math.round(Number(seconds) * 1e9));
  let calls = 0;
  let ns = 0;
  while (now() < end) {
    ns += run(c, item, 20);
    calls += 20;
  }
  console.log(`${calls} calls of ${c} on ${item}, ${(ns / calls / 1e3).toFixed(1)} µs a call`);
  process.exit(0);
}

// How many errors each reports on the invalid inputs: ajv (allErrors) and our
// package, which answers the core's errors.
const errorCounts = [];
for (const [id, i] of inputs) {
  if (i.valid) continue;
  const a = ajvValidate(i);
  const r = validators.get(i.schema).validate(i.args);
  const ours = r.ok ? 0 : r.errors.length;
  errorCounts.push(`${id} ${a.count ?? '?'} (ours ${ours})`);
}

const send = (v) => process.stdout.write(JSON.stringify(v) + '\n');
send({
  contenders: Object.entries(contenders).map(([id, c]) => ({ id, label: c.label, host: 'node', groups: c.groups, ours: c.ours })),
  notes: [
    `Errors reported on the invalid arguments by ajv (allErrors, each rendered with errorsText), and by our core: ${errorCounts.join('; ')}.`,
  ],
  versions: {
    Node: process.version,
    'V8': process.versions.v8,
    ajv: require('ajv/package.json').version,
    'ajv-formats': require('ajv-formats/package.json').version,
    jco: JSON.parse(readFileSync(new URL('../../js/node_modules/@bytecodealliance/jco/package.json', import.meta.url), 'utf8')).version,
  },
  startup: [
    { what: 'import the package + load(): compile the core modules, first instance (once per process)', ns: [loadNs] },
    { what: `first call after load(): validateArgs, ${firstId}`, ns: [firstCallNs] },
  ],
});

const rl = createInterface({ input: process.stdin });
for await (const line of rl) {
  let req;
  try {
    req = JSON.parse(line);
    if (req.op === 'quit') break;
    if (req.op === 'check') send(contenders[req.contender].check(req.item));
    else if (req.op === 'run') send({ ns: run(req.contender, req.item, req.iters) });
    else if (req.op === 'startup') send({ rows: await startup() });
    else send({ error: `unknown op ${req.op}` });
  } catch (e) {
    send({ error: `${req?.op ?? '?'} ${req?.contender ?? ''} ${req?.item ?? ''}: ${e?.stack ?? e}` });
  }
}
if (sink < 0 || rendered < 0) console.error(sink, rendered);
process.exit(0);
