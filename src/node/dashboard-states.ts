// The dashboard's panel of the states shown (axis 3 of coverage, docs/coverage.md#axis-3-the-states-shown):
// dashboard-page.ts includes it and draws it on each refresh from GET /__admin/coverage. Every named state,
// seen or missing, with how many answers were it and the tests that saw it; then each named test with its
// states. Test names are what clients sent in X-Petstore-Test: written with textContent, like everything else
// from the mock. Axis 2 (which cells of the interface the traffic reached) is measured by the judge, which
// this floor may not import (docs/ARCHITECTURE.md): the server loads it when asked (traffic-coverage-route.ts),
// and its panel is the proxy's (src/shared/dashboard-coverage.ts).

export const STATES_STYLE = `
  #states td.missing { color: #a15c00; } #states td.seen { color: #17733a; }
  #states td.tests, #state-tests td:first-child { word-break: break-word; }
  #states-section details { margin-top: 6px; }
`;

export const STATES_SECTION = `
      <section id="states-section">
        <h2>States shown <small>(which answers the mock gave each test: docs/coverage.md)</small></h2>
        <p id="states-summary"></p>
        <table>
          <thead><tr><th>state</th><th>answers</th><th>tests that saw it</th></tr></thead>
          <tbody id="states"></tbody>
        </table>
        <details id="state-tests-box"><summary id="state-tests-title">Tests</summary>
          <table><tbody id="state-tests"></tbody></table>
        </details>
      </section>`;

export const STATES_SCRIPT = `
function showStates(coverage) {
  const missing = coverage.missing.length;
  $('states-summary').textContent = coverage.answers + ' answer(s) in the journal; '
    + (coverage.states.length - missing) + ' of ' + coverage.states.length + ' states seen'
    + (missing ? ', never: ' + coverage.missing.join(', ') : ', every one');
  const rows = $('states');
  rows.replaceChildren();
  for (const state of coverage.states) {
    const row = rows.insertRow();
    cell(row, state.state, state.seen ? 'seen' : 'missing');
    cell(row, state.seen ? state.answers : 'missing', state.seen ? '' : 'missing');
    cell(row, state.tests.join(', '), 'tests');
  }
  const tests = Object.entries(coverage.tests);
  $('state-tests-title').textContent = tests.length
    ? tests.length + ' named test(s), with the states each saw'
    : 'No named test (requests name theirs with the X-Petstore-Test header: the setup files send it)';
  const list = $('state-tests');
  list.replaceChildren();
  for (const [test, states] of tests) {
    const row = list.insertRow();
    cell(row, test);
    cell(row, states.length ? states.join(', ') : '(no named state)');
  }
}
`;
