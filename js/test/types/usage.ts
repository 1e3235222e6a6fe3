// Compiled by test/types.test.mjs with `tsc --noEmit`: the package's types
// accept what the API takes and refuse what it does not (each
// `@ts-expect-error` must meet an error, or tsc fails).

import {
  DeadlineError,
  DescribeError,
  DownconvertError,
  EncodeError,
  SchemaError,
  TextError,
  ToolSchemaError,
  TrapError,
  PROVIDERS,
  load,
  type ArgError,
  type ArgParams,
  type Change,
  type Checked,
  type Converted,
  type Diagnostic,
  type Downconverted,
  type FromSource,
  type SourceDiagnostic,
  type SourceFile,
  type Limits,
  type OverLimit,
  type BudgetPlan,
  type Placement,
  type ProviderInfo,
  type SurfaceName,
  type Tool,
  type ToolInfo,
  type ToolResult,
  type Validator,
} from '@onellm/tool-schema';

const ts = await load({ maxMemoryBytes: 64 * 1024 * 1024 });
const bounded = await load({ deadlineMs: 1000, workBudget: 1_000_000n });
const deadline: number | null = bounded.deadlineMs;
const budget: bigint = bounded.workBudget;
await load({ workBudget: 5000 });
await load({ maxLiveResources: 10_000 });
const tool: string = ts.describeTool('{"method": "F"}');
const schema: string = ts.describeType('List<int>', { mode: 'reflection', naming: null });
const name: string = ts.toolName('GetDocketAsync');
const flat: string = ts.flattenDoc('<see cref="X"/>');
const files: SourceFile[] = [{ path: 'Tools.cs', text: 'public partial class T { [Tool] public int F() => 1; }' }];
const fromSource: FromSource = ts.describeSource(files);
const tools: string = fromSource.json;
const warning: SourceDiagnostic = fromSource.warnings[0];
const place: [string, number, number] = [warning.file, warning.line, warning.column];
const descriptor: string = ts.sourceDescriptor(files, { mode: 'reflection', naming: 'None' }).json;
ts.describeSource(files, null);
// The model's invalid arguments are an answer in every operation that checks them.
const bound: Checked = ts.validateArgs(schema, '[1]');
const boundText: string | null = bound.ok ? bound.text : null;
const boundErrors: ArgError[] = bound.ok ? [] : bound.errors;
const typedBound: Checked<number[]> = ts.validateArgs<number[]>(schema, '[1]');
if (typedBound.ok) {
  const first: number = typedBound.value[0];
}
const limits: Limits = ts.defaultLimits();
const bytes: bigint = limits.maxArgumentBytes;
const depth: number = limits.maxArgumentDepth;

const v: Validator = ts.compile(schema, { formats: 'annotate', anyValue: true, limits: { maxArgumentBytes: 1n << 20n, maxSchemaBytes: 4096 } });
const again: Checked<number[]> = v.validate<number[]>('[2]');
const againText: string | undefined = again.ok ? again.text : again.errors[0]?.message;
v.free();
v[Symbol.dispose]();

const result: ToolResult = ts.encodeResult({ toolName: 'x', returnType: 'int', outcome: { type: 'returned', json: '1' } });
for (const part of result.parts) {
  const shown: string = part.type === 'text' ? part.text : part.json;
}
const typed: string | undefined = result.typedResult;
ts.encodeResult({ toolName: 'x', returnType: 'int', outcome: { type: 'timedOut', seconds: 5 }, endsLoop: true });

const down: Downconverted = ts.downconvert(schema, 'openai');
ts.downconvert(schema, { custom: ts.providerProfile('gemini') });
const restored: Checked = ts.restoreArgs(schema, 'anthropic', '[1]');
if (!restored.ok) {
  const params: ArgParams = restored.errors[0].params;
}
const over: OverLimit[] = ts.budget([schema, schema], { custom: ts.providerProfile('anthropic') });
const overTool: number | undefined = over[0].tool;
const overCounts: [number, number] = [over[0].allowed, over[0].measured];
// Any built-in surface by name or alias; its report beside the changes.
const surfaces: readonly SurfaceName[] = PROVIDERS;
const listed: readonly ProviderInfo[] = ts.providers();
const oldest: string = listed[0].oldestRule;
const unchecked: number = listed[0].uncheckedRules;
const responses: Downconverted = ts.downconvert(schema, 'openai-responses');
ts.downconvert(schema, listed[1].name);
ts.downconvert(schema, 'a-surface-of-a-later-build');
const fits: string[] = responses.alsoValidFor.original.concat(responses.alsoValidFor.converted);
const deadAt: string | undefined = responses.dead[0]?.pointer;
const plan: BudgetPlan = ts.budgetPlan([schema, schema], 'anthropic-tools', ['a', 'b']);
const placed: Placement = plan.tools[0].placement;
const planOver: OverLimit[] = ts.budgetPlan([schema], 'bedrock-converse').tools[0].over;

// Tools: JSON as text or as values; invalid arguments are an answer.
const docket: Tool = ts.tool({ method: 'GetDocketAsync', parameters: [{ name: 'limit', type: 'int' }] });
const fromText: Tool = ts.tool('{"method": "F"}');
const fromSchemas: Tool = ts.tool({
  name: 'echo',
  inputSchema: { type: 'object' },
  outputSchema: '{"type":"integer"}',
  options: { formats: 'annotate' },
});
const classTools: Tool[] = ts.tools({ containingType: { name: 'T', partial: true, generic: false }, methods: [] });
const info: ToolInfo = docket.info;
const inputText: string = info.inputSchemaText;
const outputText: string | undefined = info.outputSchemaText;
const checked: Checked<{ limit: number }> = docket.validate<{ limit: number }>({ limit: 500 });
if (checked.ok) {
  const limit: number = checked.value.limit;
  const exact: string = checked.text;
} else {
  for (const error of checked.errors) {
    const where: (string | number)[] = error.location;
    const pointer: string = error.schemaLocation;
    const params: ArgParams = error.params;
    switch (params.kind) {
      case 'bound': {
        const bound: [string, string] = [params.limit, params.value];
        break;
      }
      case 'type': {
        const shown: string | null = params.value.text;
        break;
      }
      case 'limit': {
        const what: 'bytes' | 'depth' | 'steps' | 'errors' = params.what;
        const counts: [number, number] = [params.limit, params.count];
        break;
      }
      case 'unexpected': {
        const allowed: string[] | null = params.allowed;
        break;
      }
      case 'false-schema':
        // @ts-expect-error false-schema params have no fields
        params.limit;
        break;
    }
  }
  docket.encode({ type: 'invalidArguments', errors: checked.errors });
}
const encoded: ToolResult = docket.encode({ type: 'returned', json: { number: '1', filed: '2024-03-01', status: 'Open' } });
docket.encode({ type: 'invalidArguments', errors: ['Argument \'limit\' is required.'] });
const converted: Converted = docket.convert('openai');
const changes: readonly Change[] = converted.changes;
const restoredArgs: Checked = converted.restore('{"limit": null}');
const convertedText: string = converted.schemaText;
const convertedFits: readonly string[] = converted.alsoValidFor.converted;
const convertedDead: string | undefined = converted.dead[0]?.reason;
converted.free();
docket[Symbol.dispose]();
const compiledCount: number = ts.schemasCompiled();
const live: number = ts.liveResources;
const remade: number = ts.remade;

try {
  ts.describeTool('{');
} catch (e) {
  if (e instanceof DescribeError || e instanceof SchemaError || e instanceof EncodeError || e instanceof DownconvertError) {
    const d: Diagnostic[] = e.diagnostics;
    if (e instanceof DescribeError) {
      const line: number | undefined = e.diagnostics[0].line;
      const file: string | undefined = e.diagnostics[0].file;
    }
  } else if (e instanceof DeadlineError) {
    const ms: number = e.deadlineMs;
    const trap: TrapError = e;
  } else if (e instanceof TrapError) {
    const base: ToolSchemaError = e;
    const cause: unknown = e.cause;
  } else if (e instanceof TextError) {
    const where: [string, number] = [e.argument, e.index];
    const base: ToolSchemaError = e;
  }
}

// @ts-expect-error a deadline is a number of milliseconds
load({ deadlineMs: '5s' });
// @ts-expect-error a work budget is a number of steps
load({ workBudget: 'lots' });
// @ts-expect-error the most live resources is a number
load({ maxLiveResources: '1k' });
// @ts-expect-error schemas are JSON text, not objects
ts.validateArgs({ type: 'object' }, '{}');
// @ts-expect-error validateArgs answers {ok, value, text} or {ok: false, errors}, not the bound text
const boundAsText: string = ts.validateArgs(schema, '{}');
// @ts-expect-error a validator's answer is checked, not the bound text
const validatedAsText: string = v.validate('{}');
// @ts-expect-error restoreArgs answers as validateArgs does
const restoredAsText: string = ts.restoreArgs(schema, 'openai', '{}');
// @ts-expect-error the errors are there only when not ok
bound.errors;
// @ts-expect-error a validator takes argument text, as validateArgs does
v.validate({ limit: 1 });
// @ts-expect-error u64 limits are BigInt or number, not strings
ts.compile(schema, { limits: { maxArgumentBytes: '5' } });
// @ts-expect-error the u64 fields of Limits are BigInt
const wrong: number = limits.maxSchemaBytes;
// @ts-expect-error an outcome is discriminated by `type`
ts.encodeResult({ toolName: 'x', returnType: 'int', outcome: { tag: 'returned', val: '1' } });
// @ts-expect-error C# source is an array of files, not one text
ts.describeSource('public partial class T {}');
// @ts-expect-error a file's text is a string
ts.describeSource([{ path: 'T.cs', text: 1 }]);
// @ts-expect-error a mode is 'generator' or 'reflection'
ts.sourceDescriptor(files, { mode: 'roslyn' });
// @ts-expect-error a warning's line is a number
const lineText: string = warning.line;
// @ts-expect-error a target is a surface's name, not a number
ts.downconvert(schema, 7);
// @ts-expect-error a placement is strict, non-strict or left-out
const wrongPlacement: 'dropped' = plan.tools[0].placement;
// @ts-expect-error budgetPlan's names are an array
ts.budgetPlan([schema], 'anthropic', 'a');
// @ts-expect-error budget takes every tool's schema as an array, not one text
ts.budget(schema, 'openai');
// @ts-expect-error no public constructor
new (await import('@onellm/tool-schema')).ToolSchema();
// @ts-expect-error a tool from schemas needs its name
ts.tool({ inputSchema: {} });
// @ts-expect-error options are checked in a tool from schemas too
ts.tool({ name: 'x', inputSchema: {}, options: { formats: 'strict' } });
// @ts-expect-error a descriptor is an object or JSON text
ts.tools(5);
// @ts-expect-error the value of a valid answer is there only when ok
checked.value;
// @ts-expect-error a change's action is one of the actions
const wrongAction: 'deleted' = changes[0].action;
// @ts-expect-error encodeResult takes JSON text only
ts.encodeResult({ toolName: 'x', returnType: 'int', outcome: { type: 'returned', json: 1 } });

export { boundText, boundErrors, againText, boundAsText, validatedAsText, restoredAsText, fromText, fromSchemas, classTools, inputText, outputText, encoded, restoredArgs, convertedText, compiledCount, live, wrongAction, tool, name, flat, tools, place, descriptor, lineText, bound, bytes, depth, again, typed, down, restored, overTool, overCounts, wrong, surfaces, oldest, unchecked, fits, deadAt, placed, planOver, wrongPlacement, convertedFits, convertedDead };
