// The proxy's dashboard at /__admin/: one HTML page with inline CSS and JS, nothing to build. It polls the
// admin API for exchanges newer than the last it drew, so the table is live; a row opens the exchange: its
// findings (title, check, message, expected, actual, the choice it departs from), the request as sent to
// the target and the answer (credentials already redacted by the proxy). Everything from the traffic is
// written with textContent, never parsed as HTML: paths and bodies come from clients and targets. Above the
// table, the run's calls to deprecated operations (count, method, URL, what to call instead) and how many
// exchanges would break on the removal date; a notice is never a failure (docs/proxy.md#deprecated-calls).
// Beside them, the traffic coverage: which cells of the interface the traffic reached (the panel both
// dashboards draw: src/shared/dashboard-coverage.ts). When the proxy asks for a key (it can be reached from
// other machines), the page asks for it once, keeps it for the tab (sessionStorage), and sends it with every
// call; the HAR and the reports are fetched, then saved, since a plain link cannot send it.
import { dashboardPageStart, escapeHtml } from '../shared/dashboard-headers.ts';
import { COVERAGE_SCRIPT, COVERAGE_SECTION, COVERAGE_STYLE } from '../shared/dashboard-coverage.ts';

const STYLE = `
  :root { font: 14px/1.4 system-ui, sans-serif; color: #1d2430; background: #f5f6f8; }
  body { margin: 0 auto; max-width: 1280px; padding: 16px 20px; }
  header { display: flex; align-items: baseline; gap: 16px; flex-wrap: wrap; }
  h1 { font-size: 20px; margin: 0; } h2 { font-size: 15px; margin: 0 0 8px; }
  .grid { display: grid; grid-template-columns: 3fr 2fr; gap: 16px; margin-top: 12px; }
  section { background: #fff; border: 1px solid #d8dce3; border-radius: 6px; padding: 12px 14px; margin-bottom: 12px; }
  table { border-collapse: collapse; width: 100%; font-variant-numeric: tabular-nums; }
  th, td { text-align: left; padding: 3px 6px; border-bottom: 1px solid #eceef2; vertical-align: top; }
  th { font-weight: 600; color: #546070; }
  tbody tr { cursor: pointer; } tbody tr:hover, tr.selected { background: #eef3ff; }
  .s2 { color: #17733a; } .s3 { color: #2357c5; } .s4 { color: #a15c00; } .s5 { color: #b3261e; font-weight: 600; }
  .fail { color: #b3261e; font-weight: 600; } .rec { color: #a15c00; } .note { color: #2357c5; } .muted { color: #6b7585; }
  #rows-wrap { max-height: 72vh; overflow: auto; }
  pre { white-space: pre-wrap; word-break: break-all; background: #f7f8fa; padding: 6px 8px; border-radius: 4px; margin: 4px 0; max-height: 320px; overflow: auto; }
  .finding { border-left: 3px solid #b3261e; padding: 2px 8px; margin: 6px 0; }
  .finding.warning { border-color: #e0a100; } .finding.notice { border-color: #2357c5; }
  #deprecated tbody tr { cursor: default; } #deprecated tbody tr:hover { background: none; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; margin: 4px 0; } dt { color: #546070; }
`;

const SCRIPT = `
const ADMIN = document.body.dataset.admin;
const $ = (id) => document.getElementById(id);
const el = (tag, text, className) => { const e = document.createElement(tag); if (text != null) e.textContent = String(text); if (className) e.className = className; return e; };
let last = 0;
let openId;

const KEY_STORE = 'petstore-kit-proxy-admin-key';

async function fetchAdmin(path) {
  const key = sessionStorage.getItem(KEY_STORE);
  const response = await fetch(ADMIN + path, { cache: 'no-store', headers: key ? { authorization: 'Bearer ' + key } : {} });
  if (response.status === 401) {
    sessionStorage.removeItem(KEY_STORE);
    $('login').hidden = false;
    throw new Error('the proxy asks for its key (401): enter it above');
  }
  if (!response.ok) throw new Error('HTTP ' + response.status);
  return response;
}

async function call(path) {
  return (await fetchAdmin(path)).json();
}

// Fetched, then saved: a link cannot send the key.
async function save(path, name) {
  try {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(await (await fetchAdmin(path)).blob());
    link.download = name;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  } catch (error) { $('status').textContent = 'Failed to save ' + name + ': ' + error.message; }
}

$('login').onsubmit = (event) => {
  event.preventDefault();
  sessionStorage.setItem(KEY_STORE, $('key').value.trim());
  $('key').value = ''; $('login').hidden = true; poll();
};
for (const button of document.querySelectorAll('[data-save]')) button.onclick = () => save(button.dataset.save, button.dataset.name);

async function poll() {
  try {
    const page = await call('/requests?after=' + last + '&limit=200');
    for (const entry of page.requests) { addRow(entry); last = entry.id; }
    $('counts').textContent = page.exchanges.total + ' exchanges, ' + page.exchanges.failed + ' with a failure, '
      + page.summary.failed + ' failing kind(s), ' + page.summary.recommendations + ' recommendation kind(s), '
      + page.deprecatedCalls.total + ' deprecated call(s), ' + page.deprecatedCalls.wouldBreak + ' would break on the removal date';
    showDeprecated(page.deprecatedCalls);
    showCoverage(page.coverage);
    $('status').textContent = '';
  } catch (error) { $('status').textContent = 'Failed to refresh: ' + error.message; }
}

// The deprecated calls of the whole run (the report's), drawn again on each poll: bounded by the report.
function showDeprecated(calls) {
  const box = $('deprecated');
  box.hidden = calls.total === 0;
  if (box.hidden) return;
  $('deprecated-total').textContent = calls.total + ' call(s) to deprecated operations; ' + calls.wouldBreak
    + ' answered 2xx, so would break on the removal date. Never a failure: move them to the replacement.';
  const rows = $('deprecated-rows'); rows.replaceChildren();
  for (const operation of calls.operations) {
    const head = rows.insertRow();
    const title = head.insertCell(); title.colSpan = 4;
    title.append(el('strong', operation.operationId + ' (' + operation.call + ')'), el('span', ' ' + (operation.sunset ? 'removed on ' + operation.sunset : 'no removal date') + (operation.replacement ? '; replacement ' + operation.replacement : ''), 'muted'));
    for (const call of operation.calls) {
      const row = rows.insertRow();
      for (const [text, className] of [[call.count + '×'], [call.method + ' ' + call.url], [call.wouldBreak ? call.wouldBreak + ' would break' : '', 'rec'], [call.instead ? 'instead: ' + call.instead : '', 'note']]) {
        const td = row.insertCell(); td.textContent = text; if (className) td.className = className;
      }
    }
    if (operation.unlisted) rows.insertRow().insertCell().append(el('span', 'and ' + operation.unlisted + ' call(s) to further URLs', 'muted'));
  }
}

function addRow(entry) {
  const row = $('rows').insertRow(0);
  row.dataset.id = entry.id; row.tabIndex = 0;
  row.onclick = () => openExchange(entry.id);
  row.onkeydown = (event) => { if (event.key === 'Enter') openExchange(entry.id); };
  const cell = (text, className) => { const td = row.insertCell(); td.textContent = text == null ? '' : String(text); if (className) td.className = className; };
  cell(entry.id, 'muted'); cell(entry.time.slice(11, 23)); cell(entry.method); cell(entry.path);
  cell(entry.operationId || '-'); cell(entry.status == null ? 'no answer' : entry.status, 's' + String(entry.status)[0]);
  cell(entry.durationMs + ' ms');
  cell(entry.failures.join(', '), 'fail');
  cell(entry.judged ? entry.recommendations.join(', ') : 'not judged', entry.judged ? 'rec' : 'muted');
  // A notice's title is long: the cell says what it is, the opened exchange says the rest.
  cell(entry.notices.includes('DeprecatedOperationCalled') ? 'deprecated call' : entry.notices.join(', '), 'note');
  while ($('rows').rows.length > 500) $('rows').deleteRow(-1);
}

async function openExchange(id) {
  openId = id;
  for (const row of $('rows').rows) row.className = Number(row.dataset.id) === id ? 'selected' : '';
  try {
    const exchange = await call('/requests/' + id);
    if (openId === id) showExchange(exchange);
  } catch (error) { $('status').textContent = 'Failed to open exchange ' + id + ': ' + error.message; }
}

function showExchange(x) {
  const box = $('exchange'); box.replaceChildren();
  box.append(el('h2', 'Exchange ' + x.id + ': ' + x.method + ' ' + x.path));
  box.append(el('p', (x.operationId || '(outside the document)') + ', ' + (x.status == null ? 'no answer' : x.status) + ', ' + x.durationMs + ' ms' + (x.judged ? '' : ' (not judged: ' + x.note + ')')));
  const findings = [...x.failures, ...x.recommendations, ...x.notices];
  if (!findings.length && x.judged) box.append(el('p', 'No finding.', 's2'));
  const LABELS = { error: ['failure ', 'fail'], warning: ['recommendation ', 'rec'], notice: ['notice ', 'note'] };
  for (const f of findings) {
    const div = el('div', null, 'finding ' + f.severity);
    div.append(el('strong', LABELS[f.severity][0] + f.title + ' [' + f.check + ']', LABELS[f.severity][1]));
    div.append(el('div', f.message));
    const dl = el('dl');
    for (const [name, value] of [['expected', f.expected], ['actual', f.actual], ['choice', f.choice && f.choice.reason + ' (' + f.choice.pointer + ')']]) {
      if (value == null) continue; dl.append(el('dt', name), el('dd', value));
    }
    div.append(dl); box.append(div);
  }
  const request = x.exchange.request;
  box.append(el('h2', 'Request, as sent to the target'), el('pre', request.method + ' ' + request.url + '\\n' + headerLines(request.headers) + (request.body ? '\\n\\n' + request.body : '')));
  const response = x.exchange.response;
  box.append(el('h2', 'Answer'), el('pre', response ? response.status + '\\n' + headerLines(response.headers) + '\\n\\n' + pretty(response) : x.exchange.error));
  box.hidden = false;
}

const headerLines = (headers) => Object.entries(headers).map(([name, value]) => name + ': ' + value).join('\\n');
function pretty(response) {
  if (!/json/i.test(response.headers['content-type'] || '')) return response.body;
  try { return JSON.stringify(JSON.parse(response.body), null, 2); } catch { return response.body; }
}

poll();
setInterval(poll, 1000);
`;

export function dashboardPage(
  adminPath: string,
  about: { target: string; quickstartTarget?: string; apiPath: string; quickstartPath?: string; profile: string },
): string {
  const text = escapeHtml;
  const forwards = [
    `${about.apiPath} → ${about.target}`,
    ...(about.quickstartTarget ? [`${about.quickstartPath} → ${about.quickstartTarget}`] : []),
  ].join(', ');
  return `${dashboardPageStart('petstore-kit proxy', STYLE + COVERAGE_STYLE, adminPath)}
<header>
  <h1>petstore-kit proxy</h1>
  <span>${text(forwards)}</span>
  <span class="muted">profile ${text(about.profile)}</span>
  <button data-save="/requests.har" data-name="petstore-kit-proxy.har">requests.har</button>
  <button data-save="/report" data-name="petstore-kit-proxy-report.json">report (JSON)</button>
  <button data-save="/report?reporter=junit" data-name="petstore-kit-proxy-junit.xml">report (JUnit)</button>
</header>
<form id="login" hidden>
  <label>API key <input id="key" name="key" type="password" autocomplete="off" required></label>
  <button type="submit">Use this key</button>
  <span class="muted">The proxy can be reached from other machines: its admin API asks for a key of PETSTORE_API_KEY.</span>
</form>
<p id="counts"></p>
<p id="status" class="fail"></p>
<section id="deprecated" hidden>
  <h2>Deprecated calls</h2>
  <p id="deprecated-total"></p>
  <table><tbody id="deprecated-rows"></tbody></table>
</section>${COVERAGE_SECTION}
<div class="grid">
  <section>
    <h2>Exchanges, newest first</h2>
    <div id="rows-wrap">
      <table>
        <thead><tr><th>#</th><th>time</th><th>method</th><th>path</th><th>operation</th><th>status</th><th>time</th><th>failures</th><th>recommendations</th><th>notices</th></tr></thead>
        <tbody id="rows"></tbody>
      </table>
    </div>
  </section>
  <section id="exchange" hidden></section>
</div>
<script>${SCRIPT}${COVERAGE_SCRIPT}</script>
</body>
</html>
`;
}
