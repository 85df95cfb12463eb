// The dashboard at /__admin/: one HTML page with inline CSS and JS, so there is nothing to build or
// install. Only `petstore-kit serve` serves it (admin-extras.ts): in a browser, MSW's worker lets
// navigations through, so a page using the handlers could never show it, and need not carry it. It loads without a key (a browser sends no bearer header when it navigates), asks for one,
// keeps it in sessionStorage and sends it with every call, like any client of the admin API. Everything
// from the mock is written with textContent, never parsed as HTML: journal paths, headers and bodies come from
// clients. A journal row opens its entry (GET /requests/{id}): both sides' headers and bodies, what shaped the
// answer, and the request as a curl command; the whole journal downloads as HAR (GET /requests.har). Rules and
// your pets are edited from the panels of dashboard-edit.ts; the states each test was shown are drawn by
// dashboard-states.ts; and, when the server measures it, the journal's traffic coverage by the panel the
// proxy's dashboard draws too (src/shared/dashboard-coverage.ts).
import { DEV_API_KEY, FAULT_KINDS, MAX_DELAY_MS } from '../core/index.ts';
import { DATA_SECTION, EDIT_SCRIPT, EDIT_STYLE, formButtons, RULES_SECTION } from './dashboard-edit.ts';
import { STATES_SCRIPT, STATES_SECTION, STATES_STYLE } from './dashboard-states.ts';
import { GROUP_SCRIPT, GROUP_SECTION, GROUP_STYLE } from './dashboard-group.ts';
import { dashboardPageStart, escapeHtml } from '../shared/dashboard-headers.ts';
import { COVERAGE_SCRIPT, COVERAGE_SECTION, COVERAGE_STYLE } from '../shared/dashboard-coverage.ts';

const STYLE = `
  :root { font: 14px/1.4 system-ui, sans-serif; color: #1d2430; background: #f5f6f8; }
  body { margin: 0 auto; max-width: 1200px; padding: 16px 20px; }
  header { display: flex; align-items: center; gap: 16px; flex-wrap: wrap; }
  h1 { font-size: 20px; margin: 0; } h2 { font-size: 15px; margin: 0 0 8px; }
  nav a { margin-right: 12px; }
  .grid { display: grid; grid-template-columns: minmax(280px, 1fr) 2fr; gap: 16px; margin-top: 16px; }
  section { margin-bottom: 16px; background: #fff; border: 1px solid #d8dce3; border-radius: 6px; padding: 12px 14px; }
  table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
  th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid #eceef2; vertical-align: top; }
  th { font-weight: 600; color: #546070; }
  .s2 { color: #17733a; } .s4 { color: #a15c00; } .s5 { color: #b3261e; font-weight: 600; }
  .shaped { color: #6b3fa0; font-size: 12px; }
  .shaped.brownout { color: #b3261e; font-weight: 600; }
  form.fault { display: grid; grid-template-columns: auto 1fr; gap: 4px 8px; align-items: center; margin-top: 8px; }
  input, select, button { font: inherit; }
  button { cursor: pointer; border: 1px solid #b8c0cc; background: #fff; border-radius: 4px; padding: 3px 10px; }
  button.primary { background: #2357c5; border-color: #2357c5; color: #fff; }
  #status { min-height: 1.4em; } .error { color: #b3261e; } .ok { color: #17733a; }
  #journal { max-height: 45vh; overflow: auto; display: block; }
  #journal-rows tr { cursor: pointer; } #journal-rows tr:hover { background: #f0f3fa; }
  #journal-rows tr.selected { background: #e2e9f9; }
  h2 .actions { float: right; font-weight: normal; }
  #entry h3 { font-size: 13px; margin: 12px 0 4px; color: #546070; }
  .line { font-family: ui-monospace, monospace; word-break: break-all; margin: 0; }
  pre { background: #f5f6f8; border: 1px solid #eceef2; border-radius: 4px; padding: 6px 8px; margin: 4px 0;
    max-height: 40vh; overflow: auto; white-space: pre-wrap; word-break: break-all; font-size: 12px; }
  .headers td:first-child { color: #546070; white-space: nowrap; }
  .headers td { font-family: ui-monospace, monospace; font-size: 12px; word-break: break-all; }
  .note { color: #a15c00; font-size: 12px; }
`;

const SCRIPT = `
const ADMIN = document.body.dataset.admin;
const KEY_STORE = 'petstore-kit-admin-key';
const $ = (id) => document.getElementById(id);
const say = (text, kind) => { $('status').textContent = text; $('status').className = kind || ''; };
const cell = (row, text, className) => {
  const td = row.insertCell();
  td.textContent = text == null ? '' : String(text);
  if (className) td.className = className;
  return td;
};
let timer;

async function call(path, init = {}) {
  const key = sessionStorage.getItem(KEY_STORE);
  const headers = { authorization: 'Bearer ' + key, ...(init.body ? { 'content-type': 'application/json' } : {}) };
  const response = await fetch(ADMIN + path, { ...init, headers });
  const body = await response.json().catch(() => null);
  if (response.status === 401) { signOut('The key was refused (401): enter a valid API key.'); throw new Error('401'); }
  if (!response.ok) throw new Error((body && body.message) || 'HTTP ' + response.status);
  return body;
}

function signOut(message) {
  sessionStorage.removeItem(KEY_STORE);
  clearInterval(timer);
  // A refresh still in flight was asked with the key now forgotten: its answer must not paint the data back.
  drawn = ++refreshes;
  $('app').hidden = true; $('login').hidden = false;
  for (const id of ['state', 'faults', 'rules', 'journal-rows', 'states', 'state-tests', 'group', 'coverage-rows'])
    $(id)?.replaceChildren();
  $('states-summary').textContent = '';
  if ($('coverage')) $('coverage').hidden = true;
  closeEntry();
  say(message, 'error');
}

// Polls overlap with actions: a refresh draws only if no later one has drawn, so an answer read before
// a change (a reset, a removed fault or rule) never paints over the state after it.
let refreshes = 0;
let drawn = 0;
async function refresh() {
  const mine = ++refreshes;
  try {
    // The group panel is there only on a shared store's replica (dashboard-group.ts); the traffic coverage only
    // when the server measures it.
    const [snapshot, faults, rules, requests, coverage, group, traffic] = await Promise.all([
      call('/state'), call('/faults'), call('/rules'), call('/requests?limit=100&summary=true'), call('/coverage'),
      $('group') ? call('/group') : null, $('coverage') ? call('/coverage/traffic') : null,
    ]);
    if (mine < drawn) return;
    drawn = mine;
    showState(snapshot); showFaults(faults); showRules(rules); showJournal(requests); showStates(coverage);
    if (group) showGroup(group);
    if (traffic) showCoverage(traffic);
  } catch (error) { if (error.message !== '401') say('Failed to refresh: ' + error.message, 'error'); }
}

function showState(snapshot) {
  const counts = {};
  for (const pet of snapshot.pets) counts[pet.status || '(none)'] = (counts[pet.status || '(none)'] || 0) + 1;
  const table = document.createElement('table');
  const add = (name, value) => { const row = table.insertRow(); cell(row, name); cell(row, value); };
  add('pets', snapshot.pets.length);
  for (const [status, count] of Object.entries(counts).sort()) add('  ' + status, count);
  add('messages', snapshot.messages.length);
  for (const message of snapshot.messages.slice(-5).reverse()) {
    add('  ' + message.id + ' ' + message.status, message.message);
  }
  add('next pet id', snapshot.nextPetId);
  $('state').replaceChildren(table);
}

// A panel's list of faults or rules (kind 'fault' or 'rule', in #faults or #rules): each one a line, with the
// button that removes it (DELETE /faults/{id}, /rules/{id}).
function showRemovable(kind, items, none, describe) {
  const list = $(kind + 's');
  list.replaceChildren();
  if (!items.length) { const p = document.createElement('p'); p.textContent = none; list.append(p); }
  for (const item of items) {
    const row = document.createElement('div'); row.className = kind + '-row';
    const text = document.createElement('span');
    text.textContent = describe(item);
    const remove = document.createElement('button');
    remove.textContent = 'Remove';
    remove.dataset[kind] = item.id;
    const url = '/' + kind + 's/' + encodeURIComponent(item.id);
    remove.onclick = () => act(() => call(url, { method: 'DELETE' }), 'Removed ' + item.id);
    row.append(text, remove); list.append(row);
  }
}

function showFaults(faults) {
  showRemovable('fault', faults, 'No fault armed.', (fault) => {
    const delay = fault.delayMs === undefined ? '' : 'delay ' + fault.delayMs
      + (fault.delayMaxMs === undefined ? '' : '-' + fault.delayMaxMs) + ' ms';
    const what = [
      fault.status && 'status ' + fault.status, fault.fault, delay,
      fault.probability !== undefined && 'p=' + fault.probability,
      fault.remaining !== undefined && fault.remaining + ' left', fault.hits + ' hits',
    ].filter(Boolean).join(', ');
    return fault.id + ' ' + fault.operation + ': ' + what + ' ';
  });
}

function showJournal(entries) {
  const rows = $('journal-rows');
  rows.replaceChildren();
  for (const entry of entries) {
    const row = rows.insertRow();
    row.dataset.id = entry.id; row.tabIndex = 0;
    if (entry.id === openId) row.className = 'selected';
    row.onclick = () => openEntry(entry.id);
    row.onkeydown = (event) => { if (event.key === 'Enter') openEntry(entry.id); };
    cell(row, entry.time.slice(11, 23)); cell(row, entry.method);
    cell(row, entry.path + (entry.query ? '?' + entry.query : ''));
    cell(row, entry.operation); cell(row, entry.status, 's' + String(entry.status)[0]);
    cell(row, entry.durationMs + ' ms');
    const notes = [entry.error, ...(entry.issues || []).map((issue) => issue.message)].filter(Boolean).join('; ');
    cell(row, notes); cell(row, shaping(entry), entry.brownout ? 'shaped brownout' : 'shaped');
  }
}

// What shaped an answer (a rule's body sent against the interface on purpose says so; a brownout names its window
// and is shown in red), and what a fault did on the wire (the status shown was then never sent).
const shaping = (entry) => [...(entry.shapedBy || []), ...(entry.deliberate ? ['deliberate'] : []),
  ...(entry.transport ? [entry.transport] : [])].join(', ');

// One entry, opened: the request as it arrived and the answer as it went out, both redacted by the mock.
let openId;
async function openEntry(id) {
  openId = id;
  for (const row of $('journal-rows').rows) row.className = Number(row.dataset.id) === id ? 'selected' : '';
  try {
    const entry = await call('/requests/' + id);
    if (openId !== id) return;
    showEntry(entry);
  } catch (error) { if (error.message !== '401') say('Failed to open request ' + id + ': ' + error.message, 'error'); }
}

function closeEntry() {
  openId = undefined;
  $('entry').hidden = true;
  for (const row of $('journal-rows').rows) row.className = '';
}

// The URL the client called: its Host header over this page's scheme (a request in absolute form names it all).
function entryUrl(entry) {
  const origin = /^https?:/.test(entry.path) ? '' : location.protocol + '//' + (entry.request.headers.host || location.host);
  return origin + entry.path + (entry.query ? '?' + entry.query : '');
}

function showEntry(entry) {
  $('entry-title').textContent = 'Request ' + entry.id + ' at ' + entry.time.slice(11, 23);
  $('entry-request-line').textContent = entry.method + ' ' + entryUrl(entry);
  $('entry-status-line').textContent = entry.status + (entry.operation ? ' ' + entry.operation : '')
    + ', ' + entry.durationMs + ' ms';
  const shaped = shaping(entry);
  $('entry-shaped').hidden = !shaped;
  $('entry-shaped').textContent = !shaped ? '' : 'Shaped by: ' + shaped
    + (entry.brownout ? ". A brownout: the removal's answer, sent ahead of the removal date." : '');
  showHeaders($('entry-request-headers'), entry.request.headers);
  showHeaders($('entry-response-headers'), entry.response.headers);
  showBody('entry-request-body', entry.request);
  showBody('entry-response-body', entry.response);
  $('entry-curl').textContent = curlCommand(entry);
  const body = entry.request.body;
  $('entry-curl-note').textContent = body && (body.truncated || body.omitted)
    ? 'The journal kept only part of this body: the command sends ' + body.text.length + ' of its ' + body.size + ' bytes.'
    : '';
  $('entry').hidden = false;
}

function showHeaders(table, headers) {
  table.replaceChildren();
  for (const [name, value] of Object.entries(headers)) { const row = table.insertRow(); cell(row, name); cell(row, value); }
}

function showBody(id, message) {
  const body = message.body;
  const note = $(id + '-note');
  note.textContent = !body ? '(no body)'
    : body.omitted ? '(' + body.size + ' bytes, dropped: the journal keeps the newest bodies within its memory budget)'
    : body.truncated ? '(the first ' + body.text.length + ' characters of ' + body.size + ' bytes)' : '';
  $(id).hidden = !body || Boolean(body.omitted);
  $(id).textContent = body ? pretty(body, message.headers['content-type']) : '';
}

// JSON is shown indented; anything else, and a body cut short, exactly as it was.
function pretty(body, contentType) {
  if (body.truncated || !/json/i.test(contentType || '')) return body.text;
  try { return JSON.stringify(JSON.parse(body.text), null, 2); } catch { return body.text; }
}

// The request as a curl command for a POSIX shell: every value in single quotes, which keep each byte as it is
// (a quote inside is closed, escaped and reopened), and the redacted key (<redacted> in headers and bodies,
// [redacted] in the URL) as $PETSTORE_API_KEY, outside the quotes so the shell expands it. Only the headers
// that shape the mock's answer go in: the key, the body's Content-Type, Prefer and the kit's own
// (petstore-kit-*). What a browser adds by itself (User-Agent, Accept-Language, Sec-Fetch-*, Referer, Origin,
// cookies) changes nothing the mock answers and would bury the command.
const BACKSLASH = String.fromCharCode(92);
const NEWLINE = String.fromCharCode(10);
const SHAPING = (name) => name === 'authorization' || name === 'content-type' || name === 'prefer' ||
  name.startsWith('petstore-kit-');
const quote = (text) => "'" + text.split("'").join("'" + BACKSLASH + "''") + "'";
const withKey = (text) => text.split(/<redacted>|\\[redacted\\]/).map(quote).join('"$PETSTORE_API_KEY"');
function curlCommand(entry) {
  const body = entry.request.body;
  const url = withKey(entryUrl(entry));
  const parts = ['curl'];
  if (/[[\]{}]/.test(url)) parts.push('--globoff');
  if (entry.method === 'HEAD') parts.push('--head');
  else if (!(entry.method === 'GET' && !body) && !(entry.method === 'POST' && body)) parts.push('-X ' + quote(entry.method));
  for (const [name, value] of Object.entries(entry.request.headers)) {
    if (!SHAPING(name)) continue;
    parts.push('-H ' + (name === 'authorization' && value === 'Bearer <redacted>'
      ? '"Authorization: Bearer $PETSTORE_API_KEY"' : withKey(name + ': ' + value)));
  }
  if (body) parts.push('--data-raw ' + withKey(body.text));
  parts.push(url);
  return parts.join(' ' + BACKSLASH + NEWLINE + '  ');
}

async function copyCurl() {
  const text = $('entry-curl').textContent;
  try {
    await navigator.clipboard.writeText(text);
    say('Copied as curl: set PETSTORE_API_KEY to your key before running it.', 'ok');
  } catch {
    getSelection().selectAllChildren($('entry-curl'));
    say('The browser refused the clipboard: the command is selected, copy it with Ctrl+C.', 'error');
  }
}

// The admin API wants the key in a header, which a plain link cannot send: the HAR is fetched, then saved.
async function exportHar() {
  const response = await fetch(ADMIN + '/requests.har', {
    headers: { authorization: 'Bearer ' + sessionStorage.getItem(KEY_STORE) },
  });
  if (response.status === 401) { signOut('The key was refused (401): enter a valid API key.'); throw new Error('401'); }
  if (!response.ok) throw new Error('HTTP ' + response.status);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = 'petstore-kit.har';
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 60000);
}

async function act(action, done) {
  try {
    // The message comes after the redraw, so what it announces is already on the page.
    await action(); await refresh(); say(done, 'ok');
  } catch (error) {
    if (error.message !== '401') say(error.message, 'error');
  }
}

function start() {
  $('login').hidden = true; $('app').hidden = false; say('');
  refresh(); clearInterval(timer); timer = setInterval(refresh, 1000);
}

$('login').onsubmit = (event) => {
  event.preventDefault();
  sessionStorage.setItem(KEY_STORE, $('key').value.trim());
  start();
};
$('sign-out').onclick = () => signOut('Signed out.');
$('reset').onclick = () => act(() => call('/reset', { method: 'POST' }), 'Reset to the start.');
$('clear-journal').onclick = () => { closeEntry(); act(() => call('/requests', { method: 'DELETE' }), 'Journal cleared.'); };
$('clear-faults').onclick = () => act(() => call('/faults', { method: 'DELETE' }), 'All faults removed.');
$('close-entry').onclick = closeEntry;
$('copy-curl').onclick = copyCurl;
$('export-har').onclick = async () => {
  try { await exportHar(); say('Exported the journal as petstore-kit.har.', 'ok'); }
  catch (error) { if (error.message !== '401') say('Failed to export HAR: ' + error.message, 'error'); }
};
$('fault-form').onsubmit = (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const fault = { operation: form.get('operation') };
  for (const name of ['status', 'delayMs', 'delayMaxMs', 'times', 'probability']) {
    const value = String(form.get(name) || '').trim(); if (value) fault[name] = Number(value);
  }
  if (form.get('fault')) fault.fault = form.get('fault');
  act(() => call('/faults', { method: 'POST', body: JSON.stringify(fault) }), 'Fault armed.');
};
// The served OpenAPI document (the same the mock answers from), fetched once for the forms' lists of operations.
const SPEC = fetch(ADMIN + '/openapi.json').then((r) => r.json());
const operationsOf = (spec) =>
  Object.values(spec.paths).flatMap((item) => Object.values(item)).filter((op) => op && op.operationId);
SPEC.then((spec) => {
  for (const op of operationsOf(spec)) $('operation').add(new Option(op.operationId, op.operationId));
}).catch(() => undefined);
if (sessionStorage.getItem(KEY_STORE)) start();
`;

/** Where no panel shows the traffic coverage (a server that does not measure it): how to measure the journal. */
const HAR_COVERAGE_NOTE = `
      <section><p class="note">Which cells of the interface this traffic reached: <strong>Export HAR</strong>, then
        <code>petstore-kit coverage petstore-kit.har</code>.</p></section>`;

export interface DashboardOptions {
  /** The server accepts the public development key: the key prompt names it (it names no other key). */
  developmentKey?: boolean;
  /** A replica of a shared store: the page shows the group (GET /group). */
  group?: boolean;
  /** The server measures the journal's traffic coverage: the page shows it (GET /coverage/traffic). */
  traffic?: boolean;
}

export function dashboardPage(
  adminPath: string,
  { developmentKey = false, group = false, traffic = false }: DashboardOptions = {},
): string {
  const admin = escapeHtml(adminPath);
  const keyHint = developmentKey
    ? `<p id="key-hint">This mock accepts the development key <code>${DEV_API_KEY}</code>. It is public: give a ` +
      'server anyone else can reach a key of its own (<code>--api-key</code> or <code>PETSTORE_API_KEY</code>).</p>'
    : '';
  const style = STYLE + EDIT_STYLE + STATES_STYLE + (group ? GROUP_STYLE : '') + (traffic ? COVERAGE_STYLE : '');
  return `${dashboardPageStart('petstore-kit dashboard', style, adminPath)}
<header>
  <h1>petstore-kit dashboard</h1>
  <nav>
    <a href="${admin}/openapi.json">OpenAPI (with our choices)</a>
    <a href="${admin}/interface.openapi.json">OpenAPI (interface only)</a>
  </nav>
</header>
<p id="status" role="status"></p>
<form id="login">
  <label>API key <input id="key" name="key" type="password" autocomplete="off" required></label>
  <button class="primary" type="submit">Use this key</button>
  <small>Kept in this tab only (sessionStorage) and sent as <code>Authorization: Bearer</code>.</small>
  ${keyHint}
</form>
<main id="app" hidden>
  <p>
    <button id="reset" title="The pets loaded last (or generated), the faults and rules given at start-up">Reset</button>
    <button id="clear-journal">Clear the journal</button>
    <button id="sign-out">Forget the key</button>
  </p>
  <div class="grid">
    <div>${group ? GROUP_SECTION : ''}
      <section><h2>State</h2><div id="state"></div></section>
      <section>
        <h2>Armed faults</h2>
        <div id="faults"></div>
        <form id="fault-form" class="fault">
          <label for="operation">operation</label>
          <select id="operation" name="operation"><option value="*">* (every operation)</option></select>
          <label for="status-input">status</label>
          <input id="status-input" name="status" type="number" min="400" max="599">
          <label for="fault-kind">fault</label>
          <select id="fault-kind" name="fault">
            <option value="">(none)</option>${FAULT_KINDS.map((kind) => `<option>${kind}</option>`).join('')}
          </select>
          <label for="delay">delay ms</label><input id="delay" name="delayMs" type="number" min="0" max="${MAX_DELAY_MS}">
          <label for="delay-max">up to ms</label>
          <input id="delay-max" name="delayMaxMs" type="number" min="0" max="${MAX_DELAY_MS}">
          <label for="times">times</label><input id="times" name="times" type="number" min="1">
          <label for="probability">probability</label>
          <input id="probability" name="probability" type="number" min="0" max="1" step="0.05">
          ${formButtons('Arm fault', 'clear-faults')}
        </form>
      </section>${RULES_SECTION}${DATA_SECTION}
    </div>
    <div>
      <section>
        <h2>Request journal <small>(newest first, refreshed every second; click a row to open it)</small>
          <span class="actions"><button id="export-har" type="button">Export HAR</button></span></h2>
        <table id="journal">
          <thead><tr><th>time</th><th>method</th><th>path</th><th>operation</th><th>status</th><th>duration</th>
          <th>error</th><th>shaped by</th></tr></thead>
          <tbody id="journal-rows"></tbody>
        </table>
      </section>
      <section id="entry" hidden>
        <h2><span id="entry-title"></span>
          <span class="actions"><button id="copy-curl" type="button">Copy as curl</button>
          <button id="close-entry" type="button">Close</button></span></h2>
        <p id="entry-shaped" class="shaped" hidden></p>
        <h3>Request</h3>
        <p id="entry-request-line" class="line"></p>
        <table id="entry-request-headers" class="headers"></table>
        <p id="entry-request-body-note" class="note"></p>
        <pre id="entry-request-body"></pre>
        <h3>Response</h3>
        <p id="entry-status-line" class="line"></p>
        <table id="entry-response-headers" class="headers"></table>
        <p id="entry-response-body-note" class="note"></p>
        <pre id="entry-response-body"></pre>
        <h3>As curl <small>(the key as <code>$PETSTORE_API_KEY</code>)</small></h3>
        <p id="entry-curl-note" class="note"></p>
        <pre id="entry-curl"></pre>
      </section>${STATES_SECTION}${traffic ? COVERAGE_SECTION : HAR_COVERAGE_NOTE}
    </div>
  </div>
</main>
<script>${SCRIPT}${EDIT_SCRIPT}${STATES_SCRIPT}${group ? GROUP_SCRIPT : ''}${traffic ? COVERAGE_SCRIPT : ''}</script>
</body>
</html>
`;
}
