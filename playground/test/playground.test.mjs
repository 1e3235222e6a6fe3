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
  assert.match(await text('#status'), /^Ready: the component loaded in \d+ ms \(interfaces: describe, .*validate.*\)\.$/);
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

test('picking a provider shows the converted schema with every change highlighted', async () => {
  await page.locator('#provider').selectOption('anthropic');
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

  await page.locator('#provider').selectOption('openai');
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

test('nothing but the page’s own server was asked for anything, and nothing went wrong', () => {
  assert.deepEqual(refused, []);
  assert.deepEqual(problems, []);
});
