// The dashboard's group panel (dashboard-page.ts includes it when the store is shared, `serve --store`): every
// replica on the store, alive or not, from GET /group, polled with the rest of the page. The page script's
// `call`, `cell` and `$` do the talking; this part only draws. The state, rules and faults shown are the group's;
// the journal is the answering replica's, which the panel names.

export const GROUP_STYLE = `
  .alive { color: #17733a; } .gone { color: #b3261e; font-weight: 600; } .self { font-weight: 600; }
`;

export const GROUP_SECTION = `
      <section>
        <h2>Group <small>(replicas on this shared store)</small></h2>
        <p id="group-note" class="note"></p>
        <div id="group"></div>
      </section>`;

export const GROUP_SCRIPT = `
function showGroup(view) {
  $('group-note').textContent = 'This page is served by ' + view.replica + ': its request journal holds the requests it '
    + 'answered. A replica is alive when seen within ' + view.aliveMs / 1000 + ' s (checked ' + view.checked.slice(11, 19) + ').';
  const table = document.createElement('table');
  const head = table.createTHead().insertRow();
  for (const name of ['replica', 'url', 'state', 'last seen']) { const th = document.createElement('th'); th.textContent = name; head.append(th); }
  const body = table.createTBody();
  for (const member of view.replicas) {
    const row = body.insertRow();
    row.dataset.replica = member.name;
    cell(row, member.name + (member.name === view.replica ? ' (this one)' : ''), member.name === view.replica ? 'self' : '');
    cell(row, member.url);
    cell(row, member.alive ? 'alive' : 'not seen', member.alive ? 'alive' : 'gone');
    cell(row, member.lastSeen.slice(11, 19));
  }
  $('group').replaceChildren(table);
}
`;
