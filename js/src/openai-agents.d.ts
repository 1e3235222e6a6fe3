// Our tools in the OpenAI Agents SDK (`@openai/agents`): `functionTool(tool, fn, options?)`.

import type { FunctionTool, RunContext } from '@openai/agents';
import type { AdaptOptions, BoundArgs, ToolLike } from './adapt.js';

export { outcome } from './adapt.js';
export type { AdaptOptions, BoundArgs, MarkedOutcome, ToolLike } from './adapt.js';

/** The function a tool runs: the bound arguments, then the SDK's run context and call details; it returns a JSON value (or `outcome(…)`). */
export type AgentsToolFunction = (args: BoundArgs, runContext: RunContext<unknown> | undefined, details: unknown) => unknown;

/**
 * A FunctionTool whose schema is the tool's converted for `target` (`'openai'`
 * by default; `null` for the input schema as it is, not strict), each call
 * restored and checked by the component before the function runs.
 */
export declare function functionTool(tool: ToolLike, fn: AgentsToolFunction, options?: AdaptOptions): FunctionTool<unknown>;
