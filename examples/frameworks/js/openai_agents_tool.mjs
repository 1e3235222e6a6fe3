// GetDocketAsync (examples/get-docket.json) as a tool of an OpenAI Agents SDK agent.
//
// The model is sent the tool's schema converted by the component for OpenAI's
// strict mode (every property required; null for an optional one left out),
// and the component restores and checks each answer before getDocket runs. A
// model replaying scripted responses stands in for the model (in use:
// new Agent({ model: 'gpt-5', … })): it calls the tool with arguments the
// component refuses, then with the limit null, and answers with what the tool
// returned.
//
// Run with @onellm/tool-schema and @openai/agents installed: node examples/frameworks/js/openai_agents_tool.mjs

import { readFileSync } from 'node:fs';
import { Agent, Runner, Usage } from '@openai/agents';
import { load } from '@onellm/tool-schema';
import { functionTool } from '@onellm/tool-schema/openai-agents';

const descriptor = JSON.parse(readFileSync(new URL('../../get-docket.json', import.meta.url), 'utf8'));
const toolSchema = await load();

const getDocket = functionTool(toolSchema.tool(descriptor), async ({ caseId, limit }) => {
  console.log(`getDocket(${JSON.stringify({ caseId, limit })})`);
  return { number: '24-cv-0042', filed: '2024-03-01', status: 'Open' };
});

// A Model (the SDK's interface) that answers each request with the next
// scripted step, given the request.
class ScriptedModel {
  #steps;
  constructor(steps) {
    this.#steps = [...steps];
  }
  async getResponse(request) {
    const output = this.#steps.shift()(request);
    return { usage: new Usage(), output, responseId: `response-${this.#steps.length}` };
  }
  async *getStreamedResponse() {
    throw new Error('ScriptedModel does not stream');
  }
}

const call = (callId, args) => ({ type: 'function_call', callId, name: 'get_docket', arguments: JSON.stringify(args), status: 'completed' });
const say = (text) => ({ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text }] });
// A step that prints the tool output the model reads, then answers with `output`.
const reading = (output) => (request) => {
  console.log(`the model reads:\n${request.input.at(-1).output.text}`);
  return [output];
};

const case_ = '2eb8aa08-aa98-11ea-b4aa-73b441d16380';
console.log('the model is sent (strict):', JSON.stringify(getDocket.parameters));
const model = new ScriptedModel([
  () => [call('call-1', { caseId: case_, limit: 500 })],
  reading(call('call-2', { caseId: case_, limit: null })),
  reading(say('Docket 24-cv-0042 is Open.')),
]);
const agent = new Agent({ name: 'clerk', model, tools: [getDocket] });
const result = await new Runner({ tracingDisabled: true }).run(agent, 'Is the docket of case 2eb8aa08 open?');
console.log('output:', result.finalOutput);
