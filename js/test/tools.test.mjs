// Tools: a tool compiled once (`ts.tool`, `ts.tools`), the model's invalid
// arguments answered as a value with everything each error carries, a bad
// descriptor or schema thrown; nothing compiled again however often a tool is
// used; tools freed inside the component when collected, and made again
// after a trap.
//
// The lifetime tests need `gc()`: run node with --expose-gc (`make js-test`
// and `npm test` do).

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { thrown } from './thrown.mjs';
import {
  Converted,
  DEFAULT_MAX_LIVE_RESOURCES,
  DescribeError,
  DownconvertError,
  EncodeError,
  SchemaError,
  Tool,
  ToolSchemaError,
  TrapError,
  load,
} from '../src/index.js';
import { runCase } from '../scripts/vectors.mjs';

const ts = await load();
const example = (name) => readFile(new URL(`../../examples/${name}`, import.meta.url), 'utf8');
const docketText = await example('get-docket.json');
const docket = JSON.parse(docketText);
const weather = JSON.parse(await example('weather-tools.json'));
const CASE_ID = '2eb8aa08-aa98-11ea-b4aa-73b441d16380';
const DOCKET = { number: '1:24-cv-01', filed: '2024-03-01', status: 'Open' };
const MiB = 1024 * 1024;

// Lets the FinalizationRegistry callbacks of what a gc() collected run.
async function collect() {
  assert.equal(typeof globalThis.gc, 'function', 'run node with --expose-gc (make js-test does)');
  for (let i = 0; i < 3; i++) {
    globalThis.gc();
    await tick();
  }
}

describe('a tool', () => {
  test('acceptance: invalid arguments are an answer, not an exception, with every error’s params', () => {
    const tool = ts.tool(docket);
    let answer;
    assert.doesNotThrow(() => {
      answer = tool.validate({ limit: 500 });
    });
    assert.equal(answer.ok, false);
    const limit = answer.errors.find((e) => e.keyword === 'maximum');
    assert.deepEqual(limit.params, { kind: 'bound', limit: '100', value: '500' });
    assert.equal(limit.message, "Argument 'limit' must be at most 100, not 500.");
    assert.equal(
      JSON.stringify(answer),
      JSON.stringify({
        ok: false,
        errors: [
          {
            path: 'limit',
            keyword: 'maximum',
            message: "Argument 'limit' must be at most 100, not 500.",
            location: ['limit'],
            schemaLocation: '/properties/limit/maximum',
            params: { kind: 'bound', limit: '100', value: '500' },
          },
          {
            path: 'caseId',
            keyword: 'required',
            message: "Argument 'caseId' is required.",
            location: ['caseId'],
            schemaLocation: '/required',
            params: { kind: 'required', name: 'caseId', given: null },
          },
        ],
      }),
    );
    tool.free();
  });

  test('acceptance: a schema that is not JSON Schema, or a refused descriptor, throws with its diagnostics', async () => {
    const e = thrown(() => ts.tool({ name: 't', inputSchema: { type: 5 } }), SchemaError);
    assert.deepEqual(e.diagnostics.map((d) => [d.code, d.path]), [['OLS003', 'inputSchema/type']]);
    const output = thrown(() => ts.tool({ name: 't', inputSchema: {}, outputSchema: '{"minimum":"1"}' }), SchemaError);
    assert.ok(output.diagnostics.every((d) => d.path.startsWith('outputSchema')), output.message);
    const descriptor = JSON.parse(await example('refused.json'));
    const refused = thrown(() => ts.tool(descriptor), DescribeError);
    assert.deepEqual(refused.diagnostics.map((d) => d.code), ['OLT002', 'OLT002', 'OLT006']);
    assert.equal(ts.restarts, 0);
  });

  test('valid arguments: the bound value, and the exact text for a number JavaScript cannot hold', () => {
    const tool = ts.tool(docket);
    assert.deepEqual(tool.validate({ caseId: CASE_ID }), {
      ok: true,
      value: { caseId: CASE_ID, limit: 10 },
      text: `{"caseId":"${CASE_ID}","limit":10}`,
    });
    const ulong = ts.tool({ name: 'big', inputSchema: `{"type":"object","properties":{"n":${ts.describeType('ulong')}}}` });
    const big = ulong.validate('{"n": 18446744073709551615}');
    assert.equal(big.text, '{"n":18446744073709551615}');
    assert.equal(big.value.n, 18446744073709551615);
    assert.deepEqual(ulong.validate('{"n": 18446744073709551616}').errors.map((x) => x.keyword), ['maximum']);
  });

  test('every JSON input is JSON text (a string) or a value', () => {
    const fromText = ts.tool(docketText);
    const fromValue = ts.tool(docket);
    assert.deepEqual(fromText.info, fromValue.info);
    assert.deepEqual(fromText.validate('{"limit": 500}'), fromValue.validate({ limit: 500 }));
    const schemaTool = ts.tool({ name: 't', inputSchema: fromText.info.inputSchemaText });
    assert.equal(schemaTool.info.inputSchemaText, ts.tool({ name: 't', inputSchema: fromText.info.inputSchema }).info.inputSchemaText);
    // A string is always JSON text: "x" is not JSON, '"x"' is the string x.
    const any = ts.tool({ name: 'any', inputSchema: { type: 'string' }, options: { anyValue: true } });
    assert.deepEqual(any.validate('x').errors.map((e) => e.params.kind), ['json']);
    assert.deepEqual(any.validate('"x"'), { ok: true, value: 'x', text: '"x"' });
    assert.throws(() => any.validate(undefined), /^TypeError: args must be JSON text or a value JSON.stringify writes, not undefined/);
    assert.throws(() => any.validate({ n: 1n }), /^TypeError: args cannot be written as JSON: /);
    assert.throws(() => ts.tool(5), /^TypeError: descriptor must be a descriptor \(an object\) or its JSON text, not 5/);
    assert.throws(() => ts.tool({ name: 't', inputSchema: {}, strict: true }), /the tool has no member 'strict'/);
    assert.throws(() => ts.tool({ inputSchema: {} }), /^TypeError: name must be a string/);
  });

  test('info: what describes the tool to a model, the schemas parsed and as text, frozen', () => {
    const info = ts.tool(docket).info;
    assert.deepEqual(Object.keys(info), [
      'name', 'description', 'inputSchema', 'inputSchemaText', 'outputSchema', 'outputSchemaText',
      'endsLoop', 'requiresApproval', 'parallelSafe', 'timeoutSeconds',
    ]);
    const described = JSON.parse(ts.describeTool(docketText));
    assert.equal(info.inputSchemaText, JSON.stringify(described.inputSchema));
    assert.deepEqual(info.inputSchema, described.inputSchema);
    assert.deepEqual(info.outputSchema, described.outputSchema);
    assert.deepEqual(
      [info.name, info.description, info.endsLoop, info.requiresApproval, info.parallelSafe, info.timeoutSeconds],
      [described.name, described.description, false, false, true, 0],
    );
    assert.ok(Object.isFrozen(info) && Object.isFrozen(info.inputSchema.properties.limit));
    const plain = ts.tool({ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' } }).info;
    assert.deepEqual(plain, {
      name: 'echo',
      description: 'Echoes.',
      inputSchema: { type: 'object' },
      inputSchemaText: '{"type":"object"}',
      endsLoop: false,
      requiresApproval: false,
      parallelSafe: false,
      timeoutSeconds: 0,
    });
    assert.equal('outputSchema' in plain, false);
  });

  test('a class descriptor: tools() answers every tool; tool() refuses it, pointing to tools()', () => {
    const before = ts.liveResources;
    const tools = ts.tools(weather);
    assert.ok(tools.every((t) => t instanceof Tool));
    assert.deepEqual(tools.map((t) => t.info.name), JSON.parse(ts.describeTool(JSON.stringify(weather))).map((t) => t.name));
    assert.equal(ts.liveResources, before + 2);
    const e = thrown(() => ts.tool(weather), ToolSchemaError);
    assert.match(e.message, /^the descriptor describes 2 tools \(get_forecast, send_alert\), not one: tools\(descriptor\) answers an array/);
    assert.equal(ts.liveResources, before + 2, 'the tools it made are freed');
    // Freeing one tool of the class frees that one: the other works on.
    const [forecast, alert] = tools;
    forecast.free();
    assert.equal(ts.liveResources, before + 1);
    assert.deepEqual(alert.validate({}).errors.map((x) => x.keyword), ['required', 'required']);
    alert.free();
    assert.equal(ts.liveResources, before);
    assert.equal(ts.restarts, 0);
  });

  test('encode: an outcome as the tool result, for the tool’s return type; a value that does not fit is an EncodeError', () => {
    const tool = ts.tool(docket);
    assert.deepEqual(tool.encode({ type: 'returned', json: DOCKET }), {
      parts: [{ type: 'json', json: JSON.stringify(DOCKET) }],
      isError: false,
    });
    assert.deepEqual(tool.encode({ type: 'returned', json: JSON.stringify(DOCKET) }), tool.encode({ type: 'returned', json: DOCKET }));
    const e = thrown(() => tool.encode({ type: 'returned', json: { number: 1 } }), EncodeError);
    assert.ok(e.diagnostics.every((d) => d.code === 'OLE003'));
    // The errors of an invalid answer, as they are, or their messages.
    const { errors } = tool.validate({ limit: 500 });
    const result = {
      parts: [{ type: 'text', text: "Argument 'limit' must be at most 100, not 500.\nArgument 'caseId' is required." }],
      isError: true,
    };
    assert.deepEqual(tool.encode({ type: 'invalidArguments', errors }), result);
    assert.deepEqual(tool.encode({ type: 'invalidArguments', errors: errors.map((x) => x.message) }), result);
    assert.deepEqual(ts.encodeResult({ toolName: 'get_docket', returnType: 'Task<Docket>', outcome: { type: 'invalidArguments', errors } }), result);
    assert.throws(() => tool.encode({ type: 'invalidArguments', errors: [5] }), /outcome\.errors\[0\] must be an argument error \{message, …\} or its message/);
    // A tool from schemas takes any value, checked against its output schema; a string is text.
    const counter = ts.tool({ name: 'count', inputSchema: {}, outputSchema: { type: 'integer', maximum: 9 } });
    assert.deepEqual(counter.encode({ type: 'returned', json: 7 }).parts, [{ type: 'json', json: '7' }]);
    assert.equal(thrown(() => counter.encode({ type: 'returned', json: 10 }), EncodeError).diagnostics[0].code, 'OLE003');
  });

  test('convert: the schema for a provider, its changes, and the model’s answers restored as validate answers', () => {
    const tool = ts.tool(docket);
    const converted = tool.convert('openai');
    assert.ok(converted instanceof Converted);
    const downconverted = ts.downconvert(tool.info.inputSchemaText, 'openai');
    assert.equal(converted.schemaText, downconverted.schema);
    assert.deepEqual(converted.schema, JSON.parse(downconverted.schema));
    assert.deepEqual(converted.changes, downconverted.changes);
    assert.equal(converted.changes[0].action, 'removed');
    assert.equal(converted.lossless, downconverted.lossless);
    assert.deepEqual(converted.restore({ caseId: CASE_ID, limit: null }), tool.validate({ caseId: CASE_ID }));
    const refused = converted.restore('{"caseId": null, "limit": 500}');
    assert.equal(refused.ok, false);
    assert.deepEqual(refused.errors.map((x) => x.path).sort(), ['caseId', 'limit']);
    assert.deepEqual(thrown(() => tool.convert('nonesuch'), DownconvertError).diagnostics.map((d) => d.code), ['OLP001']);
    assert.throws(() => tool.convert(''), TypeError);
    // Objects nested 11 deep: past OpenAI's documented limit of 10.
    let deep = { type: 'string' };
    for (let i = 0; i < 11; i++) deep = { type: 'object', properties: { a: deep }, required: ['a'], additionalProperties: false };
    const nested = ts.tool({ name: 'deep', inputSchema: deep });
    assert.deepEqual(thrown(() => nested.convert('openai'), DownconvertError).diagnostics.map((d) => d.code), ['OLP005']);
    converted.free();
    tool.free();
  });

  test('params of the texts, the limits and a conversion, as the core writes them', () => {
    const kinds = (schema, args, options, restore) => {
      const tool = ts.tool({ name: 't', inputSchema: schema, options });
      const answer = restore ? tool.convert(restore).restore(args) : tool.validate(args);
      return answer.errors.map((e) => JSON.stringify(e.params));
    };
    assert.deepEqual(kinds({ type: 'object' }, '{'), ['{"kind":"json","reason":"expected a string key at line 1, column 2"}']);
    assert.deepEqual(kinds({ type: 'object' }, '{"a":"12345"}', { limits: { maxArgumentBytes: 5 } }), [
      '{"kind":"limit","what":"bytes","limit":5,"count":0}',
    ]);
    assert.deepEqual(kinds({ type: 'object', properties: { a: { pattern: '^(a|a)*\\1$' } } }, { a: `${'a'.repeat(30)}b` }, { limits: { regexBacktrackLimit: 100 } }), [
      '{"kind":"backtracking","pattern":"^(a|a)*\\\\1$","at":"a","steps":100}',
    ]);
    assert.deepEqual(kinds(false, 5, { anyValue: true }), ['{"kind":"false-schema"}']);
    const pairs = { type: 'object', properties: { m: { type: 'object', additionalProperties: { type: 'integer' } } } };
    assert.deepEqual(kinds(pairs, { m: [{ key: 'a', value: 1 }, { key: 'a', value: 2 }] }, undefined, 'openai'), [
      '{"kind":"conversion","reason":"gives the key \'a\' in two pairs"}',
    ]);
    // The one-shot exports' errors carry them too.
    const [schema] = ts.validateArgs('{"$ref": "https://example.com/s.json"}', '{}').errors;
    assert.deepEqual(Object.keys(schema), ['path', 'keyword', 'message', 'location', 'schemaLocation', 'params']);
    assert.deepEqual(Object.keys(schema.params), ['kind', 'code', 'message', 'path']);
    assert.equal(schema.params.code, 'OLS004');
  });

  test('every keyword family’s params, location and schema location equal the golden file byte for byte', async () => {
    // Its numbers are read as they are written (JSON.parse would make 1e400
    // Infinity): each as a marked string, written back unmarked.
    const text = await readFile(new URL('../../tests/vectors/tool/params.json', import.meta.url), 'utf8');
    const file = JSON.parse(text.replace(/"(?:[^"\\]|\\.)*"|(-?\d[\d.eE+-]*)/g, (m, n) => (n === undefined ? m : `"\\u0000${n}"`)));
    const exact = (v) => JSON.stringify(v).replace(/"\\u0000([^"]*)"/g, '$1');
    assert.ok(file.cases.length >= 18);
    for (const c of file.cases) {
      // Each as a vector of the "tool" op: the golden answer, in the vectors' form.
      const vector = {
        id: c.name,
        op: 'tool',
        input: { schema: exact(c.schema), calls: [{ validate: exact(c.args) }] },
        expect: { ok: [{ invalid: JSON.parse(exact(c.expect.errors)) }] },
      };
      const { got, want } = runCase(ts, vector);
      assert.equal(got, want, c.name);
    }
    assert.equal(ts.restarts, 0);
  });
});

describe('compiled once', () => {
  test('a tool made once validates, encodes, converts and restores 10,000 times with nothing compiled again', () => {
    const tool = ts.tool(docket);
    const valid = `{"caseId": "${CASE_ID}", "limit": 5}`;
    // The output schema compiles at the first encode of a returned value.
    tool.encode({ type: 'returned', json: DOCKET });
    const compiled = ts.schemasCompiled();
    const resources = ts.liveResources;
    assert.ok(compiled > 0);
    for (let i = 0; i < 10_000; i++) {
      assert.equal(tool.validate(i % 2 ? valid : '{"limit": 500}').ok, i % 2 === 1);
      assert.equal(tool.encode({ type: 'returned', json: DOCKET }).isError, false);
      const converted = tool.convert('openai');
      try {
        assert.equal(converted.restore(`{"caseId": "${CASE_ID}", "limit": null}`).ok, true);
      } finally {
        converted.free();
      }
    }
    assert.equal(ts.schemasCompiled(), compiled, 'nothing compiled again');
    assert.equal(ts.liveResources, resources);
    // The control: a tool made again compiles again.
    ts.tool(docket).free();
    assert.ok(ts.schemasCompiled() > compiled);
    tool.free();
  });
});

describe('lifetime', () => {
  test('100,000 tools dropped without free() are freed when collected: memory and resources stay bounded', async () => {
    const own = await load();
    const spec = { name: 'echo', inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: 9 } } } };
    own.tool(spec).validate({ n: 1 });
    await collect();
    const memory = own.memoryBytes;
    assert.equal(own.liveResources, 0);
    for (let batch = 0; batch < 100; batch++) {
      for (let i = 0; i < 1000; i++) own.tool(spec).validate({ n: i });
      assert.ok(own.liveResources <= 1000, `the resources do not pile up (${own.liveResources})`);
      await collect();
    }
    assert.equal(own.liveResources, 0, 'every tool was freed inside the component');
    const grown = own.memoryBytes - memory;
    assert.ok(grown <= 8 * MiB, `the linear memory grew ${grown} bytes`);
    assert.equal(own.restarts, 0);
  });

  test('a tool and a converted schema are freed by free() or Symbol.dispose; used again, they throw', () => {
    const own = ts.tool(docket);
    const converted = own.convert('anthropic');
    const before = ts.liveResources;
    own[Symbol.dispose]();
    assert.equal(own.freed, true);
    own.free();
    assert.equal(ts.liveResources, before - 1);
    for (const use of [() => own.validate({}), () => own.info, () => own.encode({ type: 'returnedNothing' }), () => own.convert('openai')]) {
      assert.equal(thrown(use, ToolSchemaError).message, 'this tool was freed');
    }
    // A converted schema lives on after its tool is freed.
    assert.equal(converted.restore({ caseId: CASE_ID }).ok, true);
    converted.free();
    assert.equal(thrown(() => converted.restore({}), ToolSchemaError).message, 'this converted schema was freed');
    assert.equal(thrown(() => converted.schemaText, ToolSchemaError).message, 'this converted schema was freed');
    assert.equal(ts.liveResources, before - 2);
    assert.throws(() => new Tool(), /toolSchema\.tool/);
    assert.throws(() => new Converted(), /tool\.convert/);
  });

  test('validators dropped without free() are freed when collected too', async () => {
    const own = await load();
    for (let i = 0; i < 100; i++) own.compile('{"type":"object"}');
    assert.equal(own.liveResources, 100);
    await collect();
    assert.equal(own.liveResources, 0);
  });

  test('after a trap, tools and converted schemas made before it are made again on the fresh instance', async () => {
    const initial = (await load({ maxMemoryBytes: Infinity })).memoryBytes;
    const small = await load({ maxMemoryBytes: initial + 2 * MiB });
    const [, alert] = small.tools(weather);
    const tool = small.tool(docket);
    const converted = tool.convert('openai');
    const expected = tool.validate({ limit: 500 });
    const alertInfo = alert.info;
    const hungry = '{"a":[' + Array(200_000).fill('1').join(',') + ']}';
    thrown(() => small.tool({ name: 'any', inputSchema: { type: 'object' } }).validate(hungry), TrapError);
    assert.equal(small.restarts, 1);
    assert.equal(small.liveResources, 0, 'the fresh instance holds nothing yet');
    assert.deepEqual(tool.validate({ limit: 500 }), expected);
    assert.deepEqual(alert.validate({}).errors.map((e) => e.keyword), ['required', 'required']);
    assert.deepEqual(alert.info, alertInfo);
    assert.equal(small.liveResources, 2, 'the class’s other tool, made again with it, was freed');
    tool.free();
    // Its tool is freed: the converted schema is made again from what made the tool.
    assert.equal(converted.restore({ caseId: CASE_ID, limit: null }).text, `{"caseId":"${CASE_ID}","limit":10}`);
    assert.equal(small.liveResources, 2);
    assert.equal(small.restarts, 1);
  });
});

describe('at most maxLiveResources made at once', () => {
  const spec = (n) => ({ name: `t${n}`, inputSchema: { type: 'object', properties: { n: { type: 'integer', maximum: n } } } });

  test('load({maxLiveResources}) takes a whole number from 1, or Infinity', async () => {
    assert.equal(DEFAULT_MAX_LIVE_RESOURCES, 1000);
    for (const bad of [0, -1, 1.5, NaN, '10', 10n]) await assert.rejects(load({ maxLiveResources: bad }), RangeError, String(bad));
    assert.equal((await load({ maxLiveResources: Infinity })).remade, 0);
  });

  test('past it, the one used longest ago is freed inside, and made again when next used with the same answers', async () => {
    const own = await load({ maxLiveResources: 3 });
    const tool = own.tool(docket);
    const converted = tool.convert('openai');
    const validator = own.compile(JSON.stringify(spec(5).inputSchema));
    const answers = () => [
      tool.validate({ limit: 500 }),
      tool.encode({ type: 'returned', json: DOCKET }),
      converted.restore({ caseId: CASE_ID, limit: null }),
      converted.schemaText,
      validator.validate('{"n": 6}'),
    ];
    const expected = answers();
    // Three others, each used once: nothing of the first three is made now.
    const others = [1, 2, 3].map((n) => own.tool(spec(n)));
    assert.equal(own.liveResources, 3);
    assert.equal(own.remade, 0);
    const compiled = own.schemasCompiled();
    // Each is made again when used, from what made it, and answers the same.
    assert.deepEqual(answers(), expected);
    assert.equal(own.remade, 3, 'the tool, the converted schema and the validator were made again');
    assert.ok(own.schemasCompiled() > compiled, 'and that compiled again, counted');
    assert.equal(own.liveResources, 3);
    assert.deepEqual(others[0].validate({ n: 2 }).errors.map((e) => e.params), [{ kind: 'bound', limit: '1', value: '2' }]);
    assert.equal(own.remade, 4);
    for (const r of [tool, converted, validator, ...others]) r.free();
    assert.equal(own.liveResources, 0);
    assert.equal(thrown(() => tool.validate({}), ToolSchemaError).message, 'this tool was freed');
    assert.equal(own.restarts, 0);
  });

  test('a tool used between the others is never made again, however many come and go', async () => {
    const own = await load({ maxLiveResources: 2 });
    const tool = own.tool(docket);
    const compiled = own.schemasCompiled();
    for (let n = 0; n < 200; n++) {
      own.tool(spec(n)).validate({ n });
      assert.equal(tool.validate({ caseId: CASE_ID }).text, `{"caseId":"${CASE_ID}","limit":10}`);
    }
    assert.equal(own.remade, 0);
    assert.equal(own.schemasCompiled(), compiled + 200, 'each tool compiled once, the one in use never again');
    assert.ok(own.liveResources <= 2);
  });

  test('tools dropped without free() and never collected stay bounded inside the instance', async () => {
    // One synchronous loop: no FinalizationRegistry callback can run in it.
    const own = await load({ maxLiveResources: 100 });
    own.tool(spec(0)).validate({ n: 0 });
    const memory = own.memoryBytes;
    for (let n = 0; n < 20_000; n++) own.tool(spec(n)).validate({ n });
    assert.equal(own.liveResources, 100);
    assert.ok(own.memoryBytes - memory <= 2 * MiB, `the linear memory grew ${own.memoryBytes - memory} bytes`);
    // Collected later, they are released with nothing left to free.
    await collect();
    assert.equal(own.liveResources, 0);
    assert.equal(own.remade, 0);
    assert.equal(own.restarts, 0);
  });

  test('in the worker thread of load({deadlineMs}) too', async () => {
    const own = await load({ deadlineMs: 10_000, maxLiveResources: 2 });
    const tool = own.tool(docket);
    const expected = tool.validate({ limit: 500 });
    own.tool(spec(1)).free();
    const a = own.tool(spec(2));
    const b = own.tool(spec(3));
    a.validate({});
    b.validate({});
    assert.equal(own.liveResources, 2);
    assert.deepEqual(tool.validate({ limit: 500 }), expected);
    assert.equal(own.remade, 1);
    for (const r of [tool, a, b]) r.free();
    assert.equal(own.liveResources, 0);
  });
});
