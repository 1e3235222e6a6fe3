// Our tools on an MCP server (`@modelcontextprotocol/sdk`): `new Tools()`.

import type { Server, ServerOptions } from '@modelcontextprotocol/sdk/server/index.js';
import type { CallToolResult, Implementation, ListToolsResult } from '@modelcontextprotocol/sdk/types.js';
import type { AdaptOptions, BoundArgs, ToolLike } from './adapt.js';

export { outcome } from './adapt.js';
export type { AdaptOptions, BoundArgs, MarkedOutcome, ToolLike } from './adapt.js';

/** The function a tool runs: the bound arguments, then the SDK's request handler extra; it returns a JSON value (or `outcome(…)`). */
export type McpToolFunction = (args: BoundArgs, extra: unknown) => unknown;

/** Our tools for an MCP server: the handlers of tools/list and tools/call. */
export declare class Tools {
  constructor(
    entries?: readonly (readonly [ToolLike, McpToolFunction] | readonly [ToolLike, McpToolFunction, AdaptOptions])[],
    options?: AdaptOptions,
  );
  /** Adds one of our tools with the function it runs; returns `this`. */
  add(tool: ToolLike, fn: McpToolFunction, options?: AdaptOptions): this;
  /** The names of the tools, in the order they were added. */
  readonly names: string[];
  /** The tools/list result. */
  listTools(): ListToolsResult;
  /** The tools/call result for a request's params. Throws `McpError` for an unknown tool. */
  callTool(params: { name: string; arguments?: Record<string, unknown> }, extra?: unknown): Promise<CallToolResult>;
  /** Installs the tools/list and tools/call handlers on a low-level Server (before it connects). */
  register<S extends Server>(server: S): S;
  /** A new low-level Server serving these tools. */
  server(info: Implementation, options?: ServerOptions): Server;
}
