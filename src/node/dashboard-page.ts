// The dashboard at /__admin/: one HTML page with inline CSS and JS, so there is nothing to build or
// install. Only `petstore-kit serve` serves it (admin-extras.ts): in a browser, MSW's worker lets
// navigations through, so a page using the handlers could never show it, and need not carry it. It loads without a key (a browser sends no bearer header when it navigates), asks for one,
// keeps it in sessionStorage and sends it with every call, like any client of the admin API. Everything
// from the mock is written with textContent, never parsed as HTML: journal paths come from clients.

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
  form.fault { display: grid; grid-template-columns: auto 1fr; gap: 4px 8px; align-items: center; margin-top: 8px; }
  input, select, button { font: inherit; }
  button { cursor: pointer; border: 1px solid #b8c0cc; background: #fff; border-radius: 4px; padding: 3px 10px; }
  button.primary { background: #2357c5; border-color: #2357c5; color: #fff; }
  #status { min-height: 1.4em; } .error { color: #b3261e; } .ok { color: #17733a; }
  #journal { max-height: 70vh; overflow: auto; display: block; }
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
  $('app').hidden = true; $('login').hidden = false;
  for (const id of ['state', 'faults', 'journal-rows']) $(id).replaceChildren();
  say(message, 'error');
}

// Polls overlap with actions: a refresh draws only if no later one has drawn, so an answer read before
// a change (a reset, a removed fault) never paints over the state after it.
let refreshes = 0;
let drawn = 0;
async function refresh() {
  const mine = ++refreshes;
  try {
    const [snapshot, faults, requests] = await Promise.all([
      call('/state'), call('/faults'), call('/requests?limit=100'),
    ]);
    if (mine < drawn) return;
    drawn = mine;
    showState(snapshot); showFaults(faults); showJournal(requests);
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

function showFaults(faults) {
  const list = $('faults');
  list.replaceChildren();
  if (!faults.length) { const p = document.createElement('p'); p.textContent = 'No fault armed.'; list.append(p); }
  for (const fault of faults) {
    const row = document.createElement('div'); row.className = 'fault-row';
    const delay = fault.delayMs === undefined ? '' : 'delay ' + fault.delayMs
      + (fault.delayMaxMs === undefined ? '' : '-' + fault.delayMaxMs) + ' ms';
    const what = [
      fault.status && 'status ' + fault.status, fault.fault, delay,
      fault.probability !== undefined && 'p=' + fault.probability,
      fault.remaining !== undefined && fault.remaining + ' left', fault.hits + ' hits',
    ].filter(Boolean).join(', ');
    const text = document.createElement('span');
    text.textContent = fault.id + ' ' + fault.operation + ': ' + what + ' ';
    const remove = document.createElement('button');
    remove.textContent = 'Remove';
    remove.dataset.fault = fault.id;
    const url = '/faults/' + encodeURIComponent(fault.id);
    remove.onclick = () => act(() => call(url, { method: 'DELETE' }), 'Removed ' + fault.id);
    row.append(text, remove); list.append(row);
  }
}

function showJournal(entries) {
  const rows = $('journal-rows');
  rows.replaceChildren();
  for (const entry of entries) {
    const row = rows.insertRow();
    cell(row, entry.time.slice(11, 23)); cell(row, entry.method);
    cell(row, entry.path + (entry.query ? '?' + entry.query : ''));
    cell(row, entry.operation); cell(row, entry.status, 's' + String(entry.status)[0]);
    cell(row, entry.durationMs + ' ms');
    const notes = [entry.error, ...(entry.issues || []).map((issue) => issue.message)].filter(Boolean).join('; ');
    cell(row, notes); cell(row, (entry.shapedBy || []).join(', '), 'shaped');
  }
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
$('reset').onclick = () => act(() => call('/reset', { method: 'POST' }), 'Reset to the seed.');
$('clear-journal').onclick = () => act(() => call('/requests', { method: 'DELETE' }), 'Journal cleared.');
$('clear-faults').onclick = () => act(() => call('/faults', { method: 'DELETE' }), 'All faults removed.');
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
fetch(ADMIN + '/openapi.json').then((r) => r.json()).then((spec) => {
  for (const item of Object.values(spec.paths)) for (const op of Object.values(item)) {
    if (op && op.operationId) $('operation').add(new Option(op.operationId, op.operationId));
  }
}).catch(() => undefined);
if (sessionStorage.getItem(KEY_STORE)) start();
`;

export function dashboardPage(adminPath: string): string {
  const admin = adminPath.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>petstore-kit dashboard</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body data-admin="${admin}">
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
</form>
<main id="app" hidden>
  <p>
    <button id="reset">Reset to the seed</button>
    <button id="clear-journal">Clear the journal</button>
    <button id="sign-out">Forget the key</button>
  </p>
  <div class="grid">
    <div>
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
            <option value="">(none)</option><option>drop-connection</option><option>truncated-body</option>
            <option>malformed-body</option><option>never-respond</option>
          </select>
          <label for="delay">delay ms</label><input id="delay" name="delayMs" type="number" min="0" max="60000">
          <label for="delay-max">up to ms</label>
          <input id="delay-max" name="delayMaxMs" type="number" min="0" max="60000">
          <label for="times">times</label><input id="times" name="times" type="number" min="1">
          <label for="probability">probability</label>
          <input id="probability" name="probability" type="number" min="0" max="1" step="0.05">
          <span></span>
          <span>
            <button class="primary" type="submit">Arm fault</button>
            <button id="clear-faults" type="button">Remove all</button>
          </span>
        </form>
      </section>
    </div>
    <section>
      <h2>Request journal <small>(newest first, refreshed every second)</small></h2>
      <table id="journal">
        <thead><tr><th>time</th><th>method</th><th>path</th><th>operation</th><th>status</th><th>duration</th>
        <th>error</th><th>shaped by</th></tr></thead>
        <tbody id="journal-rows"></tbody>
      </table>
    </section>
  </div>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
