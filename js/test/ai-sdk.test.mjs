// The AI SDK adapter (src/ai-sdk.js), end to end through `generateText` and
// the SDK's mock language model: the model is sent the component's schema,
// every call is checked by the component, a refused call reaches the model as
// a tool error carrying the component's messages without running the
// function, and what the function does is encoded by the component.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { generateText, stepCountIs, streamText } from 'ai';
import { MockLanguageModelV3, simulateReadableStream } from 'ai/test';
import { aiTool, aiTools, InvalidArgumentsError, ToolCallError } from '../src/ai-sdk.js';
import {
  BAD_DOCKET,
  BAD_DOCKET_REFUSAL,
  BAD_FORECAST,
  BAD_FORECAST_REFUSAL,
  CASE,
  DOCKET,
  FORECAST,
  LookupError,
  Recorder,
  docketDescriptor,
  documentedOutput,
  forecast,
  refusal,
  runExample,
  ts,
} from './frameworks-support.mjs';

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const step = (content, finish) => ({ content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] });

// A mock model that calls `name` with each input (JSON text as the model
// writes it), one step each, then answers; it keeps what it was sent.
function scripted(name, inputs) {
  const sent = [];
  const model = new MockLanguageModelV3({
    async doGenerate(options) {
      sent.push(options);
      const i = sent.length - 1;
      if (i < inputs.length) return step([{ type: 'tool-call', toolCallId: `call-${i}`, toolName: name, input: inputs[i] }], 'tool-calls');
      return step([{ type: 'text', text: 'done' }], 'stop');
    },
  });
  // What the model read of each call: the tool results of the next request.
  const read = () =>
    sent.slice(1).map((o) => {
      const last = o.prompt.at(-1);
      assert.equal(last.role, 'tool');
      return last.content[0].output;
    });
  return { model, sent, read };
}

async function run(tools, model) {
  return generateText({ model, tools, prompt: 'go', stopWhen: stepCountIs(10) });
}

test('ai-sdk: the model is sent the input schema the component wrote, with the tool\'s description', async () => {
  const tool = ts.tool(await docketDescriptor());
  const { model, sent } = scripted('get_docket', []);
  await run({ get_docket: aiTool(tool, new Recorder().docket) }, model);
  const [sentTool] = sent[0].tools;
  assert.equal(sentTool.name, 'get_docket');
  assert.equal(sentTool.description, 'Looks up a court docket.');
  assert.equal(JSON.stringify(sentTool.inputSchema), tool.info.inputSchemaText);
  assert.equal(sentTool.strict, undefined);
});

test('ai-sdk: an invalid call reaches the model as a tool error with the component\'s messages, and the function is not run', async () => {
  const tool = ts.tool(FORECAST);
  assert.equal(refusal(tool, BAD_FORECAST), BAD_FORECAST_REFUSAL);
  const recorder = new Recorder();
  const { model, read } = scripted('forecast', [JSON.stringify(BAD_FORECAST), '{"city": "Oslo", "days": 3}']);
  const result = await run({ forecast: aiTool(tool, recorder.forecast) }, model);
  const [refused, answered] = read();
  // The model reads the component's text exactly, with no words of the SDK's.
  assert.deepEqual(refused, { type: 'error-text', value: BAD_FORECAST_REFUSAL });
  assert.deepEqual(answered, { type: 'text', value: '{"city":"Oslo","days":3,"units":"metric"}' });
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 3, units: 'metric' }]);
  // The step has the call as the model sent it and a tool error carrying the
  // component's errors.
  assert.deepEqual(result.steps[0].toolCalls[0].input, BAD_FORECAST);
  const [invalid] = result.steps[0].content.filter((p) => p.type === 'tool-error');
  assert.equal(invalid.toolCallId, 'call-0');
  assert.ok(invalid.error instanceof InvalidArgumentsError);
  assert.equal(invalid.error.message, BAD_FORECAST_REFUSAL);
  assert.deepEqual(invalid.error.errors.map((e) => e.keyword), ['maximum', 'additionalProperties']);
});

test('ai-sdk: streamed, a refused call reaches the model as the component\'s messages too', async () => {
  const sent = [];
  const model = new MockLanguageModelV3({
    async doStream(options) {
      sent.push(options);
      const finish = (unified) => ({ type: 'finish', finishReason: { unified, raw: unified }, usage });
      const chunks =
        sent.length === 1
          ? [{ type: 'tool-call', toolCallId: 'call-0', toolName: 'forecast', input: JSON.stringify(BAD_FORECAST) }, finish('tool-calls')]
          : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'done' }, { type: 'text-end', id: 't' }, finish('stop')];
      return { stream: simulateReadableStream({ chunks }) };
    },
  });
  const recorder = new Recorder();
  const result = streamText({ model, tools: { forecast: aiTool(ts.tool(FORECAST), recorder.forecast) }, prompt: 'go', stopWhen: stepCountIs(5) });
  assert.equal(await result.text, 'done');
  assert.deepEqual(sent[1].prompt.at(-1).content[0].output, { type: 'error-text', value: BAD_FORECAST_REFUSAL });
  assert.deepEqual(recorder.calls, []);
});

test('ai-sdk: arguments that are not an object reach the model as the component\'s message too', async () => {
  const tool = ts.tool(FORECAST);
  const recorder = new Recorder();
  const { model, read } = scripted('forecast', ['[1, 2]', '"Oslo"']);
  await run({ forecast: aiTool(tool, recorder.forecast) }, model);
  assert.deepEqual(read(), [
    { type: 'error-text', value: refusal(tool, [1, 2]) },
    { type: 'error-text', value: refusal(tool, 'Oslo') },
  ]);
  assert.deepEqual(recorder.calls, []);
});

test('ai-sdk: a valid call runs the function with the bound arguments (a default filled in, 2.0 as 2)', async () => {
  const recorder = new Recorder();
  const { model, read } = scripted('forecast', ['{"city": "Oslo", "days": 2.0}']);
  const result = await run({ forecast: aiTool(ts.tool(FORECAST), recorder.forecast) }, model);
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 2, units: 'metric' }]);
  assert.ok(Number.isInteger(recorder.calls[0].days));
  assert.deepEqual(read(), [{ type: 'text', value: '{"city":"Oslo","days":2,"units":"metric"}' }]);
  // The step's tool call holds the bound arguments too.
  assert.deepEqual(result.steps[0].toolCalls[0].input, { city: 'Oslo', days: 2, units: 'metric' });
});

test('ai-sdk: converted for OpenAI, the strict schema is sent and null restores an absent optional argument', async () => {
  const tool = ts.tool(FORECAST);
  const recorder = new Recorder();
  const { model, sent, read } = scripted('forecast', ['{"city": "Oslo", "days": 3, "units": null}', '{"city": "Oslo", "days": 30, "units": null}']);
  await run({ forecast: aiTool(tool, recorder.forecast, { target: 'openai' }) }, model);
  const [sentTool] = sent[0].tools;
  assert.equal(JSON.stringify(sentTool.inputSchema), tool.convert('openai').schemaText);
  assert.equal(sentTool.strict, true);
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 3, units: 'metric' }]);
  // An answer the original schema refuses is refused after it is restored.
  const [answered, refused] = read();
  assert.deepEqual(answered, { type: 'text', value: '{"city":"Oslo","days":3,"units":"metric"}' });
  assert.deepEqual(refused, { type: 'error-text', value: "Argument 'days' must be at most 14, not 30." });
});

test('ai-sdk: what the function throws becomes a tool error with the contract\'s text', async () => {
  const tool = ts.tool(await docketDescriptor());
  const { model, read } = scripted('get_docket', [`{"caseId": "${CASE}"}`]);
  const getDocket = aiTool(tool, async () => {
    throw new LookupError('no such case');
  });
  const result = await run({ get_docket: getDocket }, model);
  const expected = tool.encode({ type: 'threw', typeName: 'LookupError', message: 'no such case' });
  assert.equal(expected.isError, true);
  assert.deepEqual(read(), [{ type: 'error-text', value: expected.parts[0].text }]);
  assert.equal(read()[0].value, "Tool 'get_docket' failed: LookupError: no such case");
  const [error] = result.steps[0].content.filter((p) => p.type === 'tool-error');
  assert.ok(error.error instanceof ToolCallError);
  assert.ok(error.error.cause instanceof LookupError);
  assert.equal(error.error.result.isError, true);
});

test('ai-sdk: a tool that requires approval asks for it before it runs', async () => {
  const recorder = new Recorder();
  const { model } = scripted('get_docket', [`{"caseId": "${CASE}"}`]);
  const result = await run({ get_docket: aiTool(ts.tool(await docketDescriptor({ requiresApproval: true })), recorder.docket) }, model);
  assert.deepEqual(recorder.calls, []);
  assert.equal(result.content.filter((p) => p.type === 'tool-approval-request').length, 1);
});

test('ai-sdk: a call the component refuses is answered without asking for approval', async () => {
  const recorder = new Recorder();
  const tool = ts.tool(await docketDescriptor({ requiresApproval: true }));
  const { model, read } = scripted('get_docket', [JSON.stringify(BAD_DOCKET)]);
  const result = await run({ get_docket: aiTool(tool, recorder.docket) }, model);
  assert.deepEqual(recorder.calls, []);
  assert.equal(result.steps.flatMap((s) => s.content).filter((p) => p.type === 'tool-approval-request').length, 0);
  assert.deepEqual(read(), [{ type: 'error-text', value: BAD_DOCKET_REFUSAL }]);
});

test('ai-sdk: aiTools keys the tools by name; a descriptor is made with the toolSchema option', async () => {
  const recorder = new Recorder();
  const tools = aiTools([[await docketDescriptor(), recorder.docket], [FORECAST, recorder.forecast]], { toolSchema: ts });
  assert.deepEqual(Object.keys(tools), ['get_docket', 'forecast']);
  const { model } = scripted('get_docket', [`{"caseId": "${CASE}"}`]);
  await run(tools, model);
  assert.deepEqual(recorder.calls, [{ caseId: CASE, limit: 10 }]);
  assert.throws(() => aiTools([[FORECAST, recorder.forecast], [FORECAST, recorder.forecast]], { toolSchema: ts }), /already have a tool named 'forecast'/);
});

test('ai-sdk: the schema validator answers as the component does, outside a run too', async () => {
  const tool = ts.tool(FORECAST);
  const made = aiTool(tool, new Recorder().forecast);
  const valid = await made.inputSchema.validate({ city: 'Oslo', days: 2 });
  assert.deepEqual(valid, { success: true, value: { city: 'Oslo', days: 2, units: 'metric' } });
  // A refused input passes the schema as it is, remembered as refused: the
  // tool's execute throws the refusal rather than run the function.
  const input = structuredClone(BAD_FORECAST);
  const held = await made.inputSchema.validate(input);
  assert.deepEqual(held, { success: true, value: input });
  assert.equal(held.value, input);
  await assert.rejects(made.execute(held.value, { toolCallId: 'c', messages: [] }), (e) => {
    assert.ok(e instanceof InvalidArgumentsError);
    assert.equal(e.message, BAD_FORECAST_REFUSAL);
    assert.deepEqual(e.errors.map((x) => x.keyword), ['maximum', 'additionalProperties']);
    return true;
  });
});

test('ai-sdk: execute called directly checks and binds the arguments itself', async () => {
  const recorder = new Recorder();
  const made = aiTool(ts.tool(FORECAST), recorder.forecast);
  const options = { toolCallId: 'c', messages: [] };
  assert.equal(await made.execute({ city: 'Oslo', days: 2 }, options), '{"city":"Oslo","days":2,"units":"metric"}');
  await assert.rejects(made.execute(structuredClone(BAD_FORECAST), options), (e) => e instanceof InvalidArgumentsError && e.message === BAD_FORECAST_REFUSAL);
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 2, units: 'metric' }]);
});

test('ai-sdk: what cannot be adapted is a clear error', async () => {
  const fn = async () => DOCKET;
  assert.throws(() => aiTool(FORECAST, fn), /give the loaded component as the option toolSchema/);
  assert.throws(() => aiTool(42, fn), /a tool is a Tool .*not a number/);
  assert.throws(() => aiTool(ts.tool(FORECAST), 'run'), /the function of the tool 'forecast' is a string, not a function/);
  assert.throws(
    () => aiTool(ts.tool(forecast({ inputSchema: { type: 'array' } })), fn),
    /takes a tool's arguments as a JSON object .*the input schema of 'forecast' has type "array"/,
  );
  assert.throws(() => aiTool(ts.tool(FORECAST), fn, { strict: true }), /has no option 'strict'/);
  assert.throws(() => aiTool(ts.tool(FORECAST), fn, { target: 'nobody' }));
});

test('ai-sdk: the example of docs/frameworks.md prints what the doc shows', async () => {
  assert.equal(await runExample('ai_sdk_tool.mjs'), await documentedOutput('ai_sdk_tool.mjs'));
});
