// Compiled by test/types.test.mjs with `tsc --noEmit` (tsconfig.adapters.json):
// the framework adapters' types, with the frameworks' own types (whose
// declarations are theirs to check: skipLibCheck).

import { load } from '@onellm/tool-schema';
import { aiTool, aiTools, InvalidArgumentsError, type AiToolFunction } from '@onellm/tool-schema/ai-sdk';
import { Tools, outcome } from '@onellm/tool-schema/mcp';
import { functionTool } from '@onellm/tool-schema/openai-agents';
import { generateText, type Tool as AiSdkTool } from 'ai';
import { Agent, type FunctionTool } from '@openai/agents';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';

const ts = await load();
const forecast = ts.tool({ name: 'forecast', inputSchema: { type: 'object' } });

const run: AiToolFunction = async (args) => ({ city: args.city });
const viaAi: AiSdkTool = aiTool(forecast, run, { target: 'openai' });
const keyed = aiTools([[forecast, () => 1], [{ name: 'g', inputSchema: { type: 'object' } }, () => 2, { target: null }]], { toolSchema: ts });
declare const model: Parameters<typeof generateText>[0]['model'];
void generateText({ model, tools: { forecast: viaAi, ...keyed }, prompt: 'go' });
const refused: string = new InvalidArgumentsError().message;

const mcp: Tools = new Tools().add(forecast, () => outcome({ type: 'returned', json: '18446744073709551615' }));
const listed: string[] = mcp.listTools().tools.map((t) => t.name);
const server: Server = mcp.server({ name: 'dockets', version: '1.0.0' });
const own: Server = new Tools([[forecast, () => 1]]).register(new Server({ name: 'own', version: '1.0.0' }));

const agentsTool: FunctionTool<unknown> = functionTool({ name: 'f', inputSchema: { type: 'object' } }, () => null, { toolSchema: ts, target: null });
const agent = new Agent({ name: 'clerk', tools: [agentsTool] });
const strict: boolean = agentsTool.strict;

// @ts-expect-error the function comes second
aiTool(() => 1, forecast);
// Any built-in surface is a target.
functionTool(forecast, () => 1, { target: 'mistral' });
// @ts-expect-error a target is a surface's name or a custom profile
functionTool(forecast, () => 1, { target: 7 });
// @ts-expect-error an unknown option
new Tools([], { strict: true });

export { refused, listed, server, own, agent, strict };
