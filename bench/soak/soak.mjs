// Memory soak test for the Node host (js/, jco). `make soak` runs it as
// `node bench/soak/soak.mjs` from the repository root after `make js`.
// It prints two JSON lines on stdout (progress goes to stderr):
//   loop "validate": one tool from examples/get-docket.json, validate() called
//     1,000,000 times with JSON text, valid and invalid alternately;
//   loop "tools": 100,000 tools made from a small schema, each used once and
//     dropped without free(): the package frees each inside the instance once
//     the garbage collector has collected it, and keeps at most
//     DEFAULT_MAX_LIVE_RESOURCES (1000) made at once (js/README.md, "Lifetime").
// Each line gives the process's RSS and the component instance's linear memory
// (`ts.memoryBytes`, as js/test/tools.test.mjs reads it) "before" (after a
// warm-up: the first 100,000 calls / 10,000 tools) and "after" (at the end),
// and the loop's wall time. Both loops use the same instance.
// Counts can be lowered for a quick run: SOAK_VALIDATE=N SOAK_TOOLS=N.
// On stderr, beside the progress: what is left made, how many were made again,
// and the size of V8's young generation (its new space) before and after each
// loop. V8 grows it as the bytes that survive its young collections add up,
// whatever keeps them (the tools loop takes it from 4 to 16 MiB), and the RSS
// counts that growth.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { setImmediate as tick } from 'node:timers/promises';
import { getHeapSpaceStatistics } from 'node:v8';

// V8 sizes its young generation (the new space) as it runs: it starts small
// and doubles it, up to a ceiling, each time the bytes that survived its
// young collections since the last doubling add up to its size, whatever
// holds them. The tools loop's resources are held until a collection has
// seen their owners go (js/src/index.js, "resources"), so V8 takes it from
// 4 to its ceiling of 16 MiB a semi-space during the loop: +10.5 MiB of RSS
// once, which is V8's sizing, not memory anything keeps. So that the soak
// reads what the package keeps, the young generation is fixed at that
// ceiling from the start (SOAK_V8_DEFAULTS=1 leaves V8's defaults, as
// `make soak` also runs it, for the record).
const SEMI_SPACE_MIB = 16;
const defaults = process.env.SOAK_V8_DEFAULTS === '1';

// `gc()` is needed to collect the dropped tools: re-exec with --expose-gc.
if (typeof globalThis.gc !== 'function') {
  const flags = ['--expose-gc'];
  if (!defaults) flags.push(`--min-semi-space-size=${SEMI_SPACE_MIB}`, `--max-semi-space-size=${SEMI_SPACE_MIB}`);
  const child = spawnSync(process.execPath, [...flags, fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: 'inherit' });
  if (child.error) throw child.error;
  process.exit(child.status ?? 1);
}

const { load } = await import('../../js/src/index.js');
const VALIDATE = Number(process.env.SOAK_VALIDATE ?? 1_000_000);
const TOOLS = Number(process.env.SOAK_TOOLS ?? 100_000);
const VALID = '{"caseId":"3f2504e0-4f89-11d3-9a0c-0305e82c3301","limit":5}';
const INVALID = '{"limit": 500}';
const SCHEMA = { type: 'object', properties: { q: { type: 'string', maxLength: 100 } }, required: ['q'] };

function fail(message) {
  process.stderr.write(`soak: ${message}\n`);
  process.exit(1);
}

async function collect() {
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await tick();
  }
}

const ts = await load();
const MiB = 1024 * 1024;
const newSpace = () => getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
const figures = () => ({ rss: process.memoryUsage().rss, memory: ts.memoryBytes, newSpace: newSpace() });
function report(loop, count, before, started) {
  const after = figures();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(JSON.stringify({ host: 'node', v8Defaults: defaults, semiSpaceMiB: defaults ? null : SEMI_SPACE_MIB, loop, count, rssBefore: before.rss, rssAfter: after.rss, memoryBefore: before.memory, memoryAfter: after.memory, newSpaceBefore: before.newSpace, newSpaceAfter: after.newSpace, seconds: Number(seconds.toFixed(3)) }));
  process.stderr.write(`${loop}: V8's new space ${(before.newSpace / MiB).toFixed(0)} MiB before, ${(after.newSpace / MiB).toFixed(0)} MiB after\n`);
}

// Loop 1: one tool, validate() many times (a count of 0 skips it).
if (VALIDATE > 0) {
  const tool = ts.tool(JSON.parse(readFileSync('examples/get-docket.json', 'utf8')));
  const warm = Math.min(100_000, VALIDATE);
  let before = figures();
  const started = process.hrtime.bigint();
  for (let i = 0; i < VALIDATE; i++) {
    const valid = i % 2 === 0;
    const r = tool.validate(valid ? VALID : INVALID);
    if (r.ok !== valid || (valid ? r.text !== VALID : r.errors.length !== 2)) fail(`validate call ${i}: unexpected answer ${JSON.stringify(r)}`);
    if (i + 1 === warm) before = figures();
    if ((i + 1) % 100_000 === 0) process.stderr.write(`validate: ${i + 1}\n`);
  }
  report('validate', VALIDATE, before, started);
  tool.free();
}

// Loop 2: many tools, each dropped for the garbage collector.
if (TOOLS > 0) {
  const warm = Math.min(10_000, TOOLS);
  let before = figures();
  const started = process.hrtime.bigint();
  for (let i = 0; i < TOOLS; i++) {
    const r = ts.tool({ name: 't', inputSchema: SCHEMA }).validate(`{"q":"${i}"}`);
    if (!r.ok || r.text !== `{"q":"${i}"}`) fail(`tool ${i}: unexpected answer ${JSON.stringify(r)}`);
    if (i + 1 === warm) before = figures();
    if ((i + 1) % 10_000 === 0) process.stderr.write(`tools: ${i + 1}\n`);
    // A server makes its tools between turns of the event loop, where
    // FinalizationRegistry callbacks run: let one pass every 1,000 tools.
    if ((i + 1) % 1_000 === 0) await tick();
  }
  await collect();
  ts.schemasCompiled(); // one more call, so releases queued for the next call happen
  report('tools', TOOLS, before, started);
  process.stderr.write(`tools: ${ts.liveResources} resources left alive, ${ts.remade} made again, ${ts.restarts} restarts\n`);
}
