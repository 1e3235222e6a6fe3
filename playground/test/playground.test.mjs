// The playground in a real browser: Debian's Chromium, driven by
// playwright-core (which never downloads a browser). The page is served from
// dist/ on 127.0.0.1 and every other request is refused and counted, so the
// test also shows that the page works offline from the built files.
//
// Screenshots go to target/browser/ (TOOL_SCHEMA_BROWSER_OUT names another
// directory). `make browser-test` installs Chromium and builds dist/ first.

import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { DescribeError, load } from '../../js/src/index.js';
import { thrown } from '../../js/test/thrown.mjs';
import { serve } from '../serve.mjs';

const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const dist = here('../dist');
const out = process.env.TOOL_SCHEMA_BROWSER_OUT ?? here('../../target/browser');

if (!existsSync(CHROMIUM)) {
  throw new Error(`Chromium is not installed at ${CHROMIUM}: run \`make chromium\` (apt-get install -y chromium); the browser test needs it`);
}
if (!existsSync(join(dist, 'index.html'))) {
  throw new Error(`${dist} has no built playground: run \`make playground-build\``);
}

// The package in Node, for what the page should show.
const ts = await load();
const example = (name) => readFile(here(`../../examples/${name}`), 'utf8');

let server;
let url;
let context;
let page;
let profile;
const refused = [];
const problems = [];

before(async () => {
  ({ server, url } = await serve(dist, 0));
  await mkdir(out, { recursive: true });
  profile = await mkdtemp(join(tmpdir(), 'tool-schema-chromium-'));
  // A fresh profile: Playwright passes it to Chromium as --user-data-dir.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    viewport: { width: 1400, height: 1000 },
  });
  await context.route('**/*', (route) => {
    if (route.request().url().startsWith(url)) return route.continue();
    refused.push(route.request().url());
    return route.abort();
  });
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
  });
  await page.goto(url);
  await page.locator('#status[data-state="ready"]').waitFor();
});

after(async () => {
  await context?.close();
  server?.close();
  if (profile) await rm(profile, { recursive: true, force: true });
});

const text = (selector) => page.locator(selector).innerText();

test('the page loads the component in the browser', async () => {
  assert.match(await text('#status'), /^Ready: the component loaded in \d+ ms \(interfaces: describe, .*validate, work\)\.$/);
});

test('the first answer after load is measured (printed, no threshold)', async () => {
  // The page's performance marks, in ms from the start of navigation.
  const at = (name) => performance.getEntriesByName(name)[0]?.startTime;
  await page.waitForFunction(at, 'tool-schema:first-answer');
  const [ready, first] = await Promise.all(['tool-schema:ready', 'tool-schema:first-answer'].map((name) => page.evaluate(at, name)));
  assert.ok(ready > 0 && first >= ready, `ready at ${ready} ms, first answer at ${first} ms`);
  console.log(`first answer after load: ${Math.round(first)} ms from navigation start (component ready at ${Math.round(ready)} ms, its first answer shown ${Math.round(first - ready)} ms later)`);
});

test('the C# pane starts with get-docket.cs and its tool, whose input schema sections 3 and 4 use', async () => {
  const source = await example('get-docket.cs');
  await page.locator('#cs-view [data-pointer="/inputSchema/properties/limit"]').waitFor();
  assert.equal(await page.locator('#cs-source').inputValue(), source);
  assert.equal(await text('#cs-kind'), '1 tool, as the [Tool] generator describes it (describe-source):');
  assert.deepEqual(JSON.parse(await text('#cs-view')), JSON.parse(ts.describeTool(await example('get-docket.json'))));
  assert.deepEqual(await page.locator('#cs-parameters tr[data-parameter="limit"] td').allInnerTexts(), ['limit', 'integer', '1–100 · default 10', 'optional']);
  assert.equal(await page.locator('#cs-diagnostics').isHidden(), true);
  assert.equal(await page.locator('#cs-marks mark').count(), 0);
  assert.equal(await text('#schema-origin'), 'In use below: the input schema of get_docket, from the C# source (section 1).');
  assert.deepEqual(
    await page.locator('[data-cs-example]').evaluateAll((bs) => bs.map((b) => b.dataset.csExample)).then((names) => names.includes('get-docket.cs')),
    true,
  );
});

test('pasting the GetDocketAsync descriptor shows the schema with limit ranged 1–100', async () => {
  const descriptor = await readFile(here('../../examples/get-docket.json'), 'utf8');
  await page.locator('#source').fill(descriptor);
  await page.locator('#parameters tr[data-parameter="limit"]').waitFor();
  assert.equal(await text('#source-kind'), 'Read as a tool descriptor (describe-tool):');

  const limit = await text('#schema-view [data-pointer="/inputSchema/properties/limit"]');
  const indent = ' '.repeat(6); // tool → inputSchema → properties → limit
  assert.equal(
    limit,
    ['{', '"type": "integer",', '"minimum": 1,', '"maximum": 100,', '"default": 10'].map((l, i) => (i ? `${indent}  ${l}` : l)).join('\n') + `\n${indent}}`,
  );
  const row = await page.locator('#parameters tr[data-parameter="limit"] td').allInnerTexts();
  assert.deepEqual(row, ['limit', 'integer', '1–100 · default 10', 'optional']);
  const caseId = await page.locator('#parameters tr[data-parameter="caseId"] td').allInnerTexts();
  assert.deepEqual(caseId, ['caseId', 'string (uuid)', '', 'required']);
  assert.match(await text('#schema-view'), /^\{\n {2}"name": "get_docket",\n {2}"description": "Looks up a court docket\.",/);
  await page.screenshot({ path: join(out, 'playground-schema.png'), fullPage: true });
});

test('typing {"limit": 500} shows caseId missing and limit out of range', async () => {
  await page.locator('#args').pressSequentially('{"limit": 500}');
  await page.locator('#arg-errors tbody tr').first().waitFor();
  const rows = await page.locator('#arg-errors tbody tr').evaluateAll((trs) =>
    trs.map((tr) => [...tr.cells].map((td) => td.textContent)),
  );
  assert.deepEqual(rows, [
    ['limit', 'maximum', "Argument 'limit' must be at most 100, not 500."],
    ['caseId', 'required', "Argument 'caseId' is required."],
  ]);
  assert.equal(await text('#args-kind'), '2 errors, in the order of the arguments:');
  await page.screenshot({ path: join(out, 'playground-errors.png'), fullPage: true });
});

test('valid arguments show the bound arguments, with the default filled in', async () => {
  await page.locator('#args').fill('{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380"}');
  await page.locator('#bound-view [data-pointer="/limit"]').waitFor();
  assert.equal(await page.locator('#arg-errors').isHidden(), true);
  assert.equal(await text('#bound-view'), '{\n  "caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380",\n  "limit": 10\n}');
});

test('the provider menu lists every built-in surface, from providers(), with its aliases', async () => {
  const options = await page.locator('#provider option').evaluateAll((os) => os.map((o) => [o.value, o.textContent, o.dataset.aliases ?? null]));
  assert.deepEqual(options, [
    ['', 'none: the schema as described', null],
    ...ts.providers().map((p) => [p.name, p.aliases.length ? `${p.name} (${p.aliases.join(', ')})` : p.name, p.aliases.join(' ')]),
  ]);
  assert.equal(options.length, 14);
  assert.deepEqual(options.filter((o) => o[2]).map((o) => o[1]), ['openai-chat (openai)', 'anthropic-tools (anthropic)', 'gemini-json (gemini)']);
});

test('picking a provider shows the converted schema with every change highlighted', async () => {
  await page.locator('#provider').selectOption('anthropic-tools');
  await page.locator('#changes li').first().waitFor();
  const changes = await page.locator('#changes li').allInnerTexts();
  assert.deepEqual(changes.map((c) => c.split(':')[0]), ['/properties/limit minimum removed', '/properties/limit maximum removed']);
  // Each change is marked in the schema: here, the description that now holds the range.
  const marked = await page.locator('#converted-view .changed').evaluateAll((els) =>
    els.map((el) => [el.dataset.member ?? el.dataset.pointer, el.dataset.changes]),
  );
  assert.deepEqual(marked, [['/properties/limit/description', '0 1']]);
  assert.match(await text('#converted-view [data-pointer="/properties/limit"]'), /"description": "\(minimum: 1, maximum: 100\)"/);
  assert.doesNotMatch(await text('#converted-view'), /"minimum"|"maximum"/);
  assert.match(await text('#provider-note'), /^2 changes, highlighted in the schema\. Not lossless/);

  await page.locator('#provider').selectOption('openai-chat');
  await page.locator('#changes li[data-change="2"]').waitFor();
  const openai = await page.locator('#converted-view .changed').evaluateAll((els) =>
    els.map((el) => el.dataset.member ?? el.dataset.pointer),
  );
  assert.deepEqual(openai.sort(), ['/properties/limit/description', '/properties/limit/type', '/required']);
  await page.screenshot({ path: join(out, 'playground-provider.png'), fullPage: true });
});

test('restoring the model’s answer to the provider’s schema binds it against the original', async () => {
  await page.locator('#restore').check();
  await page.locator('#args').fill('{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": null}');
  await page.locator('#args-kind', { hasText: 'restored' }).waitFor();
  assert.equal(await text('#bound-view'), '{\n  "caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380",\n  "limit": 10\n}');
});

test('a new surface: the converted schema, the surfaces that take it as it is, and what no value satisfies', async () => {
  const schema = '{"type": "object", "properties": {"query": {"type": "string"}, "tags": {"enum": []}}, "required": ["query"], "additionalProperties": false}';
  await page.locator('#restore').uncheck();
  await page.locator('#source').fill(schema);
  await page.locator('#source-kind', { hasText: 'Read as a JSON Schema:' }).waitFor();
  await page.locator('#provider').selectOption('bedrock-converse');
  await page.locator('#dead li').first().waitFor();
  const converted = ts.downconvert(schema, 'bedrock-converse');
  const shown = await page.locator('#converted-view').evaluate((view) => {
    const copy = view.cloneNode(true);
    for (const badge of copy.querySelectorAll('.badge')) badge.remove();
    return copy.textContent;
  });
  assert.deepEqual(JSON.parse(shown), JSON.parse(converted.schema));
  // The surface itself, as providers() describes it.
  const surface = ts.providers().find((p) => p.name === 'bedrock-converse');
  assert.ok((await text('#provider-surface')).startsWith(`${surface.surface}. Its rules were read on ${surface.oldestRule} or later`));
  // Which surfaces take the given schema, and the converted one, as they are.
  assert.equal(await page.locator('#also-valid-for').isVisible(), true);
  const surfaces = (id) => page.locator(id).getAttribute('data-surfaces').then((s) => (s === '' ? [] : s.split(' ')));
  assert.deepEqual(await surfaces('#also-original'), converted.alsoValidFor.original);
  assert.deepEqual(await surfaces('#also-converted'), converted.alsoValidFor.converted);
  assert.ok(converted.alsoValidFor.converted.includes('bedrock-converse'));
  assert.equal(await text('#also-converted'), converted.alsoValidFor.converted.join(', '));
  // The empty enum: a fault of the schema, listed at its place.
  assert.deepEqual(converted.dead.map((d) => d.pointer), ['/properties/tags']);
  assert.deepEqual(await page.locator('#dead li').allInnerTexts(), converted.dead.map((d) => `No value satisfies ${d.pointer}: ${d.reason}`));
  await page.screenshot({ path: join(out, 'playground-surface.png'), fullPage: true });
  // With no provider, neither is shown.
  await page.locator('#provider').selectOption('');
  await page.locator('#also-valid-for').waitFor({ state: 'hidden' });
  assert.equal(await page.locator('#dead').isHidden(), true);
  assert.equal(await text('#provider-surface'), '');
});

test('a refused descriptor lists every diagnostic', async () => {
  await page.locator('[data-example="refused.json"]').click();
  await page.locator('#diagnostics li').nth(2).waitFor();
  const codes = await page.locator('#diagnostics li code').allInnerTexts();
  assert.deepEqual(codes, ['OLT002', 'OLT002', 'OLT006']);
});

test('a class of tools: each tool’s input schema can be picked', async () => {
  await page.locator('#provider').selectOption('');
  await page.locator('[data-example="weather-tools.json"]').click();
  await page.locator('#tool-pick-label').waitFor();
  assert.deepEqual(await page.locator('#tool-pick option').allInnerTexts(), ['get_forecast', 'send_alert']);
  await page.locator('#parameters tr[data-parameter="city"]').waitFor();
  await page.locator('#tool-pick').selectOption({ label: 'send_alert' });
  await page.locator('#parameters tr[data-parameter="message"]').waitFor();
  const names = await page.locator('#parameters tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.parameter));
  assert.deepEqual(names, ['to', 'message', 'tags']);
});

test('in the browser, validateArgs, a Validator and restoreArgs answer invalid arguments as a value', async () => {
  const schema = JSON.stringify(JSON.parse(ts.describeTool(await example('get-docket.json'))).inputSchema);
  const answers = await page.evaluate(async (schema) => {
    const { load } = await import('./tool-schema/src/index.js');
    const ts = await load();
    const validator = ts.compile(schema);
    const calls = {
      validateArgs: (args) => ts.validateArgs(schema, args),
      'validator.validate': (args) => validator.validate(args),
      restoreArgs: (args) => ts.restoreArgs(schema, 'openai', args),
    };
    const answers = {};
    for (const [name, call] of Object.entries(calls)) {
      const answer = (args) => {
        try {
          return call(args);
        } catch (e) {
          return { threw: `${e.name}: ${e.message}` };
        }
      };
      answers[name] = [answer('{"limit": 500}'), answer('{"caseId": "2eb8aa08-aa98-11ea-b4aa-73b441d16380", "limit": 7}')];
    }
    validator.free();
    return answers;
  }, schema);
  for (const [name, [invalid, valid]] of Object.entries(answers)) {
    assert.equal(invalid.ok, false, `${name}: ${JSON.stringify(invalid)}`);
    assert.deepEqual(
      invalid.errors.map((e) => [e.keyword, e.params]),
      [['maximum', { kind: 'bound', limit: '100', value: '500' }], ['required', { kind: 'required', name: 'caseId', given: null }]],
      name,
    );
    // What the package answers in Node.
    const inNode = name === 'restoreArgs' ? ts.restoreArgs(schema, 'openai', '{"limit": 500}') : ts.validateArgs(schema, '{"limit": 500}');
    assert.deepEqual(invalid, inNode, name);
    const text = '{"caseId":"2eb8aa08-aa98-11ea-b4aa-73b441d16380","limit":7}';
    assert.deepEqual(valid, { ok: true, value: JSON.parse(text), text }, name);
  }
});

test('in the browser too, the package makes a fresh instance after a trap', async () => {
  const answer = await page.evaluate(async () => {
    const { load, TrapError } = await import('./tool-schema/src/index.js');
    const first = await load({ maxMemoryBytes: Infinity });
    const ts = await load({ maxMemoryBytes: first.memoryBytes + 2 * 1024 * 1024 });
    const hungry = '{"a":[' + Array(200000).fill('1').join(',') + ']}';
    let trapped = null;
    try {
      ts.validateArgs('{"type":"object"}', hungry);
    } catch (e) {
      trapped = e instanceof TrapError ? e.cause.constructor.name : String(e);
    }
    return { trapped, restarts: ts.restarts, next: ts.toolName('GetDocketAsync') };
  });
  assert.deepEqual(answer, { trapped: 'RuntimeError', restarts: 1, next: 'get_docket' });
});

// A class typed into the C# pane, key by key.
const LIBRARY = [
  'public partial class Library',
  '{',
  '    /// <summary>Finds books by title.</summary>',
  '    /// <param name="title">Part of the title.</param>',
  '    [Tool]',
  '    public List<string> FindBooks(string title, [Range(1, 50)] int max = 5) => [];',
  '}',
  '',
].join('\n');

// Types `source` into the emptied C# pane, away from the mouse, and waits
// until the pane has described the whole text (its backdrop then holds it).
async function typeCsharp(path, source) {
  await page.mouse.move(0, 0);
  await page.locator('#cs-path').fill(path);
  await page.locator('#cs-source').fill('');
  await page.locator('#cs-source').pressSequentially(source);
  assert.equal(await page.locator('#cs-source').inputValue(), source);
  await page.waitForFunction(() => document.getElementById('cs-marks').textContent === `${document.getElementById('cs-source').value}\n`);
}

test('typing a C# method shows its tool’s schema, and arguments are checked against it', async () => {
  await page.locator('#provider').selectOption('');
  await typeCsharp('Library.cs', LIBRARY);
  await page.locator('#cs-parameters tr[data-parameter="max"]').waitFor();
  assert.equal(await text('#cs-kind'), '1 tool, as the [Tool] generator describes it (describe-source):');
  const answer = ts.describeSource([{ path: 'Library.cs', text: LIBRARY }]);
  assert.deepEqual(JSON.parse(await text('#cs-view')), JSON.parse(answer.json));
  const tool = JSON.parse(answer.json);
  assert.equal(tool.name, 'find_books');
  assert.deepEqual(tool.inputSchema.properties.max, { type: 'integer', minimum: 1, maximum: 50, default: 5 });
  assert.deepEqual(await page.locator('#cs-parameters tr[data-parameter="title"] td').allInnerTexts(), ['title', 'string', '', 'required']);
  assert.equal(await text('#schema-origin'), 'In use below: the input schema of find_books, from the C# source (section 1).');
  assert.equal(await page.locator('#csharp-section').getAttribute('data-active'), 'true');

  // The arguments box checks against the C#-described tool.
  await page.locator('#args').fill('{"title": "Dune", "max": 80}');
  await page.locator('#arg-errors tr[data-path="max"]').waitFor();
  assert.deepEqual(await page.locator('#arg-errors tbody tr td').allInnerTexts(), ['max', 'maximum', "Argument 'max' must be at most 50, not 80."]);
  await page.locator('#args').fill('{"title": "Dune"}');
  await page.locator('#bound-view [data-pointer="/max"]').waitFor();
  assert.equal(await text('#bound-view'), '{\n  "title": "Dune",\n  "max": 5\n}');

  // And a provider converts it, with every change shown.
  await page.locator('#provider').selectOption('openai-chat');
  await page.locator('#changes li').first().waitFor();
  const input = JSON.stringify(tool.inputSchema);
  const converted = ts.downconvert(input, 'openai');
  // The schema as shown, without the numbered badges that mark the changes.
  const shown = await page.locator('#converted-view').evaluate((view) => {
    const copy = view.cloneNode(true);
    for (const badge of copy.querySelectorAll('.badge')) badge.remove();
    return copy.textContent;
  });
  assert.deepEqual(JSON.parse(shown), JSON.parse(converted.schema));
  assert.deepEqual(
    (await page.locator('#changes li').allInnerTexts()).map((c) => c.split(':')[0]),
    converted.changes.map((c) => `${c.pointer || '(root)'} ${c.keyword} ${c.action}`),
  );
  await page.locator('#provider').selectOption('');
  await page.screenshot({ path: join(out, 'playground-csharp.png'), fullPage: true });
});

test('a parameter of type Queue<int>: the diagnostic is listed and its place in the C# underlined', async () => {
  const broken = LIBRARY.replace('string title', 'Queue<int> title');
  await typeCsharp('Library.cs', broken);
  await page.locator('#cs-diagnostics li[data-code="OLT002"]').waitFor();
  const at = broken.indexOf('Queue<int>');
  const line = broken.slice(0, at).split('\n').length;
  const column = at - broken.lastIndexOf('\n', at - 1);
  const refused = thrown(() => ts.describeSource([{ path: 'Library.cs', text: broken }]), DescribeError);
  assert.deepEqual(refused.diagnostics.map((d) => [d.code, d.line, d.column]), [['OLT002', line, column]]);
  assert.deepEqual(await page.locator('#cs-diagnostics li').allInnerTexts(), [
    `Library.cs(${line},${column}): error OLT002: ${refused.diagnostics[0].message}`,
  ]);
  assert.equal(await text('#cs-kind'), 'Refused: 1 problem (describe-source):');
  assert.equal(await page.locator('#cs-view').innerText(), '');
  assert.equal(await text('#args-kind'), 'Give a schema above first.');

  // The backdrop holds the editor's text, and the one mark covers exactly `Queue<int>`.
  const marks = await page.locator('#cs-marks').evaluate((pre) => ({
    text: pre.textContent,
    marks: [...pre.querySelectorAll('mark')].map((m) => {
      const before = document.createRange();
      before.setStart(pre, 0);
      before.setEndBefore(m);
      return { text: m.textContent, offset: before.toString().length, diagnostics: m.dataset.diagnostics, cls: m.className };
    }),
  }));
  assert.equal(marks.text, `${broken}\n`);
  assert.deepEqual(marks.marks, [{ text: 'Queue<int>', offset: at, diagnostics: '0', cls: 'diag error' }]);

  // And it lies over that text as the editor shows it: where the editor's font puts
  // `Queue<int>` on its line, and as wide, and underlined.
  const geometry = await page.evaluate(([start, length]) => {
    const editor = document.getElementById('cs-source');
    const mark = document.querySelector('#cs-marks mark');
    const style = getComputedStyle(editor);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const value = editor.value;
    const lineStart = value.lastIndexOf('\n', start - 1) + 1;
    const lineIndex = value.slice(0, start).split('\n').length - 1;
    const box = editor.getBoundingClientRect();
    const lineHeight = parseFloat(style.lineHeight);
    const m = mark.getBoundingClientRect();
    return {
      left: box.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft) + context.measureText(value.slice(lineStart, start)).width - editor.scrollLeft,
      width: context.measureText(value.slice(start, start + length)).width,
      middle: box.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop) + (lineIndex + 0.5) * lineHeight - editor.scrollTop,
      mark: { left: m.left, width: m.width, middle: m.top + m.height / 2 },
      underline: getComputedStyle(mark).textDecorationLine,
    };
  }, [at, 'Queue<int>'.length]);
  assert.ok(Math.abs(geometry.mark.left - geometry.left) < 1, `the mark starts at x ${geometry.mark.left}, the text at ${geometry.left}`);
  assert.ok(Math.abs(geometry.mark.width - geometry.width) < 1, `the mark is ${geometry.mark.width} wide, the text ${geometry.width}`);
  assert.ok(Math.abs(geometry.mark.middle - geometry.middle) < 2, `the mark's middle is at y ${geometry.mark.middle}, the line's at ${geometry.middle}`);
  assert.equal(geometry.underline, 'underline');

  // A click on the diagnostic selects its text in the editor.
  await page.locator('#cs-diagnostics li').first().click();
  const selected = await page.locator('#cs-source').evaluate((e) => e.value.slice(e.selectionStart, e.selectionEnd));
  assert.equal(selected, 'Queue<int>');
  await page.locator('#csharp-section').screenshot({ path: join(out, 'playground-csharp-refused.png') });
});

test('a syntax error in a method body is a warning, underlined, and the tool is still described', async () => {
  const body = LIBRARY.replace(' => [];', '\n    {\n        var s = "not closed;\n        return [];\n    }');
  await typeCsharp('Library.cs', body);
  await page.locator('#cs-diagnostics li.warning').waitFor();
  const warnings = ts.describeSource([{ path: 'Library.cs', text: body }]).warnings;
  assert.deepEqual(warnings.map((w) => w.code), ['OLC001']);
  const w = warnings[0];
  assert.deepEqual(await page.locator('#cs-diagnostics li').allInnerTexts(), [`Library.cs(${w.line},${w.column}): warning OLC001: ${w.message}`]);
  assert.deepEqual(await page.locator('#cs-marks mark').evaluateAll((ms) => ms.map((m) => [m.textContent, m.className])), [
    ['"not closed;', 'diag warning'],
  ]);
  assert.equal(JSON.parse(await text('#cs-view')).name, 'find_books');
  assert.match(await text('#schema-origin'), /find_books, from the C# source/);
});

test('nothing but the page’s own server was asked for anything, and nothing went wrong', () => {
  assert.deepEqual(refused, []);
  assert.deepEqual(problems, []);
});
