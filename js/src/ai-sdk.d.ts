// Our tools in the Vercel AI SDK (`ai`): `aiTool(tool, fn, options?)`.

import type { Tool as AiSdkTool, ToolExecutionOptions } from 'ai';
import type { AdaptOptions, BoundArgs, MarkedOutcome, ToolLike } from './adapt.js';

export { InvalidArgumentsError, ToolCallError, outcome } from './adapt.js';
export type { AdaptOptions, BoundArgs, MarkedOutcome, ToolLike } from './adapt.js';

/** The function a tool runs: the bound arguments, then the SDK's execution options; it returns a JSON value (or `outcome(…)`). */
export type AiToolFunction = (args: BoundArgs, options: ToolExecutionOptions) => unknown;

/**
 * An AI SDK tool whose input schema is the tool's (or, with `target`, that
 * schema converted, `strict` set), validated by the component: `execute`
 * receives the bound arguments and answers the component's encoding (text).
 */
export declare function aiTool(tool: ToolLike, fn: AiToolFunction, options?: AdaptOptions): AiSdkTool<BoundArgs, string>;

/** AI SDK tools keyed by name for several of our tools. */
export declare function aiTools(
  entries: readonly (readonly [ToolLike, AiToolFunction] | readonly [ToolLike, AiToolFunction, AdaptOptions])[],
  options?: AdaptOptions,
): Record<string, AiSdkTool<BoundArgs, string>>;
