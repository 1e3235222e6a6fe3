// The built-in request surfaces: `providers()` lists them (and `PROVIDERS`
// is its names), any name or alias is a target, a conversion reports the
// surfaces that take the schema as it is (`alsoValidFor`) and what of it no
// value satisfies (`dead`), and `budgetPlan` places a request's tools within
// a surface's limits.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { thrown } from './thrown.mjs';
import { DownconvertError, PROVIDERS, load } from '../src/index.js';

const ts = await load();
const providers = ts.providers();

// The smallest strict tool's schema: every surface of the OpenAI kind takes it as it is.
const SMALL = '{"type":"object","properties":{"a":{"type":"string"}},"required":["a"],"additionalProperties":false}';
// A small schema with what most surfaces change: a range, an optional property, a format.
const DOCKET =
  '{"type":"object","properties":{"caseId":{"type":"string","format":"uuid"},"limit":{"type":"integer","minimum":1,"maximum":100,"default":10}},"required":["caseId"],"additionalProperties":false}';
const EMPTY_ENUM = '{"type":"object","properties":{"a":{"type":"string"},"b":{"enum":[]}},"required":["a"],"additionalProperties":false}';
const codes = (e) => e.diagnostics.map((d) => d.code);

describe('providers', () => {
  test('providers() lists every built-in surface as a frozen record; PROVIDERS is their names, in order', () => {
    assert.equal(providers.length, 13);
    assert.deepEqual(PROVIDERS, providers.map((p) => p.name));
    assert.ok(Object.isFrozen(PROVIDERS) && Object.isFrozen(providers));
    for (const p of providers) {
      assert.deepEqual(Object.keys(p), ['name', 'aliases', 'surface', 'oldestRule', 'uncheckedRules']);
      assert.ok(Object.isFrozen(p) && Object.isFrozen(p.aliases), p.name);
      assert.match(p.oldestRule, /^\d{4}-\d{2}-\d{2}$/, p.name);
      assert.ok(Number.isInteger(p.uncheckedRules) && p.uncheckedRules >= 0, p.name);
      assert.ok(p.surface.length > 0, p.name);
    }
    assert.equal(ts.providers(), providers, 'read once');
    // The WIT's three cases of their own are the aliases of three surfaces.
    const aliases = Object.fromEntries(providers.flatMap((p) => p.aliases.map((a) => [a, p.name])));
    assert.deepEqual(aliases, { openai: 'openai-chat', anthropic: 'anthropic-tools', gemini: 'gemini-json' });
  });

  test('a conversion for each surface in providers() succeeds on a small schema, by downconvert and by a tool', () => {
    const tool = ts.tool({ name: 'get_docket', inputSchema: DOCKET });
    for (const { name } of providers) {
      const d = ts.downconvert(DOCKET, name);
      assert.deepEqual(Object.keys(d), ['schema', 'changes', 'lossless', 'alsoValidFor', 'dead'], name);
      assert.equal(typeof JSON.parse(d.schema), 'object', name);
      const converted = tool.convert(name);
      assert.equal(converted.schemaText, d.schema, name);
      assert.deepEqual(converted.changes, d.changes, name);
      assert.equal(converted.lossless, d.lossless, name);
      assert.deepEqual(converted.alsoValidFor, d.alsoValidFor, name);
      assert.deepEqual(converted.dead, d.dead, name);
      // The model's answer comes back through every surface.
      const restored = converted.restore({ caseId: '2eb8aa08-aa98-11ea-b4aa-73b441d16380', limit: 10 });
      assert.equal(restored.ok, true, `${name}: ${JSON.stringify(restored)}`);
      converted.free();
      // Each surface's profile, by its name.
      assert.equal(JSON.parse(ts.providerProfile(name)).name, name);
    }
    tool.free();
  });

  test('an alias gives the same schema, changes and report as its surface', () => {
    let aliases = 0;
    for (const p of providers) {
      const own = ts.downconvert(DOCKET, p.name);
      for (const alias of p.aliases) {
        aliases += 1;
        const by = ts.downconvert(DOCKET, alias);
        assert.equal(by.schema, own.schema, `${alias} is ${p.name}`);
        assert.equal(by.lossless, own.lossless, alias);
        assert.deepEqual(by.alsoValidFor, own.alsoValidFor, alias);
        assert.deepEqual(by.dead, own.dead, alias);
        assert.deepEqual(ts.budget([DOCKET], alias).map((o) => o.limit), ts.budget([DOCKET], p.name).map((o) => o.limit), alias);
        const args = '{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": null}';
        assert.deepEqual(ts.restoreArgs(DOCKET, alias, args), ts.restoreArgs(DOCKET, p.name, args), alias);
      }
    }
    assert.equal(aliases, 3);
  });

  test('an unknown surface’s name is a DownconvertError OLP001 everywhere a target is taken', () => {
    for (const name of ['nonesuch', 'OpenAI', 'openai ', 'anthropic_tools']) {
      const e = thrown(() => ts.downconvert(SMALL, name), DownconvertError);
      assert.deepEqual(codes(e), ['OLP001'], name);
      assert.equal(e.diagnostics[0].path, 'target');
      assert.ok(PROVIDERS.every((p) => e.diagnostics[0].message.includes(p)), 'the message lists every surface');
      assert.deepEqual(codes(thrown(() => ts.budget([SMALL], name), DownconvertError)), ['OLP001'], name);
      assert.deepEqual(codes(thrown(() => ts.budgetPlan([SMALL], name), DownconvertError)), ['OLP001'], name);
      assert.deepEqual(codes(thrown(() => ts.providerProfile(name), DownconvertError)), ['OLP001'], name);
      const tool = ts.tool({ name: 't', inputSchema: SMALL });
      assert.deepEqual(codes(thrown(() => tool.convert(name), DownconvertError)), ['OLP001'], name);
      tool.free();
      // restoreArgs answers arguments it cannot check as a value, with the diagnostic in its params.
      const restored = ts.restoreArgs(SMALL, name, '{"a": "x"}');
      assert.equal(restored.ok, false);
      assert.deepEqual([restored.errors[0].keyword, restored.errors[0].params.code], ['schema', 'OLP001']);
    }
    // Not a name at all: refused before it crosses.
    for (const wrong of ['', 5, null, ['openai'], { name: 'openai' }]) {
      assert.throws(() => ts.downconvert(SMALL, wrong), TypeError, String(wrong));
    }
  });
});

describe('what a conversion reports', () => {
  test('alsoValidFor: a schema that already fits openai-chat lists it, for the original and the converted schema', () => {
    const d = ts.downconvert(SMALL, 'openai-chat');
    assert.deepEqual(d.changes, []);
    assert.deepEqual(Object.keys(d.alsoValidFor), ['original', 'converted']);
    assert.ok(d.alsoValidFor.original.includes('openai-chat'));
    assert.ok(d.alsoValidFor.converted.includes('openai-chat'));
    // Names of surfaces, in the order of providers().
    for (const list of [d.alsoValidFor.original, d.alsoValidFor.converted]) {
      const at = list.map((n) => PROVIDERS.indexOf(n));
      assert.ok(at.every((i, k) => i >= 0 && (k === 0 || i > at[k - 1])), JSON.stringify(list));
    }
    // A schema openai-chat refuses as it is (an optional property) is not listed
    // for the original, and is for the schema converted for it.
    const docket = ts.downconvert(DOCKET, 'openai-chat');
    assert.equal(docket.alsoValidFor.original.includes('openai-chat'), false);
    assert.ok(docket.alsoValidFor.converted.includes('openai-chat'));
  });

  test('dead: an `enum: []` property is reported by its pointer into the given schema, with a reason', () => {
    const d = ts.downconvert(EMPTY_ENUM, 'openai-chat');
    assert.deepEqual(d.dead.map((x) => x.pointer), ['/properties/b']);
    assert.deepEqual(Object.keys(d.dead[0]), ['pointer', 'reason']);
    assert.match(d.dead[0].reason, /enum/);
    assert.deepEqual(ts.downconvert(SMALL, 'openai-chat').dead, []);
    // The same for every surface: the fault is the schema's, not the conversion's.
    for (const name of PROVIDERS) assert.deepEqual(ts.downconvert(EMPTY_ENUM, name).dead, d.dead, name);
  });

  test('a Converted reads alsoValidFor and dead once, frozen, as downconvert answers them', () => {
    const tool = ts.tool({ name: 't', inputSchema: EMPTY_ENUM });
    const converted = tool.convert('anthropic-tools');
    const d = ts.downconvert(EMPTY_ENUM, 'anthropic-tools');
    const { alsoValidFor, dead } = converted;
    assert.deepEqual(alsoValidFor, d.alsoValidFor);
    assert.deepEqual(dead, d.dead);
    assert.equal(converted.alsoValidFor, alsoValidFor, 'cached');
    assert.equal(converted.dead, dead, 'cached');
    for (const v of [alsoValidFor, alsoValidFor.original, alsoValidFor.converted, dead, dead[0]]) assert.ok(Object.isFrozen(v));
    converted.free();
    assert.throws(() => converted.dead, /this converted schema was freed/);
    assert.throws(() => converted.alsoValidFor, /this converted schema was freed/);
    tool.free();
  });
});

describe('budgetPlan', () => {
  // A tool with two optional parameters, one of them a union.
  const OPTIONALS = JSON.stringify({
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' }, c: { anyOf: [{ type: 'string' }, { type: 'integer' }] } },
    required: ['a'],
    additionalProperties: false,
  });
  // Anthropic's documented limits for the strict tools of one request.
  const LIMITS = { tools: 20, optionalParameters: 24, unions: 16 };

  test('30 tools for anthropic-tools: at most 20 strict, and the strict ones within every limit of the request', () => {
    // Fifteen with two optional parameters each (30 in all, past 24), then fifteen small ones.
    const schemas = [...Array(15).fill(OPTIONALS), ...Array(15).fill(SMALL)];
    const plan = ts.budgetPlan(schemas, 'anthropic-tools');
    assert.deepEqual(Object.keys(plan), ['tools', 'over']);
    assert.deepEqual(plan.tools.map((t) => t.tool), [...schemas.keys()]);
    for (const t of plan.tools) {
      assert.deepEqual(Object.keys(t), ['tool', 'placement', 'over', 'reason']);
      assert.ok(['strict', 'non-strict', 'left-out'].includes(t.placement), t.placement);
      assert.ok(t.reason.length > 0);
    }
    // The plan's `over` is budget's answer for every tool strict.
    assert.deepEqual(plan.over, ts.budget(schemas, 'anthropic-tools'));
    assert.deepEqual(plan.over.map((o) => o.limit).sort(), ['optionalParameters', 'tools']);

    const strict = plan.tools.filter((t) => t.placement === 'strict').map((t) => t.tool);
    assert.ok(strict.length <= LIMITS.tools, `${strict.length} strict tools`);
    // First come, first served: twelve of the fifteen fit the 24 optional parameters, then the small ones up to 20 tools.
    assert.deepEqual(strict, [...[...Array(12).keys()], ...[...Array(8).keys()].map((i) => 15 + i)]);
    assert.deepEqual(ts.budget(strict.map((i) => schemas[i]), 'anthropic-tools'), [], 'the strict tools are within every limit');
    const optional = strict.filter((i) => i < 15).length * 2;
    const unions = strict.filter((i) => i < 15).length;
    assert.ok(optional <= LIMITS.optionalParameters && unions <= LIMITS.unions);
    // The rest are sent without strict mode: nothing is left out for these limits.
    assert.ok(plan.tools.filter((t) => !strict.includes(t.tool)).every((t) => t.placement === 'non-strict'));
  });

  test('a tool under every limit is strict; names are checked against the surface’s rule', () => {
    const plan = ts.budgetPlan([SMALL, SMALL, SMALL], 'anthropic', ['find_books', 'find books', 'send-alert']);
    assert.deepEqual(plan.tools.map((t) => t.placement), ['strict', 'left-out', 'strict']);
    assert.deepEqual(plan.over, []);
    const [named] = plan.tools[1].over;
    assert.deepEqual([named.limit, named.scope, named.tool], ['toolNames', 'schema', 1]);
    assert.deepEqual(ts.budgetPlan([], 'openai-chat'), { tools: [], over: [] });
    assert.deepEqual(ts.budgetPlan([SMALL], 'openai'), ts.budgetPlan([SMALL], 'openai-chat', []));
  });

  test('budgetPlan checks its arguments; one name per schema or none', () => {
    assert.deepEqual(codes(thrown(() => ts.budgetPlan([SMALL, SMALL], 'anthropic-tools', ['a']), DownconvertError)), ['OLP003']);
    assert.throws(() => ts.budgetPlan(SMALL, 'anthropic-tools'), /schemas must be an array/);
    assert.throws(() => ts.budgetPlan([SMALL], 'anthropic-tools', 'a'), /names must be an array/);
    assert.throws(() => ts.budgetPlan([SMALL], 'anthropic-tools', [5]), /names\[0\] must be a string/);
    assert.throws(() => ts.budgetPlan([SMALL]), /target must be/);
  });
});
