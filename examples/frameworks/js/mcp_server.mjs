// GetDocketAsync (examples/get-docket.json) as a tool of an MCP server.
//
// tools/list gives the schemas the component wrote; every tools/call is
// checked by the component before getDocket runs, and what it returns is
// encoded by the component. The client here is the MCP SDK's, connected
// in-process; in use, connect the same server to a StdioServerTransport or a
// StreamableHTTPServerTransport.
//
// Run with @onellm/tool-schema and @modelcontextprotocol/sdk installed: node examples/frameworks/js/mcp_server.mjs

import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { load } from '@onellm/tool-schema';
import { Tools } from '@onellm/tool-schema/mcp';

const descriptor = JSON.parse(readFileSync(new URL('../../get-docket.json', import.meta.url), 'utf8'));
const toolSchema = await load();

const tools = new Tools().add(toolSchema.tool(descriptor), async ({ caseId, limit }) => {
  console.log(`getDocket(${JSON.stringify({ caseId, limit })})`);
  return { number: '24-cv-0042', filed: '2024-03-01', status: 'Open' };
});
const server = tools.server({ name: 'dockets', version: '1.0.0' });

const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
const client = new Client({ name: 'example', version: '1.0.0' });
await Promise.all([server.connect(serverSide), client.connect(clientSide)]);

const [listed] = (await client.listTools()).tools;
console.log('tools/list:', listed.name, JSON.stringify(listed.inputSchema));
console.log('outputSchema:', JSON.stringify(listed.outputSchema));
// 2.0 is written as JSON text, as a client sends it.
for (const args of ['{"limit": 500}', '{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": 2.0}']) {
  const result = await client.callTool({ name: 'get_docket', arguments: JSON.parse(args) });
  const text = result.content.map((block) => block.text).join('\n');
  console.log(`tools/call ${args} -> isError ${result.isError}:\n${text}`);
  if (result.structuredContent !== undefined) console.log('structuredContent:', JSON.stringify(result.structuredContent));
}
await client.close();
