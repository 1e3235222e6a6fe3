// Our tools in the OpenAI Agents SDK (`@openai/agents`, an optional peer
// dependency): a `FunctionTool` whose strict schema is ours, converted for
// OpenAI by the component, and whose calls the component restores and checks.
//
//   import { functionTool } from '@onellm/tool-schema/openai-agents';
//   const getDocket = functionTool(toolSchema.tool(descriptor), async ({ caseId, limit }) => …);
//   const agent = new Agent({ name: 'clerk', tools: [getDocket] });
//
// The model answers the converted schema (every property required, `null`
// for an absent optional one); the component turns each answer (the JSON
// text the model wrote) back into the tool's arguments and checks them. Valid
// arguments reach the function bound (defaults filled in); invalid ones are
// answered, without running it, with the component's messages as the call's
// output. What the function returns (or throws) is encoded by the component.

import { tool as sdkTool } from '@openai/agents';
import { Adapted, outcome, resultText } from './adapt.js';

export { outcome };

/**
 * A `FunctionTool` for one of our tools (a `Tool`, or a descriptor or
 * `{name, inputSchema, …}` with the option `toolSchema`) and the function it
 * runs, `fn(args, runContext, details)`: `args` the bound arguments, then the
 * SDK's run context and call details.
 *
 * The model is sent the tool's input schema converted by the component for
 * `target` (`'openai'` by default, `strict` set), and each answer is restored
 * from it before it is checked; with `target: null`, the input schema as it
 * is, not strict. A tool whose descriptor has `requiresApproval` needs
 * approval before it runs.
 */
export function functionTool(tool, fn, options = {}) {
  if (options === null || typeof options !== 'object') throw new TypeError('the options of functionTool are an object');
  const { target = 'openai', toolSchema, ...rest } = options;
  const unknown = Object.keys(rest);
  if (unknown.length) {
    throw new TypeError(`functionTool has no option ${unknown.map((k) => `'${k}'`).join(', ')} (it takes target, toolSchema)`);
  }
  const adapted = new Adapted(tool, fn, { target, toolSchema, framework: 'the OpenAI Agents SDK' });
  const info = adapted.info;
  const made = sdkTool({
    name: info.name,
    description: info.description,
    // The schema as the component wrote it: the SDK's own strict conversion
    // is not applied (`strict` is set on the tool below).
    parameters: adapted.schema(),
    strict: false,
    needsApproval: info.requiresApproval,
    // A returned value that does not fit the output schema (an EncodeError,
    // the host's bug) fails the run rather than reaching the model.
    errorFunction: null,
    // The arguments the model wrote (their JSON text, so that numbers are
    // exactly as written) restored and checked by the component, the function
    // run with them, and its outcome encoded: the model reads the result's text.
    async execute(parsed, runContext, details) {
      const written = details?.toolCall?.arguments;
      const checked = adapted.bind(typeof written === 'string' ? written : parsed);
      if (!checked.ok) return resultText(checked.result);
      return resultText((await adapted.run(checked.value, runContext, details)).result);
    },
  });
  return { ...made, parameters: adapted.schema(), strict: adapted.converted !== null };
}
