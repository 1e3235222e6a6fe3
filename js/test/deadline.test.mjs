// `load({deadlineMs})`: the instance in a worker thread, each call bounded in
// time. Every golden vector answers byte for byte as on the calling thread;
// a call past its deadline throws DeadlineError, and the next call works on a
// fresh instance, with a Validator or a Tool made before it made again.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { thrown } from './thrown.mjs';
import { DeadlineError, DescribeError, ToolSchemaError, TrapError, load } from '../src/index.js';
import { readVectors, runCase } from '../scripts/vectors.mjs';

const SCHEMA = '{"type":"object","properties":{"n":{"type":"integer","maximum":10}},"required":["n"]}';
// Arguments that take a while to check: many items, each against ten
// patterns (anyOf: nine fail before the last matches), several times the
// deadlines below even once the engine has optimised the component's code.
const SLOW_PATTERNS = Array.from({ length: 10 }, (_, i) => ({ pattern: i === 9 ? '^(ab)+$' : `^(ab)+${'c'.repeat(i + 1)}$` }));
const SLOW_SCHEMA = JSON.stringify({ type: 'object', properties: { items: { type: 'array', items: { type: 'string', anyOf: SLOW_PATTERNS } } } });
const SLOW_ARGS = `{"items":[${Array(120_000).fill(`"${'ab'.repeat(40)}"`).join(',')}]}`;

describe('options', () => {
  test('deadlineMs must be a positive, finite number', async () => {
    await assert.rejects(load({ deadlineMs: '5' }), TypeError);
    for (const bad of [0, -1, Infinity, NaN]) await assert.rejects(load({ deadlineMs: bad }), RangeError);
  });

  test('without deadlineMs there is no worker thread and no deadline', async () => {
    assert.equal((await load()).deadlineMs, null);
    assert.equal((await load({ deadlineMs: 250 })).deadlineMs, 250);
  });
});

describe('every golden vector in a worker thread', async () => {
  const path =
    process.env.TOOL_SCHEMA_VECTORS ?? fileURLToPath(new URL('../../target/conformance/vectors.json', import.meta.url));
  if (!existsSync(path)) throw new Error(`${path} does not exist: run \`make vectors\``);
  const cases = await readVectors(path);
  const ts = await load({ deadlineMs: 10_000 });
  for (const op of [...new Set(cases.map((c) => c.op))]) {
    const these = cases.filter((c) => c.op === op);
    test(`${op}: ${these.length} vectors byte-identical`, () => {
      for (const c of these) {
        const { got, want } = runCase(ts, c);
        assert.equal(got, want, c.id);
      }
    });
  }
  test('no vector ran past the deadline or trapped', () => {
    assert.equal(ts.restarts, 0);
  });
});

describe('C# source in a worker thread', () => {
  test('describeSource answers, and refuses with every place, as on the calling thread', async () => {
    const local = await load();
    const bounded = await load({ deadlineMs: 10_000 });
    const files = [
      { path: 'Clock.cs', text: 'public partial class Clock\n{\n    [Tool] public string Now(string zone)\n    {\n        return "UTC;\n    }\n}\n' },
    ];
    const answer = bounded.describeSource(files);
    assert.deepEqual(answer, local.describeSource(files));
    assert.deepEqual(answer.warnings.map((w) => [w.code, w.file, w.line, w.column]), [['OLC001', 'Clock.cs', 5, 16]]);
    assert.equal(bounded.sourceDescriptor(files).json, local.sourceDescriptor(files).json);
    const refused = [{ path: 'Clock.cs', text: 'public class Clock\n{\n    [Tool] public string Now(Queue<int> zones) => "";\n}\n' }];
    const e = thrown(() => bounded.describeSource(refused), DescribeError);
    assert.deepEqual(e.diagnostics, thrown(() => local.describeSource(refused), DescribeError).diagnostics);
    assert.deepEqual(e.diagnostics.map((d) => [d.code, d.line, d.column]), [['OLT001', 1, 14], ['OLT002', 3, 30]]);
    assert.equal(bounded.restarts, 0);
  });
});

describe('the built-in surfaces in a worker thread', () => {
  test('providers() and budgetPlan answer as on the calling thread', async () => {
    const local = await load();
    const bounded = await load({ deadlineMs: 10_000 });
    assert.deepEqual(bounded.providers(), local.providers());
    const schemas = Array(22).fill(SCHEMA);
    assert.deepEqual(bounded.budgetPlan(schemas, 'anthropic-tools'), local.budgetPlan(schemas, 'anthropic-tools'));
    assert.deepEqual(bounded.downconvert(SCHEMA, 'bedrock-converse'), local.downconvert(SCHEMA, 'bedrock-converse'));
    assert.equal(bounded.restarts, 0);
  });
});

describe('a call past its deadline', () => {
  test('is slow without a deadline, and answers', async () => {
    const ts = await load();
    const start = performance.now();
    assert.equal(ts.validateArgs(SLOW_SCHEMA, SLOW_ARGS).text.length, SLOW_ARGS.length);
    assert.ok(performance.now() - start > 50, 'the slow call takes longer than the deadline used below');
  });

  test('throws DeadlineError; the next call works on a fresh instance', async () => {
    // 50 ms: the slow call runs past it, and a first call on a fresh
    // instance (compiling a schema again) fits in it on a loaded machine.
    const ts = await load({ deadlineMs: 50 });
    const v = ts.compile(SCHEMA);
    assert.deepEqual(v.validate('{"n":3}'), { ok: true, value: { n: 3 }, text: '{"n":3}' });
    const start = performance.now();
    const e = thrown(() => ts.validateArgs(SLOW_SCHEMA, SLOW_ARGS), DeadlineError);
    const took = performance.now() - start;
    assert.ok(e instanceof TrapError && e instanceof ToolSchemaError, 'a DeadlineError is a TrapError');
    assert.equal(e.name, 'DeadlineError');
    assert.equal(e.deadlineMs, 50);
    assert.match(e.message, /ran past its deadline of 50 ms/);
    assert.ok(took < 1000, `the caller got the error at the deadline, not after the call (${took} ms)`);
    assert.equal(ts.restarts, 1);
    // The next call, on a fresh worker and instance.
    assert.equal(ts.describeType('int'), '{"type":"integer","minimum":-2147483648,"maximum":2147483647}');
    // The validator compiled before is compiled again from its schema.
    assert.equal(v.validate('{"n":1}').text, '{"n":1}');
    assert.deepEqual(v.validate('{"n":11}').errors.map((x) => [x.path, x.params]), [['n', { kind: 'bound', limit: '10', value: '11' }]]);
    // And it happens again the same way.
    thrown(() => ts.validateArgs(SLOW_SCHEMA, SLOW_ARGS), DeadlineError);
    assert.equal(ts.restarts, 2);
    assert.equal(ts.toolName('GetDocketAsync'), 'get_docket');
    v.free();
  });

  test('a Tool and a Converted made before it are made again in the fresh worker', async () => {
    const ts = await load({ deadlineMs: 50 });
    const tool = ts.tool({ name: 'n', inputSchema: SCHEMA });
    const converted = tool.convert('openai');
    const refused = tool.validate({ n: 11 });
    assert.deepEqual(refused.errors.map((x) => x.params), [{ kind: 'bound', limit: '10', value: '11' }]);
    thrown(() => ts.validateArgs(SLOW_SCHEMA, SLOW_ARGS), DeadlineError);
    assert.equal(ts.restarts, 1);
    assert.equal(ts.liveResources, 0, 'the fresh worker holds nothing yet');
    assert.deepEqual(tool.validate({ n: 11 }), refused);
    assert.deepEqual(converted.restore({ n: 3 }), { ok: true, value: { n: 3 }, text: '{"n":3}' });
    assert.equal(ts.liveResources, 2);
    converted.free();
    tool.free();
    assert.equal(ts.liveResources, 0);
  });

  test('the memory limit holds in the worker thread too', async () => {
    const initial = (await load({ maxMemoryBytes: Infinity })).memoryBytes;
    const ts = await load({ deadlineMs: 10_000, maxMemoryBytes: initial + 2 * 1024 * 1024 });
    const hungry = '{"a":[' + Array(200_000).fill('1').join(',') + ']}';
    const e = thrown(() => ts.validateArgs('{"type":"object"}', hungry), TrapError);
    assert.ok(!(e instanceof DeadlineError), 'a trap, not a deadline');
    assert.ok(e.cause instanceof WebAssembly.RuntimeError, 'the cause is the engine’s trap, revived as one');
    assert.equal(ts.restarts, 1);
    assert.equal(ts.validateArgs(SCHEMA, '{"n":2}').text, '{"n":2}');
  });
});
