// What the tests of the framework adapters share: two tools (GetDocketAsync
// from its descriptor, a forecast tool from a plain schema), the component's
// exact refusals of a bad call to each, a function that records its calls,
// and the runnable examples of docs/frameworks.md.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { load } from '../src/index.js';

export const ts = await load();

const repo = fileURLToPath(new URL('../../', import.meta.url));
const js = fileURLToPath(new URL('../', import.meta.url));

export const CASE = '2eb8aa08-aa98-11ea-b4aa-73b441d16380';
export const DOCKET = { number: '24-cv-0042', filed: '2024-03-01', status: 'Open' };

// A tool described by a plain schema (as an MCP server, Pydantic or Zod
// writes one): an integer with bounds, an optional argument with a default.
export const FORECAST = {
  name: 'forecast',
  description: 'Gets the forecast for a city.',
  inputSchema: {
    type: 'object',
    properties: {
      city: { type: 'string' },
      days: { type: 'integer', minimum: 1, maximum: 14 },
      units: { enum: ['metric', 'imperial'], default: 'metric' },
    },
    required: ['city', 'days'],
    additionalProperties: false,
  },
};

// A bad call to the forecast tool, and what the component answers it with.
export const BAD_FORECAST = { city: 'Oslo', days: 30, extra: 1 };
export const BAD_FORECAST_REFUSAL =
  "Argument 'days' must be at most 14, not 30.\n" +
  "Argument 'extra' is not a parameter of this tool (expected one of: city, days, units).";

// A bad call to GetDocketAsync, and what the component answers it with.
export const BAD_DOCKET = { limit: 500 };
export const BAD_DOCKET_REFUSAL = "Argument 'limit' must be at most 100, not 500.\nArgument 'caseId' is required.";

/** The descriptor of GetDocketAsync, with `tool` settings changed (`requiresApproval`, `timeoutSeconds`, …). */
export async function docketDescriptor(tool = {}) {
  const descriptor = JSON.parse(await readFile(join(repo, 'examples/get-docket.json'), 'utf8'));
  Object.assign(descriptor.tool, tool);
  return descriptor;
}

/** The forecast tool's source, with members changed. */
export function forecast(changes = {}) {
  return { ...structuredClone(FORECAST), ...changes };
}

/** The messages of the component's errors for `args`, one per line (what the model should read), through `tool.encode`. */
export function refusal(tool, args) {
  const checked = tool.validate(args);
  assert.equal(checked.ok, false);
  const result = tool.encode({ type: 'invalidArguments', errors: checked.errors });
  assert.equal(result.isError, true);
  return result.parts.map((p) => p.text).join('\n');
}

/** Functions that record how they were called. */
export class Recorder {
  calls = [];
  forecast = async (args) => {
    this.calls.push(args);
    return { city: args.city, days: args.days, units: args.units };
  };
  docket = async (args) => {
    this.calls.push(args);
    return DOCKET;
  };
}

export class LookupError extends Error {}

/**
 * Runs one example of docs/frameworks.md as it is written (`node
 * examples/frameworks/js/NAME`), in a project laid out like this repository's
 * examples/ whose node_modules links the package (js/) and the frameworks it
 * pins, and returns what it printed.
 */
export async function runExample(name) {
  const dir = await mkdtemp(join(tmpdir(), 'tool-schema-frameworks-'));
  try {
    await mkdir(join(dir, 'node_modules/@onellm'), { recursive: true });
    await symlink(js, join(dir, 'node_modules/@onellm/tool-schema'), 'dir');
    for (const pkg of ['ai', '@modelcontextprotocol', '@openai']) {
      await symlink(join(js, 'node_modules', pkg), join(dir, 'node_modules', pkg), 'dir');
    }
    await cp(join(repo, 'examples/get-docket.json'), join(dir, 'examples/get-docket.json'));
    await cp(join(repo, 'examples/frameworks/js', name), join(dir, 'examples/frameworks/js', name));
    const { stdout } = await promisify(execFile)(process.execPath, [`examples/frameworks/js/${name}`], { cwd: dir });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What docs/frameworks.md shows the example printing: the console block that runs it. */
export async function documentedOutput(name) {
  const doc = await readFile(join(repo, 'docs/frameworks.md'), 'utf8');
  const command = `$ node examples/frameworks/js/${name}\n`;
  for (const [, block] of doc.matchAll(/```console\n([\s\S]*?)```/g)) {
    if (block.startsWith(command)) return block.slice(command.length);
  }
  assert.fail(`docs/frameworks.md has no console block running ${name}`);
}
