/// <reference lib="esnext.disposable" />
// Types of @onellm/tool-schema: the tool-schema component (wit/tool-schema.wit,
// package onellm:tool-schema@0.1.0) for JavaScript.
//
// Descriptors, schemas, arguments and answers are JSON *text*, so no number is
// rounded on the way in or out. The u64 fields of `Limits` are BigInt.

/** The Rust host's limit on one instance's linear memory: 512 MiB. */
export declare const DEFAULT_MAX_MEMORY_BYTES: number;

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
   * limits let through comes near.
   */
  workBudget?: bigint | number;
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

/** One thing wrong with the arguments. */
export interface ArgError {
  /** `items[2].qty`, `["a b"]`; `$` for the arguments as a whole. */
  path: string;
  /** The keyword that failed, or `json`, `limit`, `schema`. */
  keyword: string;
  /** A sentence starting `Argument '<path>' `. */
  message: string;
}

/** One piece of content. */
export type Part = { type: 'text'; text: string } | { type: 'json'; json: string };

/** What the model receives for one tool call. */
export interface ToolResult {
  parts: Part[];
  isError: boolean;
  /** For a tool with `EndsLoop`: the returned value (JSON text). Absent when there is none. */
  typedResult?: string;
}

/** What happened when the tool ran. */
export type Outcome =
  /** It returned a value (JSON text; a `string` as a JSON string). */
  | { type: 'returned'; json: string }
  /** It returned nothing (`void`, `Task`, `ValueTask`). */
  | { type: 'returnedNothing' }
  /** It returned content parts. */
  | { type: 'returnedParts'; parts: Part[] }
  /** It returned a `ToolResult`, passed through. */
  | { type: 'returnedToolResult'; result: ToolResult }
  /** It threw. */
  | { type: 'threw'; typeName: string; message: string }
  /** It ran past its timeout, in seconds. */
  | { type: 'timedOut'; seconds: number }
  /** Its arguments were refused before it ran. */
  | { type: 'invalidArguments'; errors: ArgError[] };

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

/** A provider built into the component. */
export type Provider = 'anthropic' | 'openai' | 'gemini';
/** The providers built into the component. */
export declare const PROVIDERS: readonly Provider[];
/** Which provider to convert for: a built-in one, or a profile of the host's own (JSON text, in the form `providerProfile` returns). */
export type Target = Provider | { custom: string };

/** One change made for the target. */
export interface Change {
  /** The node, as a JSON pointer into the converted schema (`''` for the root). */
  pointer: string;
  /** The keyword changed. */
  keyword: string;
  /** `removed`, `relaxed`, `unenforced`, `dropped`, `closed`, `required`, `widened`, `reshaped`, `merged`, `inlined`, `typed`, `ordered`, `moved`. */
  action: string;
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
  /** The interfaces this build of the component exports that have operations (`describe`, `validate`, `encode`, `downconvert`, `work`). */
  readonly interfaces: string[];
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

  /** The bound arguments (JSON text), with the default options. Throws `ArgumentsError`. */
  validateArgs(schema: string, args: string): string;
  /** Compiles a schema once for many validations. Throws `SchemaError`. */
  compile(schema: string, options?: ValidateOptions | null): Validator;
  /** The documented default limits. */
  defaultLimits(): Limits;

  /** A tool's outcome as the content the model receives. Throws `EncodeError`. */
  encodeResult(call: EncodeCall): ToolResult;

  /** A schema converted for a provider's strict mode, with every change. Throws `DownconvertError`. */
  downconvert(schema: string, target: Target): Downconverted;
  /** The model's answer to a converted schema turned back into bound arguments for the original. Throws `ArgumentsError`. */
  restoreArgs(originalSchema: string, target: Target, args: string): string;
  /** A built-in provider's profile (JSON text). Throws `DownconvertError` (`OLP001`). */
  providerProfile(name: string): string;
  /**
   * Every tool's input schema of one request (JSON texts), each converted for
   * `target`, measured against the limits the provider documents: each limit
   * the set is over, per schema (with the tool's index) and for the request;
   * an empty array when it fits. Throws `DownconvertError` when a schema
   * cannot be converted, its diagnostics' paths under `tools[i]`.
   */
  budget(schemas: string[], target: Target): OverLimit[];
}

/** A schema compiled inside the component, for many argument texts. Free it when done. */
export declare class Validator {
  private constructor();
  /** The bound arguments (JSON text). Throws `ArgumentsError`. */
  validate(args: string): string;
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

/** `downconvert`, `budget` or `providerProfile` refused: an unusable schema (`OLS…`) or one the target cannot take (`OLP…`). */
export declare class DownconvertError extends DiagnosticsError {}

/** The arguments are not valid: every error, in the order of the arguments. */
export declare class ArgumentsError extends ToolSchemaError {
  constructor(errors: ArgError[]);
  readonly errors: ArgError[];
}

/** The component trapped; a fresh instance has already replaced it. `cause` is the engine's error. */
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
