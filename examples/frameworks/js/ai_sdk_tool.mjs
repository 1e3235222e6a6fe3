// GetDocketAsync (examples/get-docket.json) as a tool of the Vercel AI SDK.
//
// The model is sent the schema the component wrote, and the component checks
// every call before getDocket runs (it is the schema's validator). A mock
// language model of the SDK's stands in for the model (in use: any model,
// such as openai('gpt-5')): it calls the tool with arguments the component
// refuses, reads the refusal, calls again with the limit 2.0, and answers with
// what the tool returned.
//
// Run with @onellm/tool-schema and ai installed: node examples/frameworks/js/ai_sdk_tool.mjs

import { readFileSync } from 'node:fs';
import { generateText, stepCountIs } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { load } from '@onellm/tool-schema';
import { aiTool } from '@onellm/tool-schema/ai-sdk';

const descriptor = JSON.parse(readFileSync(new URL('../../get-docket.json', import.meta.url), 'utf8'));
const toolSchema = await load();

const getDocket = aiTool(toolSchema.tool(descriptor), async ({ caseId, limit }) => {
  console.log(`getDocket(${JSON.stringify({ caseId, limit })})`);
  return { number: '24-cv-0042', filed: '2024-03-01', status: 'Open' };
});

const usage = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};
const step = (content, finish) => ({ content, finishReason: { unified: finish, raw: finish }, usage, warnings: [] });
const call = (id, input) => ({ type: 'tool-call', toolCallId: id, toolName: 'get_docket', input });
const case_ = '2eb8aa08-aa98-11ea-b4aa-73b441d16380';

const model = new MockLanguageModelV3({
  async doGenerate({ tools, prompt }) {
    const last = prompt.at(-1);
    if (last.role !== 'tool') {
      console.log('the model is sent:', JSON.stringify(tools[0].inputSchema));
      return step([call('call-1', '{"limit": 500}')], 'tool-calls');
    }
    const { output } = last.content[0];
    console.log(`the model reads (${output.type}):\n${output.value}`);
    if (output.type === 'error-text') return step([call('call-2', `{"caseId": "${case_}", "limit": 2.0}`)], 'tool-calls');
    const docket = JSON.parse(output.value);
    return step([{ type: 'text', text: `Docket ${docket.number} is ${docket.status}.` }], 'stop');
  },
});

const { text } = await generateText({
  model,
  tools: { get_docket: getDocket },
  prompt: 'Is the docket of case 2eb8aa08 open?',
  stopWhen: stepCountIs(5),
});
console.log('output:', text);
