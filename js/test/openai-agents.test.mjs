// The OpenAI Agents SDK adapter (src/openai-agents.js), end to end through an
// Agent run with a Model of the SDK's interface that replays scripted
// responses: the model is sent the component's strict schema, each answer is
// restored and checked by the component, a refused call reaches the model as
// the component's messages without running the function, and what the
// function does is encoded by the component.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Agent, Runner, Usage } from '@openai/agents';
import { functionTool } from '../src/openai-agents.js';
import {
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

// A Model that calls `name` with each arguments text (as the model writes
// it), one response each, then answers; it keeps every request.
function scripted(name, argumentsTexts) {
  const requests = [];
  const model = {
    async getResponse(request) {
      requests.push(request);
      const i = requests.length - 1;
      const output =
        i < argumentsTexts.length
          ? [{ type: 'function_call', callId: `call-${i}`, name, arguments: argumentsTexts[i], status: 'completed' }]
          : [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: 'done' }] }];
      return { usage: new Usage(), output, responseId: `response-${i}` };
    },
    async *getStreamedResponse() {
      throw new Error('this model does not stream');
    },
  };
  // What the model read of each call: the function call outputs it was sent next.
  const read = () =>
    requests.slice(1).map((r) => {
      const last = r.input.at(-1);
      assert.equal(last.type, 'function_call_result');
      return last.output.text;
    });
  return { model, requests, read };
}

async function run(tool, model) {
  const agent = new Agent({ name: 'test', model, tools: [tool] });
  return new Runner({ tracingDisabled: true }).run(agent, 'go');
}

test('openai-agents: the model is sent the schema the component converted for OpenAI, strict', async () => {
  const tool = ts.tool(await docketDescriptor());
  const { model, requests } = scripted('get_docket', []);
  const made = functionTool(tool, new Recorder().docket);
  await run(made, model);
  const [sent] = requests[0].tools;
  assert.equal(sent.name, 'get_docket');
  assert.equal(sent.description, 'Looks up a court docket.');
  assert.equal(JSON.stringify(sent.parameters), tool.convert('openai').schemaText);
  assert.equal(sent.strict, true);
});

test('openai-agents: an invalid call reaches the model as the component\'s messages, and the function is not run', async () => {
  const tool = ts.tool(FORECAST);
  const converted = tool.convert('openai');
  const bad = JSON.stringify({ ...BAD_FORECAST, units: null });
  const restored = converted.restore(bad);
  assert.equal(restored.ok, false);
  const expected = tool.encode({ type: 'invalidArguments', errors: restored.errors });
  assert.equal(expected.parts[0].text, BAD_FORECAST_REFUSAL);
  const recorder = new Recorder();
  const { model, read } = scripted('forecast', [bad, 'not json']);
  await run(functionTool(tool, recorder.forecast), model);
  const [refused, unparsed] = read();
  assert.equal(refused, BAD_FORECAST_REFUSAL);
  // Arguments that are not JSON at all are answered by the SDK itself, which
  // parses them before it invokes a tool.
  assert.match(unparsed, /^An error occurred while parsing tool arguments/);
  assert.deepEqual(recorder.calls, []);
});

test('openai-agents: a returned value that does not fit the output schema fails the run, never reaching the model', async () => {
  const { model, requests } = scripted('get_docket', [`{"caseId": "${CASE}", "limit": null}`]);
  await assert.rejects(run(functionTool(ts.tool(await docketDescriptor()), async () => ({ number: 42 })), model), /OLE/);
  assert.equal(requests.length, 1);
});

test('openai-agents: a valid call runs the function with the bound arguments: null restored to the default, 2.0 as 2', async () => {
  const recorder = new Recorder();
  const { model, read } = scripted('forecast', ['{"city": "Oslo", "days": 2.0, "units": null}']);
  const result = await run(functionTool(ts.tool(FORECAST), recorder.forecast), model);
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 2, units: 'metric' }]);
  assert.ok(Number.isInteger(recorder.calls[0].days));
  assert.deepEqual(read(), ['{"city":"Oslo","days":2,"units":"metric"}']);
  assert.equal(result.finalOutput, 'done');
});

test('openai-agents: with target null the input schema is sent as it is, not strict, and each call validated', async () => {
  const tool = ts.tool(FORECAST);
  const recorder = new Recorder();
  const { model, requests, read } = scripted('forecast', ['{"city": "Oslo", "days": 3}', '{"city": "Oslo", "days": 3, "units": null}']);
  await run(functionTool(tool, recorder.forecast, { target: null }), model);
  const [sent] = requests[0].tools;
  assert.equal(JSON.stringify(sent.parameters), tool.info.inputSchemaText);
  assert.equal(sent.strict, false);
  // Without the conversion, null is not a unit.
  assert.deepEqual(read(), ['{"city":"Oslo","days":3,"units":"metric"}', refusal(tool, { city: 'Oslo', days: 3, units: null })]);
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 3, units: 'metric' }]);
});

test('openai-agents: what the function throws, or a timeout, is the contract\'s text', async () => {
  const thrower = functionTool(ts.tool(await docketDescriptor()), async () => {
    throw new LookupError('no such case');
  });
  const first = scripted('get_docket', [`{"caseId": "${CASE}", "limit": null}`]);
  await run(thrower, first.model);
  assert.deepEqual(first.read(), ["Tool 'get_docket' failed: LookupError: no such case"]);

  const slow = functionTool(ts.tool(await docketDescriptor({ timeoutSeconds: 1 })), () => new Promise((resolve) => setTimeout(resolve, 1500, DOCKET)));
  const second = scripted('get_docket', [`{"caseId": "${CASE}", "limit": null}`]);
  await run(slow, second.model);
  assert.deepEqual(second.read(), [ts.tool(await docketDescriptor({ timeoutSeconds: 1 })).encode({ type: 'timedOut', seconds: 1 }).parts[0].text]);
});

test('openai-agents: a tool that requires approval interrupts the run before it runs', async () => {
  const recorder = new Recorder();
  const { model } = scripted('get_docket', [`{"caseId": "${CASE}", "limit": null}`]);
  const made = functionTool(ts.tool(await docketDescriptor({ requiresApproval: true })), recorder.docket);
  const result = await run(made, model);
  assert.equal(result.interruptions.length, 1);
  assert.deepEqual(recorder.calls, []);
});

test('openai-agents: what cannot be adapted is a clear error', async () => {
  const fn = async () => DOCKET;
  assert.throws(() => functionTool(FORECAST, fn), /give the loaded component as the option toolSchema/);
  assert.equal(functionTool(FORECAST, fn, { toolSchema: ts }).name, 'forecast');
  assert.throws(() => functionTool(ts.tool(FORECAST), null), /the function of the tool 'forecast' is null, not a function/);
  assert.throws(() => functionTool(ts.tool(forecast({ inputSchema: true })), fn), /the input schema of 'forecast' has type true/);
  assert.throws(() => functionTool(ts.tool(FORECAST), fn, { strict: false }), /functionTool has no option 'strict'/);
});

test('openai-agents: the example of docs/frameworks.md prints what the doc shows', async () => {
  assert.equal(await runExample('openai_agents_tool.mjs'), await documentedOutput('openai_agents_tool.mjs'));
});
