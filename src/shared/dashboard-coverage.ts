// The dashboards' panel of traffic coverage (axis 2, docs/coverage.md#axis-2-what-your-app-sends), written once
// for both: the proxy's (src/proxy/dashboard-page.ts draws it on each poll from the `coverage` of GET
// /__admin/requests, the report's own) and the mock's (src/node/dashboard-page.ts, from GET
// /__admin/coverage/traffic: its journal's). The headline as the reports word it, then every cell of the
// interface with whether the traffic reached it, and why not (missing first: what the app never touches).
// Written with textContent; the page defines `$`.

export const COVERAGE_STYLE = `
  #coverage-rows td.reached { color: #17733a; } #coverage-rows td.missing { color: #a15c00; }
  #coverage-rows tr { cursor: default; } #coverage-rows tr:hover { background: none; }
  #coverage-wrap { max-height: 40vh; overflow: auto; }
`;

export const COVERAGE_SECTION = `
<section id="coverage" hidden>
  <h2>Traffic coverage <small>(the cells of the interface this traffic reached: docs/coverage.md)</small></h2>
  <p id="coverage-headline"></p>
  <details id="coverage-cells"><summary id="coverage-cells-title">Cells</summary>
    <div id="coverage-wrap">
      <table>
        <thead><tr><th>cell</th><th>state</th><th>why</th></tr></thead>
        <tbody id="coverage-rows"></tbody>
      </table>
    </div>
  </details>
</section>`;

export const COVERAGE_SCRIPT = `
const CELL_ORDER = { missing: 0, reached: 1, 'out of reach': 2 };
function showCoverage(coverage) {
  $('coverage').hidden = !coverage;
  if (!coverage) return;
  $('coverage-headline').textContent = coverage.headline;
  const counts = {};
  for (const c of coverage.cells) counts[c.state] = (counts[c.state] || 0) + 1;
  $('coverage-cells-title').textContent = Object.entries(counts).map(([state, n]) => n + ' ' + state).join(', ');
  const rows = $('coverage-rows'); rows.replaceChildren();
  const cells = [...coverage.cells].sort((a, b) => CELL_ORDER[a.state] - CELL_ORDER[b.state]);
  for (const c of cells) {
    const row = rows.insertRow();
    for (const [text, className] of [[c.id], [c.state + (c.choice ? ' (our choice)' : ''), c.state.replace(/ /g, '-')], [c.why || '']]) {
      const td = row.insertCell(); td.textContent = text; if (className) td.className = className;
    }
  }
}
`;
