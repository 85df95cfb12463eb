// The dashboard's editing panels (dashboard-page.ts includes them): rules (add one from a small form, remove it)
// and your pets (paste or choose a JSON array, loaded with PUT /data). The page script's `call`, `act`, `say`,
// `$`, `showRemovable` (a list with a Remove button per line) and `SPEC` (the served OpenAPI document) do the
// talking; this part only builds requests and draws answers. As everywhere on the page, what comes from the mock
// is written with textContent. No form is ever submitted by the browser (the page's CSP says form-action
// 'none'): each submit is handled here.

export const EDIT_STYLE = `
  form.rule { display: grid; grid-template-columns: auto 1fr; gap: 4px 8px; align-items: center; margin-top: 8px; }
  form.rule [data-answer] { display: contents; } form.rule [data-answer][hidden] { display: none; }
  textarea { font: 12px ui-monospace, monospace; width: 100%; box-sizing: border-box; }
  .rule-row, .fault-row { margin: 2px 0; }
`;

/** The last row of a panel's form: its submit button, and the button (`clearId`) that removes all the panel lists. */
export function formButtons(submit: string, clearId: string): string {
  return `<span></span>
          <span>
            <button class="primary" type="submit">${submit}</button>
            <button id="${clearId}" type="button">Remove all</button>
          </span>`;
}

export const RULES_SECTION = `
      <section>
        <h2>Rules <small>(answer the requests that match, instead of the operation)</small></h2>
        <div id="rules"></div>
        <form id="rule-form" class="rule">
          <label for="rule-operation">operation</label>
          <select id="rule-operation" name="operation" required></select>
          <label for="rule-answer">answer</label>
          <select id="rule-answer" name="answer">
            <option value="example">a named example</option>
            <option value="status">a status with an Error body</option>
            <option value="body">a body of my own</option>
          </select>
          <span data-answer="example"><label for="rule-example">example</label>
            <select id="rule-example" name="example"></select></span>
          <label for="rule-status">status</label>
          <input id="rule-status" name="status" type="number" min="200" max="599"
            placeholder="500; with a body, the success status">
          <span data-answer="body" hidden><label for="rule-body">body (JSON)</label>
            <textarea id="rule-body" name="body" rows="3" placeholder='[{"id":1,"name":"Rex","categoryId":1}]'></textarea>
            <label for="rule-deliberate">deliberate</label>
            <label><input id="rule-deliberate" name="deliberate" type="checkbox"> even if it breaks the interface</label>
          </span>
          <label for="rule-query">when query</label>
          <input id="rule-query" name="query" placeholder="status=sold (optional)">
          <label for="rule-path">when path</label>
          <input id="rule-path" name="path" placeholder="petId=7 (optional)">
          <label for="rule-times">times</label>
          <input id="rule-times" name="times" type="number" min="1" placeholder="until removed">
          ${formButtons('Add rule', 'clear-rules')}
        </form>
      </section>`;

export const DATA_SECTION = `
      <section>
        <h2>Your pets <small>(a JSON array; ids optional)</small></h2>
        <form id="data-form">
          <textarea id="data-text" name="pets" rows="4"
            placeholder='[{"name":"Biscuit","categoryId":2},{"id":42,"name":"Pepper","categoryId":1,"status":"sold"}]'></textarea>
          <p>
            <input id="data-file" type="file" accept=".json,application/json">
            <button class="primary" type="submit">Load pets</button>
          </p>
        </form>
      </section>`;

export const EDIT_SCRIPT = `
function showRules(rules) {
  showRemovable('rule', rules, 'No rule.', (rule) => {
    const answer = rule.example !== undefined ? 'example ' + rule.example
      : rule.body !== undefined ? (rule.status || 'success') + ' with a body of its own' + (rule.breaksInterface ? ' (deliberate)' : '')
      : 'status ' + rule.status;
    const when = Object.entries(rule.match || {}).flatMap(([place, values]) =>
      Object.entries(values).map(([name, value]) => place + ' ' + name + '=' + value));
    return rule.id + ' ' + rule.operation + (when.length ? ' when ' + when.join(', ') : '') + ': ' + answer
      + (rule.remaining !== undefined ? ', ' + rule.remaining + ' left' : '') + ', ' + rule.hits + ' hits ';
  });
}

// Each operation's named examples, read from the served OpenAPI document (the page script's SPEC).
const examplesByOperation = {};
function showExamples() {
  const names = examplesByOperation[$('rule-operation').value] || [];
  $('rule-example').replaceChildren(...names.map((name) => new Option(name, name)));
  if (!names.length) $('rule-example').add(new Option('(none for this operation)', ''));
}
function showAnswerFields() {
  for (const part of document.querySelectorAll('#rule-form [data-answer]')) {
    part.hidden = part.dataset.answer !== $('rule-answer').value;
  }
}
const refOf = (spec, value) => value && value.$ref
  ? value.$ref.slice(2).split('/').reduce((at, key) => at && at[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec)
  : value;
SPEC.then((spec) => {
  for (const op of operationsOf(spec)) {
    $('rule-operation').add(new Option(op.operationId, op.operationId));
    const success = Object.keys(op.responses || {}).find((code) => /^2\\d\\d$/.test(code));
    const response = success && refOf(spec, op.responses[success]);
    const json = response && response.content && response.content['application/json'];
    examplesByOperation[op.operationId] = Object.keys((json && json.examples) || {});
  }
  showExamples();
}).catch(() => undefined);

// "status=sold&limit=5" → { status: 'sold', limit: '5' }; nothing → undefined.
function values(text) {
  const entries = [...new URLSearchParams(text.trim())];
  return entries.length ? Object.fromEntries(entries) : undefined;
}

// The rule as POST /rules takes it: the mock checks it against its schema and names what is wrong.
function ruleFromForm(form) {
  const rule = { operation: form.get('operation') };
  const match = { query: values(String(form.get('query'))), path: values(String(form.get('path'))) };
  if (match.query || match.path) rule.match = JSON.parse(JSON.stringify(match));
  const answer = form.get('answer');
  const status = String(form.get('status') || '').trim();
  if (answer === 'example') rule.example = String(form.get('example'));
  if (answer === 'status') rule.status = status ? Number(status) : 500;
  if (answer === 'body') {
    try { rule.body = JSON.parse(String(form.get('body'))); }
    catch { throw new Error('The body is not JSON: write it as JSON, e.g. [] or {"id":1,"name":"Rex","categoryId":1}.'); }
    if (status) rule.status = Number(status);
    if (form.get('deliberate')) rule.deliberate = true;
  }
  const times = String(form.get('times') || '').trim();
  if (times) rule.times = Number(times);
  return rule;
}

$('rule-operation').onchange = showExamples;
$('rule-answer').onchange = showAnswerFields;
$('rule-form').onsubmit = (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  act(() => call('/rules', { method: 'POST', body: JSON.stringify(ruleFromForm(form)) }), 'Rule added.');
};
$('clear-rules').onclick = () => act(() => call('/rules', { method: 'DELETE' }), 'All rules removed.');

// A chosen file is read into the text area first, so what is loaded is what the page shows.
$('data-file').onchange = async () => {
  const file = $('data-file').files[0];
  if (file) $('data-text').value = await file.text();
};
$('data-form').onsubmit = (event) => {
  event.preventDefault();
  act(async () => {
    let pets;
    try { pets = JSON.parse($('data-text').value); }
    catch { throw new Error('Your pets are not JSON: paste a JSON array, e.g. [{"name":"Rex","categoryId":1}].'); }
    await call('/data', { method: 'PUT', body: JSON.stringify(pets) });
  }, 'Loaded your pets: reset comes back to them.');
};
`;
