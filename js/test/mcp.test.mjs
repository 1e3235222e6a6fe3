// The MCP adapter (src/mcp.js), end to end through the SDK's Client and its
// in-memory transport: tools/list gives the component's schemas, every
// tools/call is checked by the component, a refused call is answered with
// isError and the component's messages without running the function, and
// what the function does is encoded by the component.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { Tools, outcome } from '../src/mcp.js';
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
  refusal,
  runExample,
  ts,
} from './frameworks-support.mjs';

// A client connected to `server` in-process; closed by the caller.
async function connect(server) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  return client;
}

async function withClient(tools, body) {
  const client = await connect(tools.server({ name: 'test', version: '1.0.0' }));
  try {
    await client.listTools(); // the client learns the output schemas it checks results against
    return await body(client);
  } finally {
    await client.close();
  }
}

const text = (result) => result.content.map((block) => block.text).join('\n');

test('mcp: tools/list gives the input and output schemas the component wrote', async () => {
  const docket = ts.tool(await docketDescriptor());
  const recorder = new Recorder();
  const tools = new Tools().add(docket, recorder.docket).add(ts.tool(FORECAST), recorder.forecast);
  const client = await connect(tools.server({ name: 'test', version: '1.0.0' }));
  try {
    const listed = (await client.listTools()).tools;
    assert.deepEqual(listed.map((t) => t.name), ['get_docket', 'forecast']);
    assert.equal(listed[0].description, 'Looks up a court docket.');
    assert.equal(JSON.stringify(listed[0].inputSchema), docket.info.inputSchemaText);
    assert.equal(JSON.stringify(listed[0].outputSchema), docket.info.outputSchemaText);
    assert.deepEqual(listed[1].inputSchema, FORECAST.inputSchema);
    assert.equal(listed[1].outputSchema, undefined);
  } finally {
    await client.close();
  }
});

test('mcp: an invalid call is answered with isError and the component\'s messages, and the function is not run', async () => {
  const docket = ts.tool(await docketDescriptor());
  assert.equal(refusal(docket, BAD_DOCKET), BAD_DOCKET_REFUSAL);
  const recorder = new Recorder();
  await withClient(new Tools().add(docket, recorder.docket).add(ts.tool(FORECAST), recorder.forecast), async (client) => {
    const refused = await client.callTool({ name: 'get_docket', arguments: BAD_DOCKET });
    assert.deepEqual(refused, { content: [{ type: 'text', text: BAD_DOCKET_REFUSAL }], isError: true });
    const other = await client.callTool({ name: 'forecast', arguments: BAD_FORECAST });
    assert.equal(other.isError, true);
    assert.equal(text(other), BAD_FORECAST_REFUSAL);
    // No arguments at all are checked as {}.
    const none = await client.callTool({ name: 'get_docket' });
    assert.equal(text(none), "Argument 'caseId' is required.");
  });
  assert.deepEqual(recorder.calls, []);
});

test('mcp: a valid call runs the function with the bound arguments (a default filled in, 2.0 as 2), encoded with structuredContent', async () => {
  const recorder = new Recorder();
  await withClient(
    new Tools().add(ts.tool(await docketDescriptor()), recorder.docket).add(ts.tool(FORECAST), recorder.forecast),
    async (client) => {
      const docket = await client.callTool({ name: 'get_docket', arguments: { caseId: CASE, limit: 2.0 } });
      assert.deepEqual(docket, {
        content: [{ type: 'text', text: '{"number":"24-cv-0042","filed":"2024-03-01","status":"Open"}' }],
        structuredContent: DOCKET,
        isError: false,
      });
      const days = await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 2 } });
      assert.deepEqual(days, { content: [{ type: 'text', text: '{"city":"Oslo","days":2,"units":"metric"}' }], isError: false });
    },
  );
  assert.deepEqual(recorder.calls, [{ caseId: CASE, limit: 2 }, { city: 'Oslo', days: 2, units: 'metric' }]);
});

test('mcp: a returned value that does not fit the output schema is the host\'s bug, not content for the model', async () => {
  await withClient(new Tools().add(ts.tool(await docketDescriptor()), async () => ({ number: 42 })), async (client) => {
    await assert.rejects(client.callTool({ name: 'get_docket', arguments: { caseId: CASE } }), (e) => {
      assert.ok(e instanceof McpError);
      assert.match(e.message, /OLE/);
      return true;
    });
  });
});

test('mcp: what the function throws is an isError result with the contract\'s text; an McpError and an unknown tool are protocol errors', async () => {
  const tools = new Tools()
    .add(ts.tool(await docketDescriptor()), async () => {
      throw new LookupError('no such case');
    })
    .add(ts.tool(FORECAST), async () => {
      throw new McpError(ErrorCode.InvalidRequest, 'not now');
    });
  await withClient(tools, async (client) => {
    const failed = await client.callTool({ name: 'get_docket', arguments: { caseId: CASE } });
    assert.deepEqual(failed, { content: [{ type: 'text', text: "Tool 'get_docket' failed: LookupError: no such case" }], isError: true });
    await assert.rejects(client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 2 } }), (e) => e.code === ErrorCode.InvalidRequest && /not now/.test(e.message));
    await assert.rejects(client.callTool({ name: 'nothing', arguments: {} }), (e) => e.code === ErrorCode.InvalidParams && /Unknown tool: 'nothing'/.test(e.message));
  });
});

test('mcp: converted for OpenAI, the listed schema is the converted one and null restores an absent optional argument', async () => {
  const tool = ts.tool(FORECAST);
  const recorder = new Recorder();
  await withClient(new Tools([[tool, recorder.forecast]], { target: 'openai' }), async (client) => {
    const [listed] = (await client.listTools()).tools;
    assert.equal(JSON.stringify(listed.inputSchema), tool.convert('openai').schemaText);
    const answered = await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 3, units: null } });
    assert.equal(answered.isError, false);
  });
  assert.deepEqual(recorder.calls, [{ city: 'Oslo', days: 3, units: 'metric' }]);
});

test('mcp: register installs the handlers on a Server of one\'s own; outcome() gives content parts', async () => {
  const server = new Server({ name: 'own', version: '1.0.0' }, { capabilities: {} });
  const tools = new Tools([[FORECAST, async () => outcome({ type: 'returnedParts', parts: [{ type: 'text', text: 'sunny' }, { type: 'json', json: '[1,2]' }] })]], {
    toolSchema: ts,
  });
  assert.equal(tools.register(server), server);
  const client = await connect(server);
  try {
    const result = await client.callTool({ name: 'forecast', arguments: { city: 'Oslo', days: 1 } });
    assert.deepEqual(result, { content: [{ type: 'text', text: 'sunny' }, { type: 'text', text: '[1,2]' }], isError: false });
  } finally {
    await client.close();
  }
});

test('mcp: what cannot be adapted is a clear error', async () => {
  const fn = async () => DOCKET;
  const tools = new Tools().add(ts.tool(FORECAST), fn);
  assert.throws(() => tools.add(ts.tool(FORECAST), fn), /already has a tool named 'forecast'/);
  assert.throws(() => tools.add(FORECAST, fn), /give the loaded component as the option toolSchema/);
  assert.throws(() => new Tools([[FORECAST, fn]], { name: 'x' }), /Tools has no option 'name'/);
  assert.throws(() => tools.register({}), /takes a low-level Server/);
});

test('mcp: the example of docs/frameworks.md prints what the doc shows', async () => {
  assert.equal(await runExample('mcp_server.mjs'), await documentedOutput('mcp_server.mjs'));
});
