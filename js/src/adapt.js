// What the framework adapters share (`./ai-sdk.js`, `./mcp.js`,
// `./openai-agents.js`): one of our tools with the function it runs.
//
// An `Adapted` tool gives a framework the schema it sends (the tool's input
// schema, or that schema converted for a provider's strict mode), checks each
// call with the component (`tool.validate`, or `converted.restore` for a
// converted schema), runs the function with the bound arguments, and encodes
// what happened with the component (`tool.encode`): invalid arguments, a
// returned value, an exception, a timeout. Each adapter only moves these
// answers into its framework's own forms; none of them validates, converts or
// encodes.

import { TextError, Tool } from './index.js';

const OUTCOME = Symbol('tool-schema outcome');
const OUTCOME_TYPES = new Set([
  'returned',
  'returnedNothing',
  'returnedParts',
  'returnedToolResult',
  'threw',
  'timedOut',
  'invalidArguments',
]);

/**
 * Marks an outcome for the component to encode as it is, when a tool's
 * function returns it: `{type: 'returned', json: '18446744073709551615'}`
 * keeps a number as written, `{type: 'returnedParts', parts}` gives content
 * parts, `{type: 'returnedToolResult', result}` a result. (A plain object the
 * function returns is the tool's JSON value, whatever its members.)
 */
export function outcome(value) {
  if (value === null || typeof value !== 'object' || !OUTCOME_TYPES.has(value.type)) {
    throw new TypeError(
      `outcome() takes an outcome: an object whose type is one of ${[...OUTCOME_TYPES].join(', ')}`,
    );
  }
  return Object.freeze({ [OUTCOME]: true, ...value });
}

/** The text the model reads of an encoded result: its parts, one per line (a JSON part as its JSON text). */
export function resultText(result) {
  return result.parts.map((p) => (p.type === 'text' ? p.text : p.json)).join('\n');
}

/**
 * The invalid arguments of one call, refused by the component before the
 * tool's function ran. `message` is the text the model reads (the
 * component's encoding of the `invalidArguments` outcome, one message per
 * line); `errors` the argument errors; `result` the encoded result.
 */
export class InvalidArgumentsError extends Error {
  constructor(toolName, result, errors) {
    super(resultText(result));
    this.name = 'InvalidArgumentsError';
    this.toolName = toolName;
    this.result = result;
    this.errors = errors;
  }
}

/**
 * The error result of one call that ran: the function threw, or ran past the
 * tool's timeout. `message` is the text the model reads (`Tool 'x' failed:
 * …`, the component's encoding); `result` the encoded result; `cause` what
 * the function threw.
 */
export class ToolCallError extends Error {
  constructor(toolName, result, cause) {
    super(resultText(result), cause === undefined ? undefined : { cause });
    this.name = 'ToolCallError';
    this.toolName = toolName;
    this.result = result;
  }
}

/** `tool` itself, or the Tool made from it (a descriptor, or `{name, inputSchema, …}`) with `toolSchema`. */
export function asTool(tool, toolSchema, framework) {
  if (tool instanceof Tool) return tool;
  if (tool === null || (typeof tool !== 'object' && typeof tool !== 'string')) {
    throw new TypeError(
      `${framework}: a tool is a Tool (toolSchema.tool(…)), a descriptor or {name, inputSchema, …}, not ${describe(tool)}`,
    );
  }
  if (toolSchema == null || typeof toolSchema.tool !== 'function') {
    throw new TypeError(
      `${framework}: to make a tool from a descriptor or schemas, give the loaded component as the option toolSchema (await load()), or pass toolSchema.tool(…)`,
    );
  }
  return toolSchema.tool(tool);
}

function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/**
 * One of our tools with the function it runs, for `framework` (its name, for
 * messages). Options: `target` converts the schema the framework sends for a
 * request surface's strict mode (any name or alias `providers()` lists:
 * `'openai'`, `'anthropic-tools'`, `'bedrock-converse'`, …; or `{custom}`),
 * each call then restored from the converted form before it is checked;
 * `toolSchema` makes the tool when `tool` is what one is made from;
 * `passthrough`, the classes of exceptions (a framework's own signals) the
 * function may throw that are rethrown as they are rather than encoded.
 */
export class Adapted {
  constructor(tool, fn, { target = null, toolSchema = null, passthrough = [], framework }) {
    this.framework = framework;
    this.tool = asTool(tool, toolSchema, framework);
    const info = this.tool.info;
    if (typeof fn !== 'function') {
      throw new TypeError(`${framework}: the function of the tool '${info.name}' is ${describe(fn)}, not a function`);
    }
    const schema = info.inputSchema;
    const declared = schema !== null && typeof schema === 'object' ? schema.type : schema;
    if (declared !== 'object') {
      throw new TypeError(
        `${framework} takes a tool's arguments as a JSON object (an input schema with "type": "object"); ` +
          `the input schema of '${info.name}' has type ${JSON.stringify(declared ?? null)}`,
      );
    }
    this.fn = fn;
    this.passthrough = passthrough;
    this.converted = target == null ? null : this.tool.convert(target);
  }

  get info() {
    return this.tool.info;
  }

  get name() {
    return this.tool.info.name;
  }

  get description() {
    return this.tool.info.description;
  }

  /** The schema the framework sends, as the component wrote it. */
  get schemaText() {
    return this.converted === null ? this.tool.info.inputSchemaText : this.converted.schemaText;
  }

  /** The schema the framework sends, parsed anew (a framework may change the copy it is given). */
  schema() {
    return JSON.parse(this.schemaText);
  }

  /**
   * The model's arguments (JSON text or a value) checked by the component:
   * `{ok: true, value, text}`, the bound arguments (defaults filled in,
   * integral numbers in integer slots as integers), or `{ok: false, errors,
   * result}`, the errors and the encoded result the model reads.
   */
  bind(args) {
    let checked;
    try {
      checked = this.converted === null ? this.tool.validate(args) : this.converted.restore(args);
    } catch (e) {
      // Text the component cannot hold is refused before it is called; the
      // model reads why, as for any invalid arguments.
      if (!(e instanceof TextError)) throw e;
      const errors = [e.message];
      return { ok: false, errors, result: this.tool.encode({ type: 'invalidArguments', errors }) };
    }
    if (checked.ok) {
      const { value } = checked;
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new TypeError(`the component bound the arguments of '${this.name}' to ${describe(value)}`);
      }
      return checked;
    }
    return {
      ok: false,
      errors: checked.errors,
      result: this.tool.encode({ type: 'invalidArguments', errors: checked.errors }),
    };
  }

  /** The error a refused call is: an InvalidArgumentsError carrying the component's text. */
  invalid(refused) {
    return new InvalidArgumentsError(this.name, refused.result, refused.errors);
  }

  /**
   * Runs the function with the bound arguments (then `extra`, the
   * framework's own arguments) and encodes what happened: its returned value
   * (checked against the output schema; an EncodeError when it does not fit,
   * the host's bug), an exception it threw (`Tool 'x' failed: …`, an error
   * result), or the tool's timeout (`timeoutSeconds` of its descriptor)
   * passing. An exception of a `passthrough` class is rethrown. Answers
   * `{result, thrown}`: the encoded result, and what the function threw (if
   * it threw).
   */
  async run(bound, ...extra) {
    const timeout = this.tool.info.timeoutSeconds;
    let timer;
    const timedOut = Symbol('timed out');
    let value;
    try {
      const call = Promise.resolve().then(() => this.fn(bound, ...extra));
      if (timeout > 0) {
        const expiry = new Promise((resolve) => {
          timer = setTimeout(resolve, timeout * 1000, timedOut);
        });
        value = await Promise.race([call, expiry]);
        // The call goes on, unobserved; what it throws later is not reported.
        if (value === timedOut) call.catch(() => {});
      } else {
        value = await call;
      }
    } catch (e) {
      if (this.passthrough.some((cls) => e instanceof cls)) throw e;
      return { result: this.tool.encode({ type: 'threw', typeName: typeName(e), message: messageOf(e) }), thrown: e };
    } finally {
      clearTimeout(timer);
    }
    if (value === timedOut) return { result: this.tool.encode({ type: 'timedOut', seconds: timeout }) };
    return { result: this.tool.encode(this.outcome(value)) };
  }

  /**
   * The outcome a returned value is: one marked by `outcome()` as it is;
   * `undefined` (and `null`) as nothing for a tool that declares no output;
   * anything else as its JSON (`JSON.stringify`, so `toJSON` applies).
   */
  outcome(value) {
    if (value !== null && typeof value === 'object' && value[OUTCOME] === true) {
      const { [OUTCOME]: _, ...rest } = value;
      return rest;
    }
    if (value == null && this.tool.info.outputSchema === undefined) return { type: 'returnedNothing' };
    let text;
    try {
      text = JSON.stringify(value === undefined ? null : value);
    } catch (e) {
      throw new TypeError(`the function of the tool '${this.name}' returned a value with no JSON form: ${messageOf(e)}`);
    }
    if (typeof text !== 'string') {
      throw new TypeError(
        `the function of the tool '${this.name}' returned ${describe(value)}, which has no JSON form: return a JSON value or outcome(…)`,
      );
    }
    return { type: 'returned', json: text };
  }
}

/** The type name of what a function threw: its class's name (`RangeError`, a class of the program's own). */
function typeName(e) {
  if (e instanceof Error) return e.constructor?.name || e.name || 'Error';
  if (e !== null && typeof e === 'object') return e.constructor?.name || 'Object';
  return typeof e;
}

function messageOf(e) {
  if (e instanceof Error) return e.message;
  try {
    return String(e);
  } catch {
    return Object.prototype.toString.call(e);
  }
}
