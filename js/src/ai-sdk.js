// Our tools in the Vercel AI SDK (`ai`, an optional peer dependency): a
// `tool(…)` whose input schema is ours (`jsonSchema(schema, {validate})`),
// validated by the component.
//
//   import { aiTool } from '@onellm/tool-schema/ai-sdk';
//   const getDocket = aiTool(toolSchema.tool(descriptor), async ({ caseId, limit }) => …);
//   await generateText({ model, tools: { get_docket: getDocket }, prompt });
//
// The component is the schema's validator: a valid call reaches `execute`
// with the bound arguments; an invalid one is answered to the model as a tool
// error whose text is exactly the component's messages, and the function is
// not run. What the function returns is encoded by the component; what it
// throws becomes a tool error with the contract's text.
//
// A refusal is not returned from `validate` as a failure: the SDK would make
// it an invalid tool call and put its own words before the component's
// ("Invalid input for tool x: Type validation failed: Value: …"). Instead
// `validate` lets the input through, remembered as refused, and `execute`
// throws the refusal, which the SDK hands the model as the error's message
// and nothing else.

import { jsonSchema, tool as aiSdkTool } from 'ai';
import { Adapted, InvalidArgumentsError, ToolCallError, outcome, resultText } from './adapt.js';

export { InvalidArgumentsError, ToolCallError, outcome };

/**
 * An AI SDK tool for one of our tools (a `Tool`, or a descriptor or
 * `{name, inputSchema, …}` with the option `toolSchema`) and the function it
 * runs, `fn(args, options)`: `args` the bound arguments, `options` the SDK's
 * `ToolExecutionOptions`.
 *
 * Options: `target` sends the schema converted for a provider's strict mode
 * (`strict` set) and restores each call from it; `toolSchema` makes the tool.
 */
export function aiTool(tool, fn, options = {}) {
  return make(tool, fn, options).made;
}

/**
 * AI SDK tools keyed by their names (what `generateText({tools})` takes), for
 * several of our tools: each entry `[tool, fn]` or `[tool, fn, options]`;
 * `options` are every tool's, unless its entry gives its own. A name given
 * twice is an error.
 */
export function aiTools(entries, options = {}) {
  if (!Array.isArray(entries)) throw new TypeError('aiTools takes an array of [tool, fn] or [tool, fn, options] entries');
  const tools = {};
  for (const entry of entries) {
    if (!Array.isArray(entry)) throw new TypeError('each entry of aiTools is [tool, fn] or [tool, fn, options]');
    const [tool, fn, own = {}] = entry;
    const { name, made } = make(tool, fn, { ...checkOptions(options), ...checkOptions(own) });
    if (Object.hasOwn(tools, name)) throw new Error(`the AI SDK tools already have a tool named '${name}'`);
    tools[name] = made;
  }
  return tools;
}

function make(tool, fn, options) {
  const adapted = new Adapted(tool, fn, { ...checkOptions(options), framework: 'the AI SDK' });
  const info = adapted.info;
  // What `validate` answered, by the object the SDK then holds as the call's
  // input and hands to `execute` as it is (the bound arguments, or a refused
  // input).
  const answered = new WeakMap();
  const made = {
    description: info.description || undefined,
    inputSchema: jsonSchema(adapted.schema(), {
      validate(value) {
        const checked = adapted.bind(value);
        // A refused input that is not an object is held as `{}`, as the SDK
        // shows an invalid call's input that is not one.
        const held = checked.ok ? checked.value : value !== null && typeof value === 'object' ? value : {};
        answered.set(held, checked);
        return { success: true, value: held };
      },
    }),
    async execute(args, executionOptions) {
      // Arguments `validate` did not see (execute called directly) are
      // checked here.
      const checked = answered.get(args) ?? adapted.bind(args);
      if (!checked.ok) throw adapted.invalid(checked);
      const { result, thrown } = await adapted.run(checked.value, executionOptions);
      if (result.isError) throw new ToolCallError(adapted.name, result, thrown);
      return resultText(result);
    },
  };
  if (adapted.converted !== null) made.strict = true;
  // Approval is asked for a call that would run: a refused one is answered
  // at once.
  if (info.requiresApproval) made.needsApproval = (input) => answered.get(input)?.ok !== false;
  return { name: adapted.name, made: aiSdkTool(made) };
}

function checkOptions(options) {
  if (options === null || typeof options !== 'object') throw new TypeError('the options of an AI SDK tool are an object');
  const { target, toolSchema, ...rest } = options;
  const unknown = Object.keys(rest);
  if (unknown.length) {
    throw new TypeError(`an AI SDK tool has no option ${unknown.map((k) => `'${k}'`).join(', ')} (it takes target, toolSchema)`);
  }
  const checked = {};
  if (target !== undefined) checked.target = target;
  if (toolSchema !== undefined) checked.toolSchema = toolSchema;
  return checked;
}
