// The playground: the @onellm/tool-schema package (copied beside this page by
// build.mjs) running the component in the browser. No server code: every
// answer comes from the component in this page.

import {
  DescribeError,
  DiagnosticsError,
  SchemaError,
  TrapError,
  load,
} from './tool-schema/src/index.js';
import { member, parseJson, pointerTo, renderJson } from './json-view.js';
import { renderMarks, spans } from './source-marks.js';

const $ = (id) => document.getElementById(id);

// Performance marks, in ms from the start of navigation: the component ready
// (`tool-schema:ready`), and the first answer of it the page showed
// (`tool-schema:first-answer`); the browser test prints them.
let answeredOnce = false;
function answered() {
  if (answeredOnce) return;
  answeredOnce = true;
  performance.mark('tool-schema:first-answer');
}

const state = {
  ts: null,
  /** The schema (JSON text) the arguments are checked against and the provider converts. */
  schema: null,
  validator: null,
  /** The tools of the last descriptor (parsed), to pick one of a class. */
  tools: null,
  /** The pane whose schema sections 3 and 4 use: the one edited last ('csharp' or 'descriptor'). */
  active: null,
  /** Each pane's schema (JSON text, or null) and what it is, for section 3 to name. */
  panes: { csharp: { schema: null, origin: '' }, descriptor: { schema: null, origin: '' } },
  /** The C# pane's diagnostics (warnings too) and their stretches of the source. */
  source: { diagnostics: [], spans: [] },
  /** Every built-in request surface (`providers()`), by name. */
  surfaces: new Map(),
};

function setStatus(kind, message) {
  const status = $('status');
  status.dataset.state = kind;
  status.textContent = message;
}

// Runs `f` with the component; a trap is reported and the page goes on (the
// package has already made a fresh instance).
function guarded(f) {
  try {
    return f();
  } catch (e) {
    if (e instanceof TrapError) {
      setStatus('ready', `The component trapped (${e.cause?.message ?? e.cause}); a fresh instance replaced it.`);
      return undefined;
    }
    throw e;
  }
}

function list(id, items, render) {
  const el = $(id);
  el.replaceChildren(...items.map(render));
  el.hidden = items.length === 0;
}

function diagnosticItem(d) {
  const li = document.createElement('li');
  const code = document.createElement('code');
  code.textContent = d.code;
  const path = document.createElement('span');
  path.className = 'path';
  path.textContent = d.path;
  li.append(code, ' ', path, ': ', d.message);
  return li;
}

function showJson(id, text) {
  const view = $(id);
  if (text === null) {
    view.replaceChildren();
    return new Map();
  }
  return renderJson(view, text, parseJson(text));
}

// ---------------------------------------------------------------- 2. a descriptor, a schema or a type

function updateSource() {
  const text = $('source').value;
  const trimmed = text.trim();
  let schema = null;
  let diagnostics = [];
  let kind = '';
  let shown = null;
  let origin = '';
  state.tools = null;
  $('tool-pick-label').hidden = true;

  if (trimmed === '') {
    kind = 'Paste something above, or pick an example.';
  } else if (!/^[[{"]/.test(trimmed) && !/^(true|false)$/.test(trimmed)) {
    kind = 'Read as a C# type expression (describe-type):';
    guarded(() => {
      try {
        schema = shown = state.ts.describeType(trimmed);
        origin = `the schema of the C# type ${trimmed}, from section 2`;
      } catch (e) {
        if (!(e instanceof DiagnosticsError)) throw e;
        diagnostics = e.diagnostics;
      }
    });
  } else {
    let node = null;
    try {
      node = parseJson(text);
    } catch (e) {
      kind = `Not JSON: ${e.message}.`;
    }
    if (node && node.kind === 'object' && (member(node, 'method') || member(node, 'containingType'))) {
      kind = 'Read as a tool descriptor (describe-tool):';
      guarded(() => {
        try {
          shown = state.ts.describeTool(text);
        } catch (e) {
          if (!(e instanceof DiagnosticsError)) throw e;
          diagnostics = e.diagnostics;
        }
      });
      if (shown !== null) {
        const picked = pickTool(shown, 'tool-pick');
        state.tools = picked.tools;
        schema = picked.schema;
        origin = `the input schema of ${picked.name}, from the descriptor (section 2)`;
      }
    } else if (node) {
      kind = 'Read as a JSON Schema:';
      schema = shown = text;
      origin = 'the JSON Schema of section 2';
    }
  }

  $('source-kind').textContent = kind;
  list('diagnostics', diagnostics, diagnosticItem);
  showJson('schema-view', shown);
  showParameters('parameters', schema);
  state.panes.descriptor = { schema, origin };
  use('descriptor');
  if (shown !== null || diagnostics.length > 0) answered();
}

// The tools of a describe answer (JSON text: a tool or an array of them), a
// picker when there are several (keeping the tool picked before, by name,
// while the source is edited), and the picked tool's input schema as written.
function pickTool(shown, pickId) {
  const node = parseJson(shown);
  const tools = node.kind === 'array' ? node.items : [node];
  const pick = $(pickId);
  const names = tools.map((t) => member(t, 'name').value);
  let picked = 0;
  if (tools.length > 1) {
    picked = Math.max(0, names.indexOf(pick.value));
    pick.replaceChildren(...names.map((n) => new Option(n, n)));
    pick.value = names[picked];
    $(`${pickId}-label`).hidden = false;
  }
  if (tools.length === 0) return { tools, schema: null, name: null };
  const input = member(tools[picked], 'inputSchema');
  return { tools, schema: shown.slice(input.start, input.end), name: names[picked] };
}

// ---------------------------------------------------------------- 1. C# source

function updateCsharp() {
  const text = $('cs-source').value;
  const path = $('cs-path').value.trim() || 'Tools.cs';
  let answer = null;
  let refused = [];
  let kind = '';
  let schema = null;
  let origin = '';
  $('cs-tool-pick-label').hidden = true;

  if (text.trim() === '') {
    kind = 'Type or paste C# source above, or pick an example.';
  } else {
    guarded(() => {
      try {
        answer = state.ts.describeSource([{ path, text }]);
      } catch (e) {
        if (!(e instanceof DescribeError)) throw e;
        refused = e.diagnostics;
      }
    });
  }
  if (answer) {
    const picked = pickTool(answer.json, 'cs-tool-pick');
    const n = picked.tools.length;
    kind = `${n} ${n === 1 ? 'tool' : 'tools'}, as the [Tool] generator describes ${n === 1 ? 'it' : 'them'} (describe-source):`;
    schema = picked.schema;
    if (picked.name !== null) origin = `the input schema of ${picked.name}, from the C# source (section 1)`;
  } else if (refused.length > 0) {
    kind = `Refused: ${refused.length} ${refused.length === 1 ? 'problem' : 'problems'} (describe-source):`;
  }

  // Refusals list every diagnostic as an error, as MSBuild prints them; an answer's warnings as warnings.
  const diagnostics = answer ? answer.warnings : refused;
  const severity = answer ? 'warning' : 'error';
  state.source = { diagnostics, spans: spans(text, diagnostics) };
  renderMarks($('cs-marks'), text, state.source.spans, diagnostics.map(() => severity));
  syncScroll();
  list('cs-diagnostics', diagnostics, (d, i) => sourceDiagnosticItem(d, i, severity));
  $('cs-kind').textContent = kind;
  showJson('cs-view', answer ? answer.json : null);
  showParameters('cs-parameters', schema);
  state.panes.csharp = { schema, origin };
  use('csharp');
  if (answer || refused.length > 0) answered();
}

// `File.cs(6,22): error OLT002: message`, as MSBuild prints it; pointing at
// it marks its stretch of the source, and a click selects it in the editor.
function sourceDiagnosticItem(d, i, severity) {
  const li = document.createElement('li');
  li.dataset.diagnostic = String(i);
  li.dataset.code = d.code;
  li.className = severity;
  const code = document.createElement('code');
  code.textContent = d.code;
  if (d.file === '') {
    li.append(`${severity} `, code, `: ${d.message}`);
  } else {
    const where = document.createElement('span');
    where.className = 'path';
    where.textContent = `${d.file}(${d.line},${d.column})`;
    li.append(where, `: ${severity} `, code, `: ${d.message}`);
  }
  const span = state.source.spans[i];
  if (span) {
    li.tabIndex = 0;
    li.addEventListener('mouseenter', () => markDiagnostic(i, true));
    li.addEventListener('mouseleave', () => markDiagnostic(i, false));
    li.addEventListener('click', () => {
      const editor = $('cs-source');
      editor.focus();
      editor.setSelectionRange(span.start, span.end);
    });
  }
  return li;
}

function markDiagnostic(i, on) {
  for (const el of document.querySelectorAll('#cs-marks mark')) {
    if (el.dataset.diagnostics.split(' ').includes(String(i))) el.classList.toggle('focus', on);
  }
}

// The backdrop scrolls with the editor, so each mark stays under its text.
function syncScroll() {
  const editor = $('cs-source');
  const marks = $('cs-marks');
  marks.scrollTop = editor.scrollTop;
  marks.scrollLeft = editor.scrollLeft;
}

// ---------------------------------------------------------------- the schema in use

// Sections 3 and 4 use the schema of the pane edited last.
function use(pane) {
  state.active = pane;
  for (const [id, name] of [['csharp-section', 'csharp'], ['schema-section', 'descriptor']]) {
    $(id).dataset.active = String(name === pane);
  }
  const { schema, origin } = state.panes[pane];
  $('schema-origin').textContent = schema === null ? '' : `In use below: ${origin}.`;
  setSchema(schema, pane === 'csharp' ? 'cs-diagnostics' : 'diagnostics');
}

// The schema arguments are checked against: compiled once into a Validator,
// freed when another replaces it.
function setSchema(schema, problemsId) {
  if (schema !== state.schema) {
    state.validator?.free();
    state.validator = null;
    state.schema = schema;
    if (schema !== null) {
      guarded(() => {
        try {
          state.validator = state.ts.compile(schema);
        } catch (e) {
          if (!(e instanceof SchemaError)) throw e;
          list(problemsId, e.diagnostics, diagnosticItem);
        }
      });
    }
  }
  updateProvider();
}

// A table of the top-level parameters: type and constraints at a glance.
function showParameters(tableId, schema) {
  const table = $(tableId);
  const body = table.querySelector('tbody');
  body.replaceChildren();
  table.hidden = true;
  if (schema === null) return;
  const node = parseJson(schema);
  const properties = member(node, 'properties');
  if (!properties || properties.kind !== 'object' || properties.members.length === 0) return;
  const raw = (n) => (n ? schema.slice(n.start, n.end) : undefined);
  const required = member(node, 'required');
  const requiredNames = required?.kind === 'array' ? required.items.map((i) => i.value) : [];
  for (const { key, value } of properties.members) {
    const get = (k) => raw(member(value, k));
    const type = member(value, 'type');
    let typeText = type ? (type.kind === 'string' ? type.value : type.items?.map((t) => t.value).join(' | ') ?? raw(type)) : 'any';
    if (member(value, 'format')) typeText += ` (${member(value, 'format').value})`;
    const constraints = [];
    const lo = get('minimum') ?? (get('exclusiveMinimum') && `>${get('exclusiveMinimum')}`);
    const hi = get('maximum') ?? (get('exclusiveMaximum') && `<${get('exclusiveMaximum')}`);
    if (lo !== undefined && hi !== undefined) constraints.push(`${lo}–${hi}`);
    else if (lo !== undefined) constraints.push(`≥ ${lo}`);
    else if (hi !== undefined) constraints.push(`≤ ${hi}`);
    if (get('minLength') || get('maxLength')) constraints.push(`length ${get('minLength') ?? 0}–${get('maxLength') ?? '∞'}`);
    if (get('minItems') || get('maxItems')) constraints.push(`items ${get('minItems') ?? 0}–${get('maxItems') ?? '∞'}`);
    if (get('pattern')) constraints.push(`pattern ${get('pattern')}`);
    if (get('enum')) constraints.push(`one of ${get('enum')}`);
    if (get('default') !== undefined) constraints.push(`default ${get('default')}`);
    const row = body.insertRow();
    row.dataset.parameter = key;
    for (const cell of [key, typeText, constraints.join(' · '), requiredNames.includes(key) ? 'required' : 'optional']) {
      row.insertCell().textContent = cell;
    }
  }
  table.hidden = false;
}

// ---------------------------------------------------------------- 3. a provider

function updateProvider() {
  const provider = $('provider').value;
  const restore = $('restore');
  restore.disabled = !provider;
  if (!provider) restore.checked = false;
  let note = '';
  let problems = [];
  let converted = null;
  if (!state.ts.interfaces.includes('downconvert')) {
    note = 'This build of the component has no downconvert interface.';
  } else if (provider && state.schema === null) {
    note = 'Give a schema above first.';
  } else if (provider) {
    guarded(() => {
      try {
        converted = state.ts.downconvert(state.schema, provider);
      } catch (e) {
        if (!(e instanceof DiagnosticsError)) throw e;
        problems = e.diagnostics;
      }
    });
    if (converted) {
      const n = converted.changes.length;
      note = `${n} ${n === 1 ? 'change' : 'changes'}, highlighted in the schema. ` +
        (converted.lossless
          ? 'Lossless: every constraint is still enforced by the provider.'
          : 'Not lossless: some constraints are only hints in a description now; validation against the original still checks them.');
    }
  }
  $('provider-note').textContent = note;
  $('provider-note').dataset.lossless = converted ? String(converted.lossless) : '';
  const surface = state.surfaces.get(provider);
  $('provider-surface').textContent = surface
    ? `${surface.surface}. Its rules were read on ${surface.oldestRule} or later` +
      (surface.uncheckedRules > 0 ? `; ${surface.uncheckedRules} of them could not be checked at the vendor.` : '.')
    : '';
  showReport(converted);
  list('provider-problems', problems, diagnosticItem);
  const elements = showJson('converted-view', converted ? converted.schema : null);
  list('changes', converted ? converted.changes : [], (c, i) => {
    const li = document.createElement('li');
    li.dataset.change = String(i);
    const where = document.createElement('code');
    where.textContent = `${c.pointer || '(root)'} ${c.keyword}`;
    const action = document.createElement('strong');
    action.textContent = c.action;
    li.append(where, ' ', action, ': ', c.detail);
    li.addEventListener('mouseenter', () => mark(i, true));
    li.addEventListener('mouseleave', () => mark(i, false));
    return li;
  });
  if (converted) highlight(converted.changes, elements);
  updateArgs();
}

// What the conversion reports beside its changes: the surfaces that take the
// schema as given, and the converted one, as they are; and each part of the
// given schema no value satisfies (its fault, not the conversion's).
function showReport(converted) {
  const names = (list) => (list.length === 0 ? 'none of the built-in surfaces' : list.join(', '));
  $('also-valid-for').hidden = !converted;
  $('also-original').textContent = converted ? names(converted.alsoValidFor.original) : '';
  $('also-original').dataset.surfaces = converted ? converted.alsoValidFor.original.join(' ') : '';
  $('also-converted').textContent = converted ? names(converted.alsoValidFor.converted) : '';
  $('also-converted').dataset.surfaces = converted ? converted.alsoValidFor.converted.join(' ') : '';
  list('dead', converted ? converted.dead : [], (d) => {
    const li = document.createElement('li');
    li.dataset.pointer = d.pointer;
    const where = document.createElement('code');
    where.textContent = d.pointer || '(root)';
    li.append('No value satisfies ', where, `: ${d.reason}`);
    return li;
  });
}

// Each change is shown where it is: the keyword's member if the converted
// schema still has it (a widened `type`, a `required` list); else the
// `description` that now holds its meaning; else the node itself.
function highlight(changes, elements) {
  changes.forEach((c, i) => {
    const node = elements.get(c.pointer);
    if (!node) return;
    const target =
      elements.get(pointerTo(c.pointer, c.keyword))?.member ??
      elements.get(pointerTo(c.pointer, 'description'))?.member ??
      node.member ??
      node.value;
    target.classList.add('changed');
    target.dataset.changes = [target.dataset.changes, i].filter((x) => x !== undefined && x !== '').join(' ');
    target.title = [target.title, `${c.keyword} ${c.action}: ${c.detail}`].filter(Boolean).join('\n');
    const badge = document.createElement('sup');
    badge.className = 'badge';
    badge.textContent = String(i + 1);
    target.prepend(badge);
  });
}

function mark(i, on) {
  for (const el of document.querySelectorAll('#converted-view .changed')) {
    if (el.dataset.changes.split(' ').includes(String(i))) el.classList.toggle('focus', on);
  }
}

// ---------------------------------------------------------------- 4. arguments

function updateArgs() {
  const args = $('args').value;
  const table = $('arg-errors');
  const body = table.querySelector('tbody');
  body.replaceChildren();
  table.hidden = true;
  let kind = '';
  let bound = null;
  const provider = $('provider').value;
  const restoring = $('restore').checked && provider;
  if (state.schema === null) {
    kind = 'Give a schema above first.';
  } else if (args.trim() === '') {
    kind = 'Paste arguments to check them.';
  } else {
    guarded(() => {
      // Invalid arguments are an answer, {ok: false, errors}, not an exception.
      const answer = restoring
        ? state.ts.restoreArgs(state.schema, provider, args)
        : state.validator
          ? state.validator.validate(args)
          : state.ts.validateArgs(state.schema, args);
      if (answer.ok) {
        bound = answer.text;
        kind = restoring
          ? `Valid: restored from the ${provider} answer and bound against the original schema.`
          : 'Valid: the bound arguments the tool receives.';
      } else {
        const { errors } = answer;
        kind = `${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, in the order of the arguments:`;
        for (const err of errors) {
          const row = body.insertRow();
          row.dataset.path = err.path;
          row.dataset.keyword = err.keyword;
          row.insertCell().textContent = err.path;
          row.insertCell().textContent = err.keyword;
          row.insertCell().textContent = err.message;
        }
        table.hidden = false;
      }
    });
  }
  $('args-kind').textContent = kind;
  showJson('bound-view', bound);
}

// ---------------------------------------------------------------- wiring

function debounced(f) {
  let timer = null;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(f, 120);
  };
}

async function start() {
  const started = performance.now();
  try {
    state.ts = await load();
  } catch (e) {
    setStatus('error', `The component did not load: ${e.message}`);
    return;
  }
  const ms = Math.round(performance.now() - started);
  performance.mark('tool-schema:ready');
  const provider = $('provider');
  if (state.ts.interfaces.includes('downconvert')) {
    // Every built-in surface, by its name; its aliases (the names it had
    // before it had its own) beside it.
    for (const p of state.ts.providers()) {
      state.surfaces.set(p.name, p);
      const option = new Option(p.aliases.length > 0 ? `${p.name} (${p.aliases.join(', ')})` : p.name, p.name);
      option.dataset.aliases = p.aliases.join(' ');
      provider.append(option);
    }
  } else {
    provider.disabled = true;
  }
  $('source').addEventListener('input', debounced(updateSource));
  $('tool-pick').addEventListener('change', updateSource);
  $('cs-source').addEventListener('input', debounced(updateCsharp));
  $('cs-source').addEventListener('scroll', syncScroll);
  $('cs-path').addEventListener('input', debounced(updateCsharp));
  $('cs-tool-pick').addEventListener('change', updateCsharp);
  $('args').addEventListener('input', debounced(updateArgs));
  provider.addEventListener('change', updateProvider);
  $('restore').addEventListener('change', updateArgs);
  for (const button of document.querySelectorAll('[data-example], [data-text]')) {
    button.addEventListener('click', async () => {
      $('source').value = button.dataset.text ?? (await (await fetch(`examples/${button.dataset.example}`)).text());
      updateSource();
    });
  }
  updateSource();
  await csharpExamples();
  setStatus('ready', `Ready: the component loaded in ${ms} ms (interfaces: ${state.ts.interfaces.join(', ')}).`);
}

// The C# examples build.mjs bundled (examples/index.json), one button each;
// the pane starts with get-docket.cs.
async function csharpExamples() {
  let names = [];
  try {
    names = (await (await fetch('examples/index.json')).json()).csharp;
  } catch {
    // No list: the pane starts empty.
  }
  const open = async (name) => {
    $('cs-source').value = await (await fetch(`examples/${name}`)).text();
    $('cs-path').value = name;
    $('cs-source').scrollTop = 0;
    updateCsharp();
  };
  for (const name of names) {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.csExample = name;
    button.textContent = name;
    button.addEventListener('click', () => open(name));
    $('cs-examples').append(' ', button);
  }
  if (names.includes('get-docket.cs')) await open('get-docket.cs');
  else updateCsharp();
}

start();
