// Our tools on an MCP server, with the MCP TypeScript SDK
// (`@modelcontextprotocol/sdk`, an optional peer dependency).
//
//   import { Tools } from '@onellm/tool-schema/mcp';
//   const tools = new Tools().add(toolSchema.tool(descriptor), async ({ caseId, limit }) => …);
//   const server = tools.server({ name: 'dockets', version: '1.0.0' });   // a low-level Server
//
// `tools/list` gives each tool's `inputSchema` (and `outputSchema`) as the
// component wrote them. Each `tools/call` is checked by the component before
// the function runs: invalid arguments are answered with `isError: true` and
// the component's messages, one per line; the function's outcome is encoded by
// the component, a JSON value also as `structuredContent` where the tool lists
// an output schema.

import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Adapted, outcome } from './adapt.js';

export { outcome };

/**
 * Our tools for an MCP server: the handlers of `tools/list` and `tools/call`
 * (`listTools`, `callTool`), installed on a low-level `Server` of one's own
 * (`register(server)`) or on a new one (`server(info, options)`).
 *
 * Each tool is one of ours (a `Tool`, or a descriptor or `{name, inputSchema,
 * …}` with the option `toolSchema`) with the function it runs,
 * `fn(args, extra)`: `args` the bound arguments, `extra` the SDK's request
 * handler extra (`signal`, `sessionId`, …). The option `target` lists the
 * input schemas converted for that provider's strict mode (for a client that
 * sends them to it as they are) and restores each call from them.
 */
export class Tools {
  #options;
  #tools = new Map();

  constructor(entries = [], options = {}) {
    this.#options = checkOptions(options, 'Tools');
    if (!Array.isArray(entries)) throw new TypeError('Tools takes an array of [tool, fn] or [tool, fn, options] entries');
    for (const entry of entries) {
      if (!Array.isArray(entry)) throw new TypeError('each entry of Tools is [tool, fn] or [tool, fn, options]');
      this.add(...entry);
    }
  }

  /** Adds one of our tools with the function it runs (and returns `this`). A name the server already has is an error. */
  add(tool, fn, options = {}) {
    const adapted = new Adapted(tool, fn, {
      ...this.#options,
      ...checkOptions(options, 'Tools.add'),
      passthrough: [McpError],
      framework: 'MCP',
    });
    if (this.#tools.has(adapted.name)) throw new Error(`the server already has a tool named '${adapted.name}'`);
    this.#tools.set(adapted.name, adapted);
    return this;
  }

  /** The names of the tools, in the order they were added. */
  get names() {
    return [...this.#tools.keys()];
  }

  /** The `tools/list` result: every tool, with the schemas the component wrote. */
  listTools() {
    return {
      tools: [...this.#tools.values()].map((adapted) => {
        const listed = { name: adapted.name };
        if (adapted.description) listed.description = adapted.description;
        listed.inputSchema = adapted.schema();
        const output = outputSchema(adapted);
        if (output !== undefined) listed.outputSchema = output;
        return listed;
      }),
    };
  }

  /**
   * The `tools/call` result for a request's params (`{name, arguments}`):
   * the arguments checked by the component, then the function run with the
   * bound arguments and its outcome encoded. A name the server does not have
   * is a protocol error (`McpError`, InvalidParams), as is an `McpError` the
   * function throws.
   */
  async callTool(params, extra) {
    const name = params?.name;
    const adapted = typeof name === 'string' ? this.#tools.get(name) : undefined;
    if (adapted === undefined) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: '${name}'`);
    const checked = adapted.bind(params.arguments ?? {});
    if (!checked.ok) return callResult(checked.result, undefined);
    const { result } = await adapted.run(checked.value, extra);
    return callResult(result, result.isError ? undefined : outputSchema(adapted));
  }

  /** Installs the `tools/list` and `tools/call` handlers on a low-level `Server` (before it connects); returns it. */
  register(server) {
    if (!(server instanceof Server)) {
      throw new TypeError('Tools.register takes a low-level Server (@modelcontextprotocol/sdk/server/index.js)');
    }
    server.registerCapabilities({ tools: {} });
    server.setRequestHandler(ListToolsRequestSchema, () => this.listTools());
    server.setRequestHandler(CallToolRequestSchema, (request, extra) => this.callTool(request.params, extra));
    return server;
  }

  /** A new low-level `Server` (`info` its `{name, version}`, `options` its options) serving these tools. */
  server(info, options = {}) {
    const capabilities = { ...options.capabilities, tools: {} };
    return this.register(new Server(info, { ...options, capabilities }));
  }
}

/** The output schema listed for a tool: the tool's, where the SDK takes it (an object schema). */
function outputSchema(adapted) {
  const { outputSchema: schema, outputSchemaText: text } = adapted.info;
  if (text === undefined || schema === null || typeof schema !== 'object' || schema.type !== 'object') return undefined;
  return JSON.parse(text);
}

/**
 * An encoded result as MCP content: one text block per part (a JSON part as
 * its JSON text), and, for a tool that lists an output schema, the returned
 * value (its one JSON part) as `structuredContent`.
 */
function callResult(result, listed) {
  const content = result.parts.map((p) => ({ type: 'text', text: p.type === 'text' ? p.text : p.json }));
  const call = { content };
  if (listed !== undefined && result.parts.length === 1 && result.parts[0].type === 'json') {
    call.structuredContent = JSON.parse(result.parts[0].json);
  }
  call.isError = result.isError;
  return call;
}

function checkOptions(options, what) {
  if (options === null || typeof options !== 'object') throw new TypeError(`the options of ${what} are an object`);
  const { target, toolSchema, ...rest } = options;
  const unknown = Object.keys(rest);
  if (unknown.length) {
    throw new TypeError(`${what} has no option ${unknown.map((k) => `'${k}'`).join(', ')} (it takes target, toolSchema)`);
  }
  const checked = {};
  if (target !== undefined) checked.target = target;
  if (toolSchema !== undefined) checked.toolSchema = toolSchema;
  return checked;
}
