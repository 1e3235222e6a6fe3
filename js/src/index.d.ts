/// <reference lib="esnext.disposable" />
// Types of @onellm/tool-schema: the tool-schema component (wit/tool-schema.wit,
// package onellm:tool-schema@0.2.0) for JavaScript.
//
// Descriptors, schemas, arguments and answers are JSON *text*, so no number is
// rounded on the way in or out; a `Tool` takes JSON as text or as a value
// (`JsonInput`) and answers both. The u64 fields of `Limits` are BigInt.

/** The Rust host's limit on one instance's linear memory: 512 MiB. */
export declare const DEFAULT_MAX_MEMORY_BYTES: number;

/** How many resources one instance keeps made at once unless `load({maxLiveResources})` says otherwise: 1000. */
export declare const DEFAULT_MAX_LIVE_RESOURCES: number;

export interface LoadOptions {
  /**
   * The most linear memory one instance may grow to, in bytes (whole 64 KiB
   * pages). Past it an allocation fails and the call traps (`TrapError`).
   * Default `DEFAULT_MAX_MEMORY_BYTES`; `Infinity` for the engine's own limit.
   */
  maxMemoryBytes?: number;
  /**
   * Where the core modules (`tool-schema.core*.wasm`) are: a `file:` URL (read
   * with node:fs) or any URL `fetch` can read. Default: the package's `gen/`.
   */
  wasmBaseUrl?: string | URL;
  /**
   * Node only: bound each call's time to this many milliseconds. The instance
   * then runs in a `node:worker_threads` Worker and the caller blocks until it
   * answers; past the deadline the worker is terminated, a fresh one replaces
   * it, and the call throws `DeadlineError`. Each call costs a round trip
   * between threads. Default: none (the instance runs on the calling thread,
   * and nothing but the component's own limits bounds a call's time). In a
   * browser `load` refuses it.
   */
  deadlineMs?: number;
  /**
   * The steps each call may take inside the component (a BigInt, or a safe
   * integer number), set in every instance the package makes, the fresh one
   * after a trap included. Past it a call is refused with one error at `$`.
   * Default: the component's, 20000000 steps, which no input the other
   * limits let through comes near. (For arguments, past it the answer is
   * `{ok: false}` with one error of keyword `limit`.)
   */
  workBudget?: bigint | number;
  /**
   * How many resources (validators, tools, converted schemas) the instance
   * keeps made at once. Past it, the one used longest ago is freed inside the
   * instance and made again from what made it when it is next used (with the
   * same answers; `remade` counts these), so that resources dropped without
   * `free()` cannot pile up in the instance's memory while the garbage
   * collector has yet to collect them. Default `DEFAULT_MAX_LIVE_RESOURCES`;
   * `Infinity` for no limit.
   */
  maxLiveResources?: number;
}

/** Loads the component (compiling its core modules once per location and limit) and makes an instance. */
export declare function load(options?: LoadOptions): Promise<ToolSchema>;

/** One problem with an input, reported with every other problem found. */
export interface Diagnostic {
  /** `OLT001`–`OLT011`, `OLD001`–`OLD007`, `OLC001`–`OLC005`, `OLS001`–`OLS005`, `OLE001`–`OLE004`, `OLP001`–`OLP005`. */
  code: string;
  /** One sentence for a person. */
  message: string;
  /** Where in the input (`parameters[1].type`, a JSON pointer for a schema; `$` for the whole). */
  path: string;
}

/**
 * A problem at its place in C# source (`describeSource`, `sourceDescriptor`):
 * a `Diagnostic` with the file, line and column it is at.
 */
export interface SourceDiagnostic extends Diagnostic {
  /** `OLT…` and `OLD…` as `describeTool` gives them; `OLC001`–`OLC005` for the source itself. */
  code: string;
  /** Where in the descriptor the source describes to (`parameters[1].type`); `$` for the source text itself. */
  path: string;
  /** The file's path as given; `''` for a problem with the options. */
  file: string;
  /** 1-based, as Roslyn prints it; 0 for a problem with the options. */
  line: number;
  /**
   * 1-based, in UTF-16 code units (so `line.slice(column - 1)` starts at the
   * problem, as a JavaScript string counts); 0 for a problem with the options.
   */
  column: number;
}

/** Which of the contract's two implementations to mirror. */
export type Mode = 'generator' | 'reflection';

/** What a type expression is described in. */
export interface TypeContext {
  /** A JSON object (text) of declared types, name → declaration, in the descriptor's `types` format. */
  types?: string | null;
  /** The naming policy: `CamelCase` (the default), `Web` or `None`. */
  naming?: string | null;
  /** Default `'generator'`. */
  mode?: Mode;
}

/** One C# source file. */
export interface SourceFile {
  /** The path diagnostics name, as given (`Tools/DocketTools.cs`). */
  path: string;
  /** The file's C# source. */
  text: string;
}

/** How C# source is read. */
export interface SourceOptions {
  /** Default `'generator'`. */
  mode?: Mode;
  /** The naming policy when no `JsonSerializerContext` in the files sets one: `CamelCase` (the default), `Web` or `None`. */
  naming?: string | null;
}

/** What C# source gave. */
export interface FromSource {
  /** JSON text: the tools (`describeSource`) or the descriptor (`sourceDescriptor`). */
  json: string;
  /** Problems in code the answer does not depend on (a syntax error in a method body, in a type no tool uses). */
  warnings: SourceDiagnostic[];
}

/** How `format` and `contentEncoding` are treated. */
export type FormatMode = 'assert' | 'annotate';

/**
 * What one validation may read. The u64 fields are BigInt; where a limit is
 * given, a number that is a safe integer is taken too.
 */
export interface Limits {
  maxArgumentBytes: bigint;
  maxArgumentDepth: number;
  maxSchemaBytes: bigint;
  maxSchemaDepth: number;
  regexBacktrackLimit: bigint;
}

/** Limits as given to `compile`: any left out keep their defaults. */
export interface LimitsInput {
  maxArgumentBytes?: bigint | number;
  maxArgumentDepth?: number;
  maxSchemaBytes?: bigint | number;
  maxSchemaDepth?: number;
  regexBacktrackLimit?: bigint | number;
}

export interface ValidateOptions {
  /** Default `'assert'`: formats are assertions with the contract's meanings. */
  formats?: FormatMode;
  /** Validate any JSON value, not only an object of named arguments. Default false. */
  anyValue?: boolean;
  /** Default: `defaultLimits()`. */
  limits?: LimitsInput | null;
}

/**
 * JSON as a `Tool` takes it: JSON text (a string is always JSON text, so
 * `'"hi"'` is the string hi and `'hi'` is not JSON), or any other value,
 * written with `JSON.stringify`.
 */
export type JsonInput = string | number | boolean | null | object;

/** A schema parsed from its JSON text: an object of keywords, or `true`/`false`. */
export type JsonSchema = boolean | { readonly [keyword: string]: unknown };

/** A JSON value's type, as the `type` keyword names it. */
export type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

/** The value that came, as an error shows it. */
export interface Shown {
  type: JsonType;
  /**
   * For a string, number, boolean or null, its JSON text (cut after 60
   * characters, then `…` and its length); null for an array or an object.
   */
  text: string | null;
}

/** Which limit an argument error of kind `limit` reached. */
export type LimitKind = 'bytes' | 'depth' | 'steps' | 'errors';

/**
 * What a failed keyword wanted and what came, discriminated by `kind` (the
 * WIT case's name), its fields in the order the core writes them: so
 * `JSON.stringify(params)` is the core's JSON of them, byte for byte. JSON
 * values (a `const`, `enum` members, schemas) are JSON text; counts are numbers.
 */
export type ArgParams =
  /** `type`, or an `anyOf`/`oneOf` whose branches differ only in type. */
  | { kind: 'type'; expected: JsonType[]; value: Shown }
  /** `const`: the value wanted (JSON text). */
  | { kind: 'const'; expected: string; value: Shown }
  /** `enum`: the values allowed (JSON texts, the first 100) and how many more there are. */
  | { kind: 'enum'; allowed: string[]; more: number; value: Shown }
  /** `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `multipleOf`: both numbers as written. */
  | { kind: 'bound'; limit: string; value: string }
  /** `minLength`, `maxLength`, `minItems`, `maxItems`, `additionalItems`, `unevaluatedItems`, `minProperties`, `maxProperties`. */
  | { kind: 'count'; limit: number; count: number }
  /** `pattern`. */
  | { kind: 'pattern'; pattern: string; value: Shown }
  /** `format`; `contentEncoding` (format `base64`); `contentMediaType` (the media type). */
  | { kind: 'format'; format: string; value: Shown }
  /** `required`, `dependentRequired`, `dependencies`: the member missing, and the member given that requires it. */
  | { kind: 'required'; name: string; given: string | null }
  /** `additionalProperties`, `unevaluatedProperties`, `false`: the members the object declares (null: the member's own schema is `false`). */
  | { kind: 'unexpected'; allowed: string[] | null }
  /** `uniqueItems`: two equal items, by index. */
  | { kind: 'unique'; first: number; second: number }
  /** `contains` (limit 1), `minContains`, `maxContains`: the item schema (JSON text). */
  | { kind: 'contains'; schema: string | null; limit: number }
  /** `not`: the schema the value matched (JSON text). */
  | { kind: 'not'; schema: string }
  /** An item whose schema is `false`: the array takes this many. */
  | { kind: 'extra-item'; limit: number }
  /** A value whose schema is `false`. */
  | { kind: 'false-schema' }
  /** `anyOf`, `oneOf`: no form matched. */
  | { kind: 'no-match' }
  /** `oneOf`: more than one matched (their indices, when known). */
  | { kind: 'many-match'; branches: number[] }
  /** `propertyNames`: a member's name, the check of the names' schema that failed, and what it wanted. */
  | { kind: 'property-name'; name: string; keyword: string; reason: string }
  /** A `pattern` match that took more backtracking steps than allowed, at the value's path. */
  | { kind: 'backtracking'; pattern: string; at: string; steps: number }
  /** Keyword `limit`: a limit on the arguments or the work was reached. */
  | { kind: 'limit'; what: LimitKind; limit: number; count: number }
  /** Keyword `json`: why the text is not JSON. */
  | { kind: 'json'; reason: string }
  /** Keyword `schema`: the tool's schema is unusable (its diagnostic). */
  | { kind: 'schema'; code: string; message: string; path: string }
  /** An answer to a converted schema that cannot be turned back, or arguments no answer can carry. */
  | { kind: 'conversion'; reason: string };

/** One step of an argument's location: a member's name, or an item's index. */
export type Segment = string | number;

/** One thing wrong with the arguments. */
export interface ArgError {
  /** `items[2].qty`, `["a b"]`; `$` for the arguments as a whole. */
  path: string;
  /** The keyword that failed, or `json`, `limit`, `schema`. */
  keyword: string;
  /** A sentence starting `Argument '<path>' `, rendered from `params`. */
  message: string;
  /** Where, step by step (`['items', 2, 'qty']`; empty for the arguments as a whole). */
  location: Segment[];
  /** The keyword that failed, as a JSON pointer into the schema (`/properties/limit/maximum`); `''` for the texts themselves. */
  schemaLocation: string;
  /** What the keyword wanted and what came. */
  params: ArgParams;
}

/**
 * Arguments checked (`validateArgs`, `validator.validate`, `restoreArgs`,
 * `tool.validate`, `converted.restore`): the model's invalid arguments are an
 * answer, never an exception. `value` is the bound arguments parsed; `text`
 * their exact JSON text (for a number a JavaScript number cannot hold);
 * `errors` every error, in the order of the arguments.
 */
export type Checked<T = unknown> = { ok: true; value: T; text: string } | { ok: false; errors: ArgError[] };

/** One piece of content. `J` is how its JSON is given: text, or for a Tool `JsonInput`. */
export type Part<J = string> = { type: 'text'; text: string } | { type: 'json'; json: J };

/** What the model receives for one tool call. */
export interface ToolResult<J = string> {
  parts: Part<J>[];
  isError: boolean;
  /** For a tool with `EndsLoop`: the returned value (JSON text). Absent when there is none. */
  typedResult?: J;
}

/** What happened when the tool ran. `J` is how its JSON is given: text, or for a Tool `JsonInput`. */
export type Outcome<J = string> =
  /** It returned a value (JSON text; a `string` as a JSON string). */
  | { type: 'returned'; json: J }
  /** It returned nothing (`void`, `Task`, `ValueTask`). */
  | { type: 'returnedNothing' }
  /** It returned content parts. */
  | { type: 'returnedParts'; parts: Part<J>[] }
  /** It returned a `ToolResult`, passed through. */
  | { type: 'returnedToolResult'; result: ToolResult<J> }
  /** It threw. */
  | { type: 'threw'; typeName: string; message: string }
  /** It ran past its timeout, in seconds. */
  | { type: 'timedOut'; seconds: number }
  /** Its arguments were refused before it ran: the errors validation gave (only their messages cross), or the messages. */
  | { type: 'invalidArguments'; errors: ({ message: string } | string)[] };

/** One call of `encodeResult`. */
export interface EncodeCall {
  toolName: string;
  /** The declared C# return type (`Task<Docket>`); its names are looked up in `context`. */
  returnType: string;
  outcome: Outcome;
  context?: TypeContext | null;
  /** The tool has `EndsLoop`. Default false. */
  endsLoop?: boolean;
}

/** The name of a request surface built into the component (`PROVIDERS`, `providers()`). */
export type SurfaceName =
  | 'openai-chat'
  | 'openai-responses'
  | 'openai-structured-output'
  | 'azure-openai'
  | 'anthropic-tools'
  | 'anthropic-output'
  | 'bedrock-converse'
  | 'gemini-json'
  | 'gemini-openapi'
  | 'vertex'
  | 'mistral'
  | 'ollama'
  | 'llguidance';
/** Another name a built-in surface takes: `openai` is `openai-chat`, `anthropic` `anthropic-tools`, `gemini` `gemini-json`. */
export type SurfaceAlias = 'openai' | 'anthropic' | 'gemini';
/**
 * A built-in request surface, by its name or an alias. Any other string is
 * taken too (a later build of the component may know it): one the component
 * does not know is a `DownconvertError` (`OLP001`).
 */
export type Provider = SurfaceName | SurfaceAlias | (string & {});
/** The name of every request surface built into the component, in the order of `providers()`. */
export declare const PROVIDERS: readonly SurfaceName[];
/** Which surface to convert for: a built-in one (by name or alias), or a profile of the host's own (JSON text, in the form `providerProfile` returns). */
export type Target = Provider | { custom: string };

/** A built-in request surface, as `providers()` lists it (frozen). */
export interface ProviderInfo {
  /** Its name, which a `Target` takes. */
  readonly name: SurfaceName | (string & {});
  /** Other names a `Target` takes for it (`['openai']` for `openai-chat`). */
  readonly aliases: readonly string[];
  /** The request field it describes, for a person. */
  readonly surface: string;
  /** The date of its rule read longest ago (`YYYY-MM-DD`). */
  readonly oldestRule: string;
  /** How many of its rules could not be checked at the vendor (`providerProfile` marks each `"checked": false`). */
  readonly uncheckedRules: number;
}

/** The built-in surfaces (by name, in the order of `providers()`) that take a schema as it is. */
export interface AlsoValidFor {
  /** Those that take the schema given. */
  original: string[];
  /** Those that take the converted schema. */
  converted: string[];
}

/**
 * A part of the given schema that no finite value satisfies (an empty
 * `enum`, `not: {}`, contradictory bounds, a required recursion): a fault of
 * the schema, never a loss of the conversion.
 */
export interface DeadBranch {
  /** The node, as a JSON pointer into the given schema. */
  pointer: string;
  /** Why no value satisfies it, for a person. */
  reason: string;
}

/** What a change did (docs/downconvert.md says when each is made). */
export type ChangeAction =
  | 'removed'
  | 'relaxed'
  | 'unenforced'
  | 'dropped'
  | 'closed'
  | 'required'
  | 'widened'
  | 'reshaped'
  | 'merged'
  | 'inlined'
  | 'typed'
  | 'ordered'
  | 'moved';

/** One change made for the target. */
export interface Change {
  /** The node, as a JSON pointer into the converted schema (`''` for the root). */
  pointer: string;
  /** The keyword changed. */
  keyword: string;
  action: ChangeAction;
  /** What was done and why, for a person. */
  detail: string;
}

/** A schema converted for one provider's strict mode. */
export interface Downconverted {
  /** The schema for the target (JSON text). */
  schema: string;
  changes: Change[];
  /** No constraint became a hint only. */
  lossless: boolean;
  /** The built-in surfaces that take the given schema, and the converted one, as they are. */
  alsoValidFor: AlsoValidFor;
  /** What of the given schema no finite value satisfies. */
  dead: DeadBranch[];
}

/** A limit the provider documents that a request's tools are over (`budget`). */
export interface OverLimit {
  /**
   * What is counted: `tools`, `optionalParameters`, `unions`, `properties`,
   * `nesting`, `enumValues`, `stringLength`, `enumStringLength`.
   */
  limit: string;
  /** `'schema'` (one tool's converted schema) or `'request'` (all the tools together). */
  scope: string;
  /** The most the provider allows. */
  allowed: number;
  /** How many there are. */
  measured: number;
  /** For a per-schema limit, the tool: its index in `schemas`. Absent for a limit of the request. */
  tool?: number;
  /** The limit, the count and the provider's source, for a person. */
  message: string;
}

/**
 * How one tool is sent in a plan (`budgetPlan`): converted with strict mode
 * on; as given with strict mode off (it alone is over a limit strict mode
 * has, or the strict tools before it use it up); or not in this request
 * (past a limit every tool counts against, or a name the surface refuses).
 */
export type Placement = 'strict' | 'non-strict' | 'left-out';

/** One tool of a request, and how the plan sends it. */
export interface ToolBudget {
  /** Its index in `schemas`. */
  tool: number;
  placement: Placement;
  /** The limits this tool alone is over: its own schema's, a request's limit it passes by itself, its name's rule (`toolNames`). */
  over: OverLimit[];
  /** Why it is placed so, for a person. */
  reason: string;
}

/** A request's tools against a surface's limits (`budgetPlan`). */
export interface BudgetPlan {
  /** Every tool, in order. */
  tools: ToolBudget[];
  /** The limits the request is over with every tool strict (as `budget` answers). */
  over: OverLimit[];
}

/** A tool described by its schemas (an MCP server's, Pydantic's, Zod's), for `toolSchema.tool()`. */
export interface ToolSpec {
  name: string;
  /** Default `''`. */
  description?: string;
  inputSchema: JsonInput;
  /** What a returned value is checked against; none by default. */
  outputSchema?: JsonInput | null;
  /** How its arguments are validated. */
  options?: ValidateOptions | null;
}

/**
 * A tool descriptor ([descriptor format](../../docs/descriptor.md)): an
 * object, or its JSON text. (An object with `inputSchema` is a `ToolSpec`.)
 */
export type Descriptor = string | { readonly [member: string]: unknown; inputSchema?: never };

/** What describes a tool to a model, and how it is run (frozen). */
export interface ToolInfo {
  readonly name: string;
  readonly description: string;
  /** The input schema, parsed. */
  readonly inputSchema: JsonSchema;
  /** The input schema's exact JSON text (compact). */
  readonly inputSchemaText: string;
  /** The output schema, parsed; absent when the tool has none. */
  readonly outputSchema?: JsonSchema;
  /** The output schema's exact JSON text; absent when the tool has none. */
  readonly outputSchemaText?: string;
  /** Its returned value ends the agent's loop. */
  readonly endsLoop: boolean;
  readonly requiresApproval: boolean;
  readonly parallelSafe: boolean;
  /** 0: no timeout of its own. */
  readonly timeoutSeconds: number;
}

/**
 * A tool compiled once inside the component: its input schema compiled and
 * its return type resolved when it was made; then every call validated, every
 * outcome encoded and its schema converted, with nothing compiled again. Free
 * it when done (one garbage-collected unfreed is freed then). After a trap it
 * is made again, from what made it, in the fresh instance.
 */
export declare class Tool {
  private constructor();
  /** Read once, frozen. Throws when the tool was freed. */
  readonly info: ToolInfo;
  /** The model's arguments checked and bound: an answer, never an exception for invalid arguments. */
  validate<T = unknown>(args: JsonInput): Checked<T>;
  /** One outcome as the tool result the model receives. Throws `EncodeError` (the host's bug). */
  encode(outcome: Outcome<JsonInput>): ToolResult;
  /** The input schema converted for a provider. Throws `DownconvertError`. */
  convert(target: Target): Converted;
  /** Whether `free()` was called. */
  readonly freed: boolean;
  /** Frees the tool inside the component (a `Converted` made from it lives on); calling it again does nothing. */
  free(): void;
  [Symbol.dispose](): void;
}

/** A tool's input schema converted for one provider (`tool.convert(target)`), and the way back. */
export declare class Converted {
  private constructor();
  /** The schema for the provider, parsed once and frozen. */
  readonly schema: JsonSchema;
  /** The schema for the provider (JSON text). */
  readonly schemaText: string;
  /** Every change made for the provider (frozen). */
  readonly changes: readonly Change[];
  /** No constraint became a hint only. */
  readonly lossless: boolean;
  /** The built-in surfaces that take the tool's schema, and the converted one, as they are (frozen). */
  readonly alsoValidFor: Readonly<{ original: readonly string[]; converted: readonly string[] }>;
  /** What of the tool's schema no finite value satisfies (frozen). */
  readonly dead: readonly Readonly<DeadBranch>[];
  /** The model's answer to the converted schema turned back into the tool's bound arguments, as `tool.validate` answers. */
  restore<T = unknown>(args: JsonInput): Checked<T>;
  /** Whether `free()` was called. */
  readonly freed: boolean;
  /** Frees it inside the component; calling it again does nothing. */
  free(): void;
  [Symbol.dispose](): void;
}

/** One instance of the component (replaced after a trap) and every operation it has. */
export declare class ToolSchema {
  private constructor();
  /** Same as `load(options)`. */
  static load(options?: LoadOptions): Promise<ToolSchema>;
  /** How many times a trap or a deadline made the wrapper replace the instance. */
  readonly restarts: number;
  /** Each call's deadline in milliseconds (`load({deadlineMs})`), or null: no deadline, no worker thread. */
  readonly deadlineMs: number | null;
  /** The size of the current instance's linear memory, in bytes. */
  readonly memoryBytes: number;
  /** The interfaces this build of the component exports that have operations (`describe`, `validate`, `encode`, `downconvert`, `work`, `tools`). */
  readonly interfaces: string[];
  /** How many resources (validators, tools, converted schemas) the current instance holds: made, and neither freed nor collected. */
  readonly liveResources: number;
  /**
   * How many times a resource freed to make room (`load({maxLiveResources})`)
   * was made again when next used: each compiled its schema again.
   */
  readonly remade: number;
  /** The steps each call may take inside the component (`load({workBudget})`, else 20000000n). */
  readonly workBudget: bigint;

  /** A tool (JSON text) from a method descriptor, or a JSON array of tools for a class. Throws `DescribeError`. */
  describeTool(descriptor: string): string;
  /** The schema (JSON text) of a C# type expression. Throws `DescribeError`. */
  describeType(typeExpr: string, context?: TypeContext | null): string;
  /**
   * Every `[Tool]` method in C# source files, as the `[Tool]` generator
   * describes them: `json` is the tool (JSON text) when the files hold one,
   * else a JSON array of every tool, in the order of the files and their
   * declarations. The same answer `describeTool` gives for the descriptor
   * `sourceDescriptor` reads. Throws `DescribeError` whose diagnostics are
   * `SourceDiagnostic`s: every one, the warnings too, in the order of their places.
   */
  describeSource(files: SourceFile[], options?: SourceOptions | null): FromSource;
  /**
   * The descriptor (JSON text) C# source files describe to: one for the one
   * class holding tools (a method descriptor naming its class when it holds
   * one tool), else an array of them, one per class. Problems of the source
   * are warnings here; throws `DescribeError` (with `SourceDiagnostic`s) only
   * when there is nothing to write (no `[Tool]` method, a limit).
   */
  sourceDescriptor(files: SourceFile[], options?: SourceOptions | null): FromSource;
  /** The default tool name for a method name (`GetDocketAsync` → `get_docket`). Throws `DescribeError` (`OLT008`). */
  toolName(method: string): string;
  /** Doc-comment XML flattened to one line. */
  flattenDoc(xml: string): string;

  /**
   * The arguments checked against a schema compiled for this call, with the
   * default options, and bound: an answer, never an exception for invalid
   * arguments. An unusable schema is `{ok: false}` with one error of keyword
   * `schema`.
   */
  validateArgs<T = unknown>(schema: string, args: string): Checked<T>;
  /** Compiles a schema once for many validations. Throws `SchemaError`. */
  compile(schema: string, options?: ValidateOptions | null): Validator;
  /** The documented default limits. */
  defaultLimits(): Limits;

  /** A tool's outcome as the content the model receives. Throws `EncodeError`. */
  encodeResult(call: EncodeCall): ToolResult;

  /** A schema converted for a provider's strict mode, with every change. Throws `DownconvertError`. */
  downconvert(schema: string, target: Target): Downconverted;
  /**
   * The model's answer to a converted schema turned back into bound arguments
   * for the original, answered as `validateArgs` answers (never an exception
   * for invalid arguments).
   */
  restoreArgs<T = unknown>(originalSchema: string, target: Target, args: string): Checked<T>;
  /** A built-in surface's profile (JSON text), by its name or an alias. Throws `DownconvertError` (`OLP001`). */
  providerProfile(name: string): string;
  /** Every built-in request surface, in a fixed order (frozen): the names and aliases a `Target` takes. */
  providers(): readonly ProviderInfo[];
  /**
   * Every tool's input schema of one request (JSON texts), each converted for
   * `target`, measured against the limits the provider documents: each limit
   * the set is over, per schema (with the tool's index) and for the request;
   * an empty array when it fits. Throws `DownconvertError` when a schema
   * cannot be converted, its diagnostics' paths under `tools[i]`.
   */
  budget(schemas: string[], target: Target): OverLimit[];
  /**
   * `budget`, per tool, with a plan: which tools are sent strict, which
   * non-strict, which left out, so that the request is within every limit
   * the surface documents (strict tools first come, first served, in the
   * order given). `names`: the tools' names, one per schema, or none (not
   * checked). Throws `DownconvertError` as `budget` does.
   */
  budgetPlan(schemas: string[], target: Target, names?: string[]): BudgetPlan;

  /**
   * One tool, compiled once: from its schemas (a `ToolSpec`), or from a
   * descriptor of one tool. Throws `SchemaError` or `DescribeError` for a
   * schema or descriptor the component refuses, and `ToolSchemaError` for a
   * class descriptor of several tools (`tools()` answers them).
   */
  tool(spec: ToolSpec | Descriptor): Tool;
  /** Every tool a descriptor describes (one per tool method of a class), each compiled once. Throws `DescribeError`. */
  tools(descriptor: Descriptor): Tool[];
  /** How many schemas the current instance has compiled: a tool compiles when it is made (its output schema at its first encode), never when it is called. */
  schemasCompiled(): number;
}

/** A schema compiled inside the component, for many argument texts. Free it when done (one garbage-collected unfreed is freed then). */
export declare class Validator {
  private constructor();
  /** The arguments (JSON text) checked and bound, as `tool.validate` answers: never an exception for invalid arguments. */
  validate<T = unknown>(args: string): Checked<T>;
  /** Frees the compiled schema inside the component; calling it again does nothing. */
  free(): void;
  /** Whether `free()` was called. */
  readonly freed: boolean;
  [Symbol.dispose](): void;
}

/** Every error this package throws for a refused input or a trap. */
export declare class ToolSchemaError extends Error {}

/**
 * An input refused with diagnostics. The message is one line per diagnostic:
 * `CODE at path: message`, or for C# source `File.cs(line,column): error CODE: message`.
 */
export declare class DiagnosticsError extends ToolSchemaError {
  constructor(diagnostics: Diagnostic[]);
  readonly diagnostics: Diagnostic[];
}
/**
 * `describeTool`, `describeType`, `toolName`, `describeSource` or
 * `sourceDescriptor` refused the input. From the last two, each diagnostic is
 * a `SourceDiagnostic`: `file`, `line` and `column` are set.
 */
export declare class DescribeError extends DiagnosticsError {
  readonly diagnostics: (Diagnostic & Partial<Pick<SourceDiagnostic, 'file' | 'line' | 'column'>>)[];
}
/** `compile` refused the schema. */
export declare class SchemaError extends DiagnosticsError {}
/** `encodeResult` refused the outcome: the host's bug. */
export declare class EncodeError extends DiagnosticsError {}

/** `downconvert`, `budget`, `budgetPlan`, `providerProfile` or a target refused: an unusable schema (`OLS…`), one the target cannot take, or a surface no built-in has (`OLP…`). */
export declare class DownconvertError extends DiagnosticsError {}

/**
 * A string that is not well-formed UTF-16 (a lone surrogate), refused before
 * anything crosses: the component's text is UTF-8, which cannot hold it.
 */
export declare class TextError extends ToolSchemaError {
  constructor(what: string, index: number, unit: number);
  /** The argument it is in: `args`, `schema`, `files[0].text`, `outcome.parts[2].text`, … */
  readonly argument: string;
  /** The index of the first lone surrogate, in UTF-16 code units. */
  readonly index: number;
}

/** The component trapped; a fresh instance has already replaced it. `cause` is the engine's error. */
export declare class TrapError extends ToolSchemaError {
  constructor(cause: unknown);
}

/**
 * A call ran past `load({deadlineMs})`'s deadline: its worker thread was
 * terminated and a fresh instance replaces it. A `TrapError`, so code that
 * handles a trap handles this too.
 */
export declare class DeadlineError extends TrapError {
  constructor(deadlineMs: number);
  /** The deadline the call ran past, in milliseconds. */
  readonly deadlineMs: number;
}
