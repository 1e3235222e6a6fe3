// What the framework adapters share (`@onellm/tool-schema/ai-sdk`, `/mcp`,
// `/openai-agents`).

import type { ArgError, Descriptor, JsonInput, Outcome, Tool, ToolResult, ToolSchema, ToolSpec, Target } from './index.js';

/** What an adapter takes: one of our tools, or what one is made from (with the option `toolSchema`). */
export type ToolLike = Tool | ToolSpec | Descriptor;

/** The options every adapter takes. */
export interface AdaptOptions {
  /** Sends the schema converted for a provider's strict mode, and restores each call from it. */
  target?: Target | null;
  /** The loaded component, to make the tool when it is given as a descriptor or `{name, inputSchema, …}`. */
  toolSchema?: ToolSchema;
}

/** An outcome the component encodes as it is, when a tool's function returns it (`outcome({type: 'returned', json: '…'})`). */
export interface MarkedOutcome {
  readonly type: Outcome['type'];
}

/** Marks an outcome for the component to encode as it is when a tool's function returns it. */
export declare function outcome(value: Outcome<JsonInput>): MarkedOutcome;

/** The bound arguments of a call: a JSON object (defaults filled in). */
export type BoundArgs = Record<string, unknown>;

/** The invalid arguments of one call: `message` is the component's text, one message per line. */
export declare class InvalidArgumentsError extends Error {
  readonly toolName: string;
  /** The encoded result the model reads. */
  readonly result: ToolResult;
  /** The argument errors (or, for text the component cannot hold, their messages). */
  readonly errors: (ArgError | string)[];
}

/** The error result of a call that ran (it threw, or timed out): `message` is the contract's text. */
export declare class ToolCallError extends Error {
  readonly toolName: string;
  readonly result: ToolResult;
}
