// The wrapper over jco's bindings: typed errors (with their place in C#
// source for describeSource), BigInt limits, input checks,
// the shapes of parts and outcomes, a fresh instance after a real trap, and
// validators that are freed inside the component.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, test } from 'node:test';
import { thrown } from './thrown.mjs';
import * as pkg from '../src/index.js';
import {
  DEFAULT_MAX_MEMORY_BYTES,
  DescribeError,
  DiagnosticsError,
  DownconvertError,
  EncodeError,
  PROVIDERS,
  SchemaError,
  TextError,
  ToolSchema,
  ToolSchemaError,
  TrapError,
  Validator,
  load,
} from '../src/index.js';
import { instantiate } from '../gen/tool-schema.js';
import { limitMemory } from '../src/memory.js';

const ts = await load();
const example = (name) => readFile(new URL(`../../examples/${name}`, import.meta.url), 'utf8');
const docketTool = JSON.parse(ts.describeTool(await example('get-docket.json')));
const docketSchema = JSON.stringify(docketTool.inputSchema);
const CASE_ID = '2eb8aa08-aa98-11ea-b4aa-73b441d16380';
const refused = await example('refused.json');
const docketSource = await example('get-docket.cs');

// What the component's own memory looks like at the start, to set limits
// relative to it.
const INITIAL_MEMORY = (await load({ maxMemoryBytes: Infinity })).memoryBytes;
const MiB = 1024 * 1024;

describe('describe', () => {
  test('describeTool answers JSON text in the contract’s keyword order', () => {
    assert.deepEqual(Object.keys(docketTool), [
      'name', 'description', 'inputSchema', 'outputSchema', 'endsLoop', 'requiresApproval', 'parallelSafe', 'timeoutSeconds',
    ]);
    assert.equal(docketTool.name, 'get_docket');
    assert.deepEqual(docketTool.inputSchema.properties.limit, { type: 'integer', minimum: 1, maximum: 100, default: 10 });
  });

  test('a refused descriptor is a DescribeError with every diagnostic', () => {
    const e = thrown(() => ts.describeTool(refused), DescribeError);
    assert.ok(e instanceof DiagnosticsError && e instanceof ToolSchemaError && e instanceof Error);
    assert.equal(e.name, 'DescribeError');
    assert.deepEqual(e.diagnostics.map((d) => d.code), ['OLT002', 'OLT002', 'OLT006']);
    assert.deepEqual(e.diagnostics.map((d) => d.path), ['parameters[0].type', 'parameters[1].modifier', 'types.Node.parameters[1].type']);
    assert.deepEqual(Object.keys(e.diagnostics[0]), ['code', 'message', 'path']);
    assert.match(e.message, /^OLT002 at parameters\[0\]\.type: 'Queue<int>' has no schema/);
  });

  test('describeType takes a context, with generator mode by default', () => {
    assert.equal(
      ts.describeType('Dictionary<string, List<int>>'),
      '{"type":"object","additionalProperties":{"type":"array","items":{"type":"integer","minimum":-2147483648,"maximum":2147483647}}}',
    );
    const types = '{"Item":{"kind":"record","parameters":[{"name":"SkuCode","type":"string"}]}}';
    assert.equal(
      ts.describeType('Item', { types, naming: 'None' }),
      '{"type":"object","properties":{"SkuCode":{"type":"string"}},"required":["SkuCode"],"additionalProperties":false}',
    );
    assert.equal(
      ts.describeType('Item', { types }),
      '{"type":"object","properties":{"skuCode":{"type":"string"}},"required":["skuCode"],"additionalProperties":false}',
    );
    const e = thrown(() => ts.describeType('Widget'), DescribeError);
    assert.equal(e.diagnostics[0].code, 'OLD004');
  });

  test('describeType in generator mode refuses an unknown naming policy; reflection mode does not', () => {
    const e = thrown(() => ts.describeType('int', { naming: 'Kebab' }), DescribeError);
    assert.equal(e.diagnostics[0].code, 'OLT011');
    assert.equal(ts.describeType('int', { naming: 'Kebab', mode: 'reflection' }).startsWith('{"type":"integer"'), true);
  });

  test('toolName gives the contract’s name, or a DescribeError with the one diagnostic', () => {
    assert.equal(ts.toolName('GetDocketAsync'), 'get_docket');
    assert.equal(ts.toolName('HTTPRequest'), 'http_request');
    const e = thrown(() => ts.toolName('A'.repeat(65)), DescribeError);
    assert.equal(e.diagnostics.length, 1);
    assert.equal(e.diagnostics[0].code, 'OLT008');
  });

  test('flattenDoc flattens doc-comment XML', () => {
    assert.equal(ts.flattenDoc('Looks up a <see cref="Docket"/>\n   by <paramref name="caseId"/>.'), 'Looks up a Docket by caseId.');
  });
});

describe('describe C# source', () => {
  const docketCs = { path: 'examples/get-docket.cs', text: docketSource };
  // A class that is not partial, a parameter whose type has no schema, and one passed by ref.
  const REFUSED_CS = [
    'using System.Collections.Generic;',
    '',
    'public class Counters',
    '{',
    '    [Tool]',
    '    public int Count(Queue<int> items, ref int count) => 0;',
    '}',
    '',
  ].join('\n');
  // The text at a diagnostic's place: line and column are 1-based, the column in UTF-16 units.
  const at = (text, d, length) => text.split('\n')[d.line - 1].slice(d.column - 1, d.column - 1 + length);

  test('describeSource of get-docket.cs answers what describeTool answers for get-docket.json, byte for byte', async () => {
    const answer = ts.describeSource([docketCs]);
    assert.deepEqual(Object.keys(answer), ['json', 'warnings']);
    assert.equal(answer.json, ts.describeTool(await example('get-docket.json')));
    assert.deepEqual(answer.warnings, []);
    // Generator mode is the default.
    assert.equal(ts.describeSource([docketCs], { mode: 'generator' }).json, answer.json);
  });

  test('a refused file is a DescribeError with every diagnostic at its file, line and column', () => {
    const e = thrown(() => ts.describeSource([{ path: 'Tools/Counters.cs', text: REFUSED_CS }]), DescribeError);
    assert.ok(e instanceof DiagnosticsError && e instanceof ToolSchemaError);
    assert.deepEqual(e.diagnostics, [
      {
        code: 'OLT001',
        message: "The class 'Counters' that holds tools must be partial.",
        file: 'Tools/Counters.cs',
        line: 3,
        column: 14,
        path: 'containingType.partial',
      },
      {
        code: 'OLT002',
        message: "'Queue<int>' has no schema: this collection type is not one the contract supports.",
        file: 'Tools/Counters.cs',
        line: 6,
        column: 22,
        path: 'parameters[0].type',
      },
      {
        code: 'OLT002',
        message: "The parameter 'count' is passed by 'ref'; ref, out and in parameters have no schema.",
        file: 'Tools/Counters.cs',
        line: 6,
        column: 40,
        path: 'parameters[1].modifier',
      },
    ]);
    assert.deepEqual(Object.keys(e.diagnostics[0]), ['code', 'message', 'file', 'line', 'column', 'path']);
    assert.deepEqual(e.diagnostics.map((d) => at(REFUSED_CS, d, 10)), ['Counters', 'Queue<int>', 'ref int co']);
    assert.equal(
      e.message.split('\n')[1],
      "Tools/Counters.cs(6,22): error OLT002: 'Queue<int>' has no schema: this collection type is not one the contract supports.",
    );
  });

  test('a column counts UTF-16 code units, as JavaScript strings do', () => {
    const text = 'public partial class T\n{\n    [Tool, Description("😀 é")] public int F(Queue<int> q) => 0;\n}\n';
    const e = thrown(() => ts.describeSource([{ path: 'T.cs', text }]), DescribeError);
    assert.deepEqual(e.diagnostics.map((d) => [d.code, d.line, d.column]), [['OLT002', 3, 46]]);
    assert.equal(at(text, e.diagnostics[0], 10), 'Queue<int>');
  });

  test('a syntax error in a method body is a warning: the tools are described, and the warning has its place', () => {
    const text = [
      'public partial class Calculator',
      '{',
      '    /// <summary>Adds two numbers.</summary>',
      '    [Tool]',
      '    public int Add(int a, int b)',
      '    {',
      '        var s = "not closed;',
      '        return a + b;',
      '    }',
      '}',
      '',
    ].join('\n');
    const answer = ts.describeSource([{ path: 'Calculator.cs', text }]);
    const tool = JSON.parse(answer.json);
    assert.equal(tool.name, 'add');
    assert.equal(tool.description, 'Adds two numbers.');
    assert.deepEqual(Object.keys(tool.inputSchema.properties), ['a', 'b']);
    assert.deepEqual(answer.warnings, [
      {
        code: 'OLC001',
        message: 'This string is not closed before the end of the line.',
        file: 'Calculator.cs',
        line: 7,
        column: 17,
        path: '$',
      },
    ]);
    assert.equal(at(text, answer.warnings[0], 4), '"not');
    // sourceDescriptor reports it the same way.
    assert.deepEqual(ts.sourceDescriptor([{ path: 'Calculator.cs', text }]).warnings, answer.warnings);
  });

  test('sourceDescriptor gives the descriptor that describeTool describes to the same answer', () => {
    const one = ts.sourceDescriptor([docketCs]);
    const descriptor = JSON.parse(one.json);
    assert.equal(descriptor.method, 'GetDocketAsync');
    assert.deepEqual(descriptor.containingType, { name: 'DocketTools', partial: true, generic: false });
    assert.equal(ts.describeTool(one.json), ts.describeSource([docketCs]).json);
    assert.deepEqual(one.warnings, []);

    // Two files, two classes: an array of class descriptors, each describing to
    // an array of tools; describeSource answers one array of every tool.
    const second = { path: 'Clock.cs', text: 'public partial class Clock\n{\n    [Tool] public string Now(string zone) => "";\n}\n' };
    const descriptors = JSON.parse(ts.sourceDescriptor([docketCs, second]).json);
    assert.deepEqual(descriptors.map((d) => [d.containingType.name, d.methods.length]), [['DocketTools', 1], ['Clock', 1]]);
    const each = descriptors.map((d) => ts.describeTool(JSON.stringify(d)));
    assert.ok(each.every((tools) => tools.startsWith('[') && tools.endsWith(']')));
    const all = ts.describeSource([docketCs, second]).json;
    assert.equal(all, `[${each.map((tools) => tools.slice(1, -1)).join(',')}]`);
    assert.deepEqual(JSON.parse(all).map((t) => t.name), ['get_docket', 'now']);

    // A refused source still reads into a descriptor; describing it refuses as describeSource does.
    const refused = ts.sourceDescriptor([{ path: 'Counters.cs', text: REFUSED_CS }]);
    assert.equal(JSON.parse(refused.json).containingType.partial, false);
    assert.deepEqual(thrown(() => ts.describeTool(refused.json), DescribeError).diagnostics.map((d) => d.code), ['OLT001', 'OLT002', 'OLT002']);
  });

  test('options: the naming policy when no serializer context sets one, and reflection mode', () => {
    const text = 'public partial class Shop\n{\n    [Tool] public string Find(Item item) => "";\n}\npublic record Item(string SkuCode);\n';
    const item = (options) => JSON.parse(ts.describeSource([{ path: 'Shop.cs', text }], options).json).inputSchema.properties.item;
    assert.deepEqual(Object.keys(item().properties), ['skuCode']);
    assert.deepEqual(Object.keys(item({ naming: 'None' }).properties), ['SkuCode']);
    const e = thrown(() => ts.describeSource([{ path: 'Shop.cs', text }], { naming: 'Kebab' }), DescribeError);
    assert.deepEqual(e.diagnostics.map((d) => d.code), ['OLT011']);
    // Reflection mode reads [Description] only, not doc comments.
    const reflection = JSON.parse(ts.describeSource([docketCs], { mode: 'reflection' }).json);
    assert.equal(reflection.inputSchema.properties.caseId.description, undefined);
    assert.equal(JSON.parse(ts.describeSource([docketCs]).json).inputSchema.properties.caseId.description, 'The case.');
  });

  test('no file, or no [Tool] method: a refusal; a problem with no place has file "" and line and column 0', () => {
    const none = thrown(() => ts.describeSource([]), DescribeError);
    assert.deepEqual(none.diagnostics, [{ code: 'OLC002', message: 'No C# source file was given.', file: '', line: 0, column: 0, path: '$' }]);
    assert.equal(none.message, 'error OLC002: No C# source file was given.');
    const plain = thrown(() => ts.sourceDescriptor([{ path: 'Plain.cs', text: 'public class Plain { public int F() => 1; }' }]), DescribeError);
    assert.deepEqual(plain.diagnostics.map((d) => [d.code, d.file, d.line, d.column]), [['OLC002', 'Plain.cs', 1, 1]]);
  });

  test('files and options are checked before they cross', () => {
    for (const op of ['describeSource', 'sourceDescriptor']) {
      const call = (...args) => ts[op](...args);
      assert.throws(() => call(docketSource), /^TypeError: files must be an array of \{path, text\} source files, not "using/);
      assert.throws(() => call(docketCs), /files must be an array/);
      assert.throws(() => call(), /files must be an array/);
      assert.throws(() => call(['Tools.cs']), /^TypeError: files\[0\] must be a source file \{path, text\}, not "Tools\.cs"/);
      assert.throws(() => call([docketCs, null]), /files\[1\] must be a source file/);
      assert.throws(() => call([{ path: 'a.cs' }]), /^TypeError: files\[0\]\.text must be a string \(the file's C# source\), not undefined/);
      assert.throws(() => call([{ path: 'a.cs', text: Buffer.from('x') }]), /files\[0\]\.text must be a string/);
      assert.throws(() => call([{ text: 'x' }]), /^TypeError: files\[0\]\.path must be a string/);
      assert.throws(() => call([{ path: 'a.cs', text: 'x', encoding: 'utf8' }]), /^TypeError: files\[0\] has no member 'encoding' \(expected: path, text\)/);
      assert.throws(() => call([docketCs], 'generator'), /^TypeError: options must be an object/);
      assert.throws(() => call([docketCs], { mode: 'Generator' }), /^TypeError: options\.mode must be 'generator' or 'reflection', not "Generator"/);
      assert.throws(() => call([docketCs], { naming: 1 }), /^TypeError: options\.naming must be a string/);
      assert.throws(() => call([docketCs], { types: '{}' }), /no member 'types' \(expected: mode, naming\)/);
    }
    assert.equal(ts.restarts, 0);
  });
});

// The answer for valid arguments: the bound arguments parsed, and as their text.
const valid = (text) => ({ ok: true, value: JSON.parse(text), text });
// The errors of an answer that must be `{ok: false, errors}`.
function refusedWith(answer) {
  assert.equal(answer.ok, false, `expected {ok: false, errors}, got ${JSON.stringify(answer)}`);
  assert.deepEqual(Object.keys(answer), ['ok', 'errors']);
  return answer.errors;
}

describe('validate', () => {
  test('validateArgs answers the bound arguments, parsed and as text', () => {
    const answer = ts.validateArgs(docketSchema, `{"caseId": "${CASE_ID}"}`);
    assert.deepEqual(answer, { ok: true, value: { caseId: CASE_ID, limit: 10 }, text: `{"caseId":"${CASE_ID}","limit":10}` });
    assert.deepEqual(Object.keys(answer), ['ok', 'value', 'text']);
  });

  test('invalid arguments are an answer with every error, in argument order, never an exception', () => {
    const errors = refusedWith(ts.validateArgs(docketSchema, '{"limit": 500, "court": "9th"}'));
    assert.deepEqual(errors, [
      {
        path: 'limit',
        keyword: 'maximum',
        message: "Argument 'limit' must be at most 100, not 500.",
        location: ['limit'],
        schemaLocation: '/properties/limit/maximum',
        params: { kind: 'bound', limit: '100', value: '500' },
      },
      {
        path: 'court',
        keyword: 'additionalProperties',
        message: "Argument 'court' is not a parameter of this tool (expected one of: caseId, limit).",
        location: ['court'],
        schemaLocation: '/additionalProperties',
        params: { kind: 'unexpected', allowed: ['caseId', 'limit'] },
      },
      {
        path: 'caseId',
        keyword: 'required',
        message: "Argument 'caseId' is required.",
        location: ['caseId'],
        schemaLocation: '/required',
        params: { kind: 'required', name: 'caseId', given: null },
      },
    ]);
    assert.equal(pkg.ArgumentsError, undefined, 'no error class for invalid arguments: nothing throws them');
  });

  test('validateArgs, a Validator and restoreArgs answer {limit: 500} as tool.validate does, without throwing', () => {
    const limit = { keyword: 'maximum', params: { kind: 'bound', limit: '100', value: '500' } };
    const tool = ts.tool({ name: 'get_docket', inputSchema: docketSchema });
    const converted = tool.convert('anthropic');
    const v = ts.compile(docketSchema);
    // Each with what a tool answers for the same arguments.
    const answers = {
      validateArgs: [(args) => ts.validateArgs(docketSchema, args), (args) => tool.validate(args)],
      'validator.validate': [(args) => v.validate(args), (args) => tool.validate(args)],
      // Anthropic's schema for it takes the same arguments (the range a hint there).
      restoreArgs: [(args) => ts.restoreArgs(docketSchema, 'anthropic', args), (args) => converted.restore(args)],
    };
    for (const [name, [check, byTool]] of Object.entries(answers)) {
      let answer;
      assert.doesNotThrow(() => (answer = check('{"limit": 500}')), name);
      const errors = refusedWith(answer);
      assert.deepEqual(
        errors.map((e) => ({ keyword: e.keyword, params: e.params })),
        [limit, { keyword: 'required', params: { kind: 'required', name: 'caseId', given: null } }],
        name,
      );
      assert.deepEqual(answer, byTool('{"limit": 500}'), `${name}: the same errors as a tool's`);
      const ok = check(`{"caseId": "${CASE_ID}", "limit": 7}`);
      assert.deepEqual(ok, valid(`{"caseId":"${CASE_ID}","limit":7}`), name);
      assert.deepEqual(Object.keys(ok), ['ok', 'value', 'text'], name);
      assert.deepEqual(ok, byTool(`{"caseId": "${CASE_ID}", "limit": 7}`), `${name}: the same answer as a tool's`);
    }
    assert.equal(ts.restarts, 0);
    v.free();
    converted.free();
    tool.free();
  });

  test('numbers are never rounded: u64 limits cross as text and are compared exactly', () => {
    const ulong = ts.describeType('ulong');
    assert.equal(ulong, '{"type":"integer","minimum":0,"maximum":18446744073709551615}');
    const answer = ts.validateArgs(`{"type":"object","properties":{"n":${ulong}}}`, '{"n":18446744073709551615}');
    assert.equal(answer.text, '{"n":18446744073709551615}', 'the text keeps every digit');
    assert.equal(answer.value.n, 18446744073709551615, 'the value is what JSON.parse makes of it');
    const errors = refusedWith(ts.validateArgs(`{"type":"object","properties":{"n":${ulong}}}`, '{"n":18446744073709551616}'));
    assert.equal(errors[0].keyword, 'maximum');
  });

  test('defaultLimits gives the u64 limits as BigInt', () => {
    const l = ts.defaultLimits();
    assert.deepEqual(l, {
      maxArgumentBytes: 10485760n,
      maxArgumentDepth: 128,
      maxSchemaBytes: 4194304n,
      maxSchemaDepth: 512,
      regexBacktrackLimit: 1000000n,
    });
    assert.equal(typeof l.maxArgumentBytes, 'bigint');
    assert.equal(typeof l.maxArgumentDepth, 'number');
  });

  test('a Validator compiles once and validates many times', () => {
    const v = ts.compile(docketSchema);
    assert.ok(v instanceof Validator);
    const compiled = ts.schemasCompiled();
    assert.deepEqual(v.validate(`{"caseId": "${CASE_ID}", "limit": 2.0}`), valid(`{"caseId":"${CASE_ID}","limit":2}`));
    assert.deepEqual(refusedWith(v.validate('{}')).map((e) => e.keyword), ['required']);
    assert.deepEqual(v.validate(`{"caseId": "${CASE_ID}"}`), valid(`{"caseId":"${CASE_ID}","limit":10}`));
    assert.equal(ts.schemasCompiled(), compiled, 'nothing compiled again');
    v.free();
  });

  test('an unusable schema is a SchemaError from compile, and one `schema` error from validateArgs and restoreArgs', () => {
    const schema = '{"$ref": "https://example.com/s.json"}';
    const e = thrown(() => ts.compile(schema), SchemaError);
    assert.deepEqual(e.diagnostics.map((d) => [d.code, d.path]), [['OLS004', '$']]);
    // The schema's own paths, where a tool's are under inputSchema.
    const typed = '{"properties":{"a":{"minimum":"1"}}}';
    const paths = (f) => thrown(f, SchemaError).diagnostics.map((d) => [d.code, d.path]);
    assert.deepEqual(paths(() => ts.compile(typed)), [['OLS003', '/properties/a/minimum']]);
    assert.deepEqual(paths(() => ts.tool({ name: 't', inputSchema: typed })), [['OLS003', 'inputSchema/properties/a/minimum']]);
    for (const answer of [ts.validateArgs(schema, '{}'), ts.restoreArgs(schema, 'openai', '{}')]) {
      const [error] = refusedWith(answer);
      assert.deepEqual([error.path, error.keyword, error.params.kind, error.params.code], ['$', 'schema', 'schema', 'OLS004']);
    }
    assert.equal(ts.restarts, 0);
  });

  test('options: formats, anyValue, and partial limits as BigInt or number', () => {
    const date = '{"type":"object","properties":{"d":{"type":"string","format":"date"}}}';
    assert.deepEqual(refusedWith(ts.compile(date).validate('{"d":"2024-02-30"}')).map((e) => e.keyword), ['format']);
    assert.deepEqual(ts.compile(date, { formats: 'annotate' }).validate('{"d":"2024-02-30"}'), valid('{"d":"2024-02-30"}'));
    assert.deepEqual(refusedWith(ts.compile('{"type":"integer"}').validate('5')).map((e) => e.keyword), ['type']);
    assert.deepEqual(ts.compile('{"type":"integer"}', { anyValue: true }).validate('5'), { ok: true, value: 5, text: '5' });
    for (const maxArgumentBytes of [16n, 16]) {
      const v = ts.compile('{"type":"object"}', { limits: { maxArgumentBytes } });
      assert.deepEqual(v.validate('{"a":"01234567"}'), valid('{"a":"01234567"}')); // 16 bytes
      const [e] = refusedWith(v.validate('{"a":"012345678"}'));
      assert.deepEqual([e.keyword, e.message], ['limit', "Argument '$' is longer than the limit of 16 bytes."]);
    }
    // The limits left out keep their defaults: depth 128 still holds.
    const v = ts.compile('{"type":"object"}', { limits: { maxArgumentBytes: 1n << 40n } });
    assert.equal(refusedWith(v.validate('{"a":' + '['.repeat(200) + ']'.repeat(200) + '}'))[0].keyword, 'limit');
    // The largest u64 is a valid limit.
    assert.deepEqual(ts.compile('{"type":"object"}', { limits: { regexBacktrackLimit: 2n ** 64n - 1n } }).validate('{}'), valid('{}'));
  });

  test('options are checked before they cross: no silent wrapping of u64 or u32', () => {
    assert.throws(() => ts.compile('{}', { limits: { maxArgumentBytes: 2n ** 64n } }), RangeError);
    assert.throws(() => ts.compile('{}', { limits: { maxArgumentBytes: -1n } }), RangeError);
    assert.throws(() => ts.compile('{}', { limits: { maxArgumentBytes: 2 ** 60 } }), RangeError);
    assert.throws(() => ts.compile('{}', { limits: { maxArgumentDepth: 2 ** 32 } }), RangeError);
    assert.throws(() => ts.compile('{}', { limits: { maxArgumentDepth: 1.5 } }), RangeError);
    assert.throws(() => ts.compile('{}', { limits: { maxArgumentBytes: '5' } }), TypeError);
    assert.throws(() => ts.compile('{}', { formats: 'strict' }), TypeError);
    assert.throws(() => ts.compile('{}', { anyvalue: true }), /no member 'anyvalue'/);
    assert.throws(() => ts.validateArgs({ type: 'object' }, '{}'), /schema must be a string \(JSON text/);
    assert.throws(() => ts.describeType('int', { mode: 'Generator' }), TypeError);
    assert.equal(ts.restarts, 0);
  });
});

describe('encode', () => {
  const call = (outcome, extra = {}) => ts.encodeResult({ toolName: 'x', returnType: 'int', outcome, ...extra });

  test('a returned value is one JSON part; a u64 keeps its digits', () => {
    assert.deepEqual(call({ type: 'returned', json: '42' }), { parts: [{ type: 'json', json: '42' }], isError: false });
    assert.deepEqual(
      ts.encodeResult({ toolName: 'x', returnType: 'ulong', outcome: { type: 'returned', json: '18446744073709551615' } }),
      { parts: [{ type: 'json', json: '18446744073709551615' }], isError: false },
    );
  });

  test('failures become error results', () => {
    assert.deepEqual(call({ type: 'threw', typeName: 'System.InvalidOperationException', message: 'message' }), {
      parts: [{ type: 'text', text: "Tool 'x' failed: InvalidOperationException: message" }],
      isError: true,
    });
    assert.deepEqual(call({ type: 'timedOut', seconds: 5 }).parts, [{ type: 'text', text: "Tool 'x' timed out after 5 s." }]);
    const errors = refusedWith(ts.validateArgs(docketSchema, '{"limit": 500}'));
    assert.deepEqual(call({ type: 'invalidArguments', errors }).parts, [
      { type: 'text', text: "Argument 'limit' must be at most 100, not 500.\nArgument 'caseId' is required." },
    ]);
  });

  test('parts, nothing, a passed-through ToolResult, and a typed result for EndsLoop', () => {
    const parts = [{ type: 'text', text: 'hi' }, { type: 'json', json: '{ "a" : 1 }' }];
    assert.deepEqual(ts.encodeResult({ toolName: 'x', returnType: 'List<Part>', outcome: { type: 'returnedParts', parts } }), {
      parts: [{ type: 'text', text: 'hi' }, { type: 'json', json: '{"a":1}' }],
      isError: false,
    });
    assert.deepEqual(ts.encodeResult({ toolName: 'x', returnType: 'Task', outcome: { type: 'returnedNothing' } }), { parts: [], isError: false });
    const result = { parts: [{ type: 'text', text: 'done' }], isError: false, typedResult: '7' };
    assert.deepEqual(ts.encodeResult({ toolName: 'x', returnType: 'ToolResult', outcome: { type: 'returnedToolResult', result } }), result);
    assert.deepEqual(call({ type: 'returned', json: '7' }, { endsLoop: true }), { parts: [{ type: 'json', json: '7' }], isError: false, typedResult: '7' });
  });

  test('a value that does not fit the return type is an EncodeError, the host’s bug', () => {
    const e = thrown(() => call({ type: 'returned', json: '"seven"' }), EncodeError);
    assert.equal(e.diagnostics[0].code, 'OLE003');
    assert.equal(thrown(() => call({ type: 'returnedNothing' }), EncodeError).diagnostics[0].code, 'OLE002');
  });

  test('outcomes are checked before they cross', () => {
    assert.throws(() => call({ type: 'returned', value: 42 }), /no member 'value'/);
    assert.throws(() => call({ type: 'returned', json: 42 }), TypeError);
    assert.throws(() => call({ tag: 'returned', val: '42' }), /outcome\.type must be one of 'returned', /);
    assert.throws(() => call({ type: 'timedOut', seconds: -1 }), RangeError);
    assert.throws(() => call({ type: 'returnedParts', parts: [{ type: 'image', data: '' }] }), TypeError);
  });
});

describe('downconvert', () => {
  test('a schema for each provider, with every change', () => {
    assert.ok(['anthropic-tools', 'openai-chat', 'gemini-json'].every((p) => PROVIDERS.includes(p)));
    const anthropic = ts.downconvert(docketSchema, 'anthropic');
    assert.deepEqual(Object.keys(anthropic), ['schema', 'changes', 'lossless', 'alsoValidFor', 'dead']);
    const limit = JSON.parse(anthropic.schema).properties.limit;
    assert.equal('minimum' in limit || 'maximum' in limit, false);
    assert.match(limit.description, /minimum: 1, maximum: 100/);
    assert.deepEqual(
      anthropic.changes.map((c) => [c.pointer, c.keyword, c.action]),
      [['/properties/limit', 'minimum', 'removed'], ['/properties/limit', 'maximum', 'removed']],
    );
    assert.deepEqual(Object.keys(anthropic.changes[0]), ['pointer', 'keyword', 'action', 'detail']);
    assert.equal(anthropic.lossless, false);
    const openai = JSON.parse(ts.downconvert(docketSchema, 'openai').schema);
    assert.deepEqual(openai.required, ['caseId', 'limit']);
    assert.deepEqual(openai.properties.limit.type, ['integer', 'null']);
  });

  test('restoreArgs turns the model’s answer back into bound arguments for the original schema', () => {
    assert.deepEqual(
      ts.restoreArgs(docketSchema, 'openai', `{"caseId": "${CASE_ID}", "limit": null}`),
      valid(`{"caseId":"${CASE_ID}","limit":10}`),
    );
    const errors = refusedWith(ts.restoreArgs(docketSchema, 'openai', '{"caseId": null, "limit": 500}'));
    assert.deepEqual(errors.map((x) => x.path).sort(), ['caseId', 'limit']);
  });

  test('a custom target is a profile of the host’s own, in the form providerProfile returns', () => {
    const profile = ts.providerProfile('anthropic');
    // Asked for by an alias, the surface's own profile.
    assert.equal(profile, ts.providerProfile('anthropic-tools'));
    assert.equal(JSON.parse(profile).name, 'anthropic-tools');
    assert.equal(ts.downconvert(docketSchema, { custom: profile }).schema, ts.downconvert(docketSchema, 'anthropic').schema);
  });

  test('refusals are DownconvertErrors, an unknown surface’s name too; a target that is no name is a TypeError', () => {
    const e = thrown(() => ts.providerProfile('nonesuch'), DownconvertError);
    assert.deepEqual(e.diagnostics.map((d) => d.code), ['OLP001']);
    assert.ok(thrown(() => ts.downconvert('{', 'openai'), DownconvertError).diagnostics[0].code.startsWith('OLS'));
    assert.deepEqual(thrown(() => ts.downconvert(docketSchema, 'OpenAI'), DownconvertError).diagnostics.map((d) => d.code), ['OLP001']);
    assert.throws(() => ts.downconvert(docketSchema, ''), /target must be a built-in surface's name or alias/);
    assert.throws(() => ts.downconvert(docketSchema, 5), TypeError);
    assert.throws(() => ts.downconvert(docketSchema, { tag: 'openai' }), /no member 'tag'/);
  });

  // The smallest strict tool's schema, and one of objects nested `depth` deep.
  const SMALL = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}';
  const nested = (depth) => {
    let schema = '{"type":"string"}';
    for (let i = 0; i < depth; i++) schema = `{"type":"object","properties":{"a":${schema}},"required":["a"],"additionalProperties":false}`;
    return schema;
  };

  test('budget lists each limit a request’s tools are over: 21 strict tools for Anthropic is one over', () => {
    const [over, ...rest] = ts.budget(Array(21).fill(SMALL), 'anthropic');
    assert.deepEqual(rest, []);
    assert.deepEqual(Object.keys(over), ['limit', 'scope', 'allowed', 'measured', 'message']);
    assert.deepEqual(
      { limit: over.limit, scope: over.scope, allowed: over.allowed, measured: over.measured },
      { limit: 'tools', scope: 'request', allowed: 20, measured: 21 },
    );
    assert.equal('tool' in over, false, 'a limit of the request names no tool');
    assert.match(over.message, /^anthropic takes at most 20 strict tools in one request; this request has 21, 1 over\. Source: /);
    assert.deepEqual(ts.budget(Array(20).fill(SMALL), 'anthropic'), []);
    assert.deepEqual(ts.budget([], 'openai'), []);
  });

  test('a per-schema limit names the tool by its index: 11 levels of nesting for OpenAI', () => {
    const over = ts.budget([nested(11)], 'openai');
    assert.equal(over.length, 1);
    assert.deepEqual(Object.keys(over[0]), ['limit', 'scope', 'allowed', 'measured', 'tool', 'message']);
    const { message, ...counts } = over[0];
    assert.deepEqual(counts, { limit: 'nesting', scope: 'schema', allowed: 10, measured: 11, tool: 0 });
    assert.match(message, /^openai takes at most 10 levels of object nesting in one schema; tool 0 has 11, 1 over\./);
    assert.deepEqual(ts.budget([nested(10)], 'openai'), []);
    assert.equal(ts.budget([SMALL, nested(11)], { custom: ts.providerProfile('openai') })[0].tool, 1);
    // downconvert refuses the same schema alone (OLP005).
    assert.deepEqual(thrown(() => ts.downconvert(nested(11), 'openai'), DownconvertError).diagnostics.map((d) => d.code), ['OLP005']);
  });

  test('budget refuses a schema it cannot convert with a DownconvertError, its paths under tools[i]', () => {
    const e = thrown(() => ts.budget([SMALL, '{"type":"object","properties":{"a":{"$ref":"#/nope"}}}'], 'anthropic'), DownconvertError);
    assert.deepEqual(e.diagnostics.map((d) => [d.code, d.path]), [['OLS004', 'tools[1]']]);
    assert.deepEqual(Object.keys(e.diagnostics[0]), ['code', 'message', 'path']);
    assert.ok(thrown(() => ts.budget([SMALL], { custom: '{}' }), DownconvertError).diagnostics.every((d) => d.code === 'OLP003'));
    assert.throws(() => ts.budget(SMALL, 'anthropic'), /schemas must be an array/);
    assert.throws(() => ts.budget([SMALL, {}], 'anthropic'), /schemas\[1\] must be a string/);
    assert.deepEqual(thrown(() => ts.budget([SMALL], 'Anthropic'), DownconvertError).diagnostics.map((d) => d.code), ['OLP001']);
    assert.throws(() => ts.budget([SMALL], null), TypeError);
  });
});

describe('instances', () => {
  test('interfaces lists what this build of the component exports', () => {
    assert.deepEqual([...ts.interfaces].sort(), ['describe', 'downconvert', 'encode', 'tools', 'validate', 'work']);
  });

  test('ToolSchema and Validator have no public constructor', () => {
    assert.throws(() => new ToolSchema(), /load\(\)/);
    assert.throws(() => new Validator(), /compile/);
    assert.equal(ToolSchema.load, ToolSchema.load);
  });

  test('each instance has a memory limit, 512 MiB unless told', async () => {
    assert.equal(DEFAULT_MAX_MEMORY_BYTES, 512 * MiB);
    await assert.rejects(load({ maxMemoryBytes: INITIAL_MEMORY - 65536 }), /less than the component's initial memory/);
    await assert.rejects(load({ maxMemoryBytes: 0 }), RangeError);
    // Past the limit, memory.grow fails: the engine refuses to grow it.
    const small = await load({ maxMemoryBytes: INITIAL_MEMORY + 2 * MiB });
    assert.equal(small.validateArgs('{"type":"object"}', '{"a":[1,2,3]}').text, '{"a":[1,2,3]}');
  });

  // A real trap: an allocation past the memory limit makes the component's
  // allocator abort (`unreachable`). The input is small enough to be copied in,
  // so the trap happens inside the export.
  const hungry = '{"a":[' + Array(200_000).fill('1').join(',') + ']}';
  const limited = () => load({ maxMemoryBytes: INITIAL_MEMORY + 2 * MiB });

  test('without the wrapper, an instance that trapped refuses every later call', async () => {
    const dir = new URL('../gen/', import.meta.url);
    const root = await instantiate(
      async (name) => WebAssembly.compile(limitMemory(new Uint8Array(await readFile(new URL(name, dir))), INITIAL_MEMORY + 2 * MiB)),
      {},
    );
    assert.throws(() => root.validate.validateArgs('{"type":"object"}', hungry), (e) => e instanceof WebAssembly.RuntimeError && /unreachable/.test(e.message));
    assert.throws(() => root.describe.describeType('int', { mode: 'generator' }), WebAssembly.RuntimeError);
  });

  test('after a trap the wrapper makes a fresh instance, and the next call works', async () => {
    const small = await limited();
    const before = small.memoryBytes;
    const e = thrown(() => small.validateArgs('{"type":"object"}', hungry), TrapError);
    assert.ok(e instanceof ToolSchemaError);
    assert.ok(e.cause instanceof WebAssembly.RuntimeError, 'the cause is the engine’s trap');
    assert.match(e.message, /trapped \(.*unreachable.*\); a fresh instance replaces it/);
    assert.equal(small.restarts, 1);
    assert.equal(small.memoryBytes, before, 'the fresh instance starts with fresh memory');
    assert.deepEqual(small.validateArgs(docketSchema, `{"caseId": "${CASE_ID}"}`), valid(`{"caseId":"${CASE_ID}","limit":10}`));
    assert.equal(small.describeType('int'), '{"type":"integer","minimum":-2147483648,"maximum":2147483647}');
    // It traps again the same way, and recovers again.
    assert.throws(() => small.validateArgs('{"type":"object"}', hungry), TrapError);
    assert.equal(small.restarts, 2);
    assert.equal(small.toolName('GetDocketAsync'), 'get_docket');
  });

  test('a Validator compiled before a trap is compiled again in the fresh instance', async () => {
    const small = await limited();
    const v = ts.compile(docketSchema); // another ToolSchema's: unaffected
    const w = small.compile(docketSchema, { formats: 'assert' });
    assert.throws(() => w.validate(hungry), TrapError);
    assert.equal(small.restarts, 1);
    assert.deepEqual(w.validate(`{"caseId": "${CASE_ID}"}`), valid(`{"caseId":"${CASE_ID}","limit":10}`));
    assert.deepEqual(refusedWith(w.validate('{"limit": 0}')).map((x) => x.path), ['limit', 'caseId']);
    assert.deepEqual(v.validate(`{"caseId": "${CASE_ID}"}`), valid(`{"caseId":"${CASE_ID}","limit":10}`));
    w.free();
    v.free();
  });
});

describe('hostile input', () => {
  const SMALL = '{"type":"object","properties":{"n":{"type":"integer","maximum":3}}}';
  const cases = [
    ['a schema of 1,000,000 nested arrays', '['.repeat(1_000_000) + ']'.repeat(1_000_000), '{}', '$', 'schema'],
    // Patterns without look-around or back-references run in linear time: a plain mismatch.
    ['the pattern (a|aa)*c against 10,000 a', '{"type":"object","properties":{"s":{"pattern":"(a|aa)*c"}}}', `{"s":"${'a'.repeat(10_000)}"}`, 's', 'pattern'],
    ['an argument text of 100 MB', '{"type":"object"}', `{"a":"${'x'.repeat(100 << 20)}"}`, '$', 'limit'],
  ];
  for (const [name, schema, args, path, keyword] of cases) {
    test(`${name}: an error result, and the next call works`, async () => {
      const fresh = await load();
      const [e] = refusedWith(fresh.validateArgs(schema, args));
      assert.deepEqual([e.path, e.keyword], [path, keyword]);
      assert.deepEqual(fresh.validateArgs(SMALL, '{"n":1}'), valid('{"n":1}'));
      assert.equal(fresh.restarts, 0, 'answered without a trap');
    });
  }
});

describe('text that is not well-formed UTF-16', () => {
  // jco writes strings into the component with TextEncoder, which turns a
  // lone surrogate into U+FFFD: "\ud800" and "\udc00" would be one name.
  const CLOSED = '{"type":"object","properties":{"\ud800":{"type":"integer"}},"additionalProperties":false}';

  test('a schema key "\\ud800" does not accept an argument "\\udc00" under additionalProperties: false', () => {
    const e = thrown(() => ts.validateArgs(CLOSED, '{"\udc00": 1}'), TextError);
    assert.ok(e instanceof ToolSchemaError && !(e instanceof TypeError));
    assert.equal(e.name, 'TextError');
    assert.equal(e.argument, 'schema');
    assert.equal(e.index, 32);
    assert.match(e.message, /^schema is not well-formed UTF-16: a lone surrogate \\ud800 at index 32/);
    // Refused before anything crossed: the same instance answers the next call.
    assert.deepEqual(ts.validateArgs('{"type":"object"}', '{"\ud83d\ude00": 1}'), valid('{"😀":1}'));
    assert.equal(ts.restarts, 0);
  });

  test('every text is checked, wherever it goes', () => {
    const lone = (s) => `${s}\udc00`;
    const cases = [
      [() => ts.validateArgs('{"type":"object"}', lone('{"a":"x"}')), 'args'],
      [() => ts.describeTool(lone('{')), 'descriptor'],
      [() => ts.describeType(lone('List<int>')), 'typeExpr'],
      [() => ts.describeType('int', { naming: lone('CamelCase') }), 'context.naming'],
      [() => ts.describeSource([{ path: lone('T.cs'), text: docketSource }]), 'files[0].path'],
      [() => ts.describeSource([{ path: 'T.cs', text: lone(docketSource) }]), 'files[0].text'],
      [() => ts.toolName(lone('Get')), 'method'],
      [() => ts.flattenDoc(lone('<summary>x</summary>')), 'xml'],
      [() => ts.compile(lone('{}')), 'schema'],
      [() => ts.compile('{"type":"object"}').validate(lone('{}')), 'args'],
      [
        () => ts.encodeResult({ toolName: 'x', returnType: 'string', outcome: { type: 'returned', json: lone('"a') } }),
        'outcome.json',
      ],
      [
        () => ts.encodeResult({ toolName: 'x', returnType: 'Part', outcome: { type: 'returnedParts', parts: [{ type: 'text', text: lone('') }] } }),
        'outcome.parts[0].text',
      ],
      [() => ts.downconvert(lone('{}'), 'openai'), 'schema'],
      [() => ts.downconvert('{}', { custom: lone('{}') }), 'target.custom'],
      [() => ts.restoreArgs('{"type":"object"}', 'openai', lone('{}')), 'args'],
      [() => ts.providerProfile(lone('openai')), 'name'],
    ];
    for (const [call, argument] of cases) assert.equal(thrown(call, TextError).argument, argument);
    // A surrogate pair is one character; a high surrogate last in the text is alone.
    assert.equal(ts.flattenDoc('a \ud83d\ude00'), 'a 😀');
    assert.equal(thrown(() => ts.flattenDoc('a \ud83d'), TextError).index, 2);
    assert.equal(ts.restarts, 0);
  });
});

describe('the work budget', () => {
  const docket = () => example('get-docket.json');
  const ITEMS = '{"type":"object","properties":{"a":{"items":{"type":"integer"}}}}';
  const many = `{"a":[${Array(10_000).fill(1).join(',')}]}`;

  test('load({workBudget}) takes a BigInt or a safe integer number of steps', async () => {
    assert.equal(ts.workBudget, 20_000_000n, 'the component’s default');
    await assert.rejects(load({ workBudget: -1 }), RangeError);
    await assert.rejects(load({ workBudget: 2 ** 64 }), RangeError);
    await assert.rejects(load({ workBudget: 'lots' }), TypeError);
    assert.equal((await load({ workBudget: 5000 })).workBudget, 5000n);
  });

  test('past it a call is one error at $, and a call within it is answered', async () => {
    const tight = await load({ workBudget: 20n });
    const descriptor = await docket();
    const e = thrown(() => tight.describeTool(descriptor), DescribeError);
    assert.deepEqual(e.diagnostics.map((d) => [d.code, d.path]), [['OLD007', '$']]);
    assert.match(e.diagnostics[0].message, /more than the work budget of 20 steps/);
    const args = refusedWith(tight.validateArgs(ITEMS, many));
    assert.deepEqual(args.map((x) => [x.path, x.keyword]), [['$', 'limit']]);
    assert.match(args[0].message, /takes more than 20 steps/);
    assert.equal(tight.describeType('int'), '{"type":"integer","minimum":-2147483648,"maximum":2147483647}');
    assert.equal(tight.restarts, 0);
    assert.equal(ts.validateArgs(ITEMS, many).text, many.replace(/\s/g, ''));
  });

  test('the fresh instance after a trap has it too, on this thread and in the worker', async () => {
    const hungry = '{"a":[' + Array(200_000).fill('1').join(',') + ']}';
    for (const options of [{}, { deadlineMs: 10_000 }]) {
      const small = await load({ maxMemoryBytes: INITIAL_MEMORY + 2 * MiB, workBudget: 1_000n, ...options });
      thrown(() => small.validateArgs('{"type":"object"}', hungry), TrapError);
      assert.equal(small.restarts, 1);
      assert.equal(small.workBudget, 1_000n);
      assert.match(refusedWith(small.validateArgs(ITEMS, many))[0].message, /takes more than 1000 steps/);
    }
  });
});

describe('freeing validators', () => {
  // A schema whose compiled form takes a few MiB inside the component.
  const properties = {};
  for (let i = 0; i < 3000; i++) properties[`p${i}`] = { type: 'string', minLength: 1, maxLength: 20 + i, enum: [`a${i}`, `b${i}`] };
  const big = JSON.stringify({ type: 'object', properties });
  const budget = () => load({ maxMemoryBytes: INITIAL_MEMORY + 40 * MiB });

  test('freed validators give their memory back: 30 compiles fit where 30 kept ones do not', async () => {
    const freeing = await budget();
    for (let i = 0; i < 30; i++) {
      const v = freeing.compile(big);
      assert.deepEqual(v.validate('{"p1":"a1"}'), valid('{"p1":"a1"}'));
      v.free();
    }
    assert.equal(freeing.restarts, 0);

    // The control: the same compiles kept alive run out of memory.
    const keeping = await budget();
    const kept = [];
    assert.throws(() => {
      for (let i = 0; i < 30; i++) kept.push(keeping.compile(big));
    }, TrapError);
    assert.ok(kept.length < 30);
    assert.equal(keeping.restarts, 1);
  });

  test('free() is idempotent, Symbol.dispose frees, and a freed validator refuses to validate', () => {
    const v = ts.compile(docketSchema);
    assert.equal(v.freed, false);
    v[Symbol.dispose]();
    assert.equal(v.freed, true);
    v.free();
    assert.throws(() => v.validate('{}'), (e) => e instanceof ToolSchemaError && /freed/.test(e.message));
  });
});
