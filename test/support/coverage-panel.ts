// The traffic coverage panel both dashboards draw (src/shared/dashboard-coverage.ts), read in Chromium after
// the traffic every panel test sends (a list with a key, a list without one): the headline is the measured
// one, every cell has its row, the cells that traffic reached and missed say so, and the rows run missing
// first, out of reach last.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Coverage } from '../../contract-tests/types.ts';

/** Opens the panel's cells and checks them against `coverage` (with its headline), as drawn after that traffic. */
export async function expectCoveragePanel(page: Page, coverage: Coverage & { headline: string }): Promise<void> {
  expect(await page.textContent('#coverage-headline')).toBe(coverage.headline);
  await page.click('#coverage-cells-title');
  const rows = await page.$$eval('#coverage-rows tr', (trs) =>
    trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((c) => [c.textContent, c.className])),
  );
  expect(rows).toHaveLength(coverage.cells.length);
  const row = (id: string) => rows.find(([[cell]]) => cell === id);
  expect(row('listPets answer 200')).toEqual([
    ['listPets answer 200', ''],
    ['reached', 'reached'],
    ['', ''],
  ]);
  expect(row('listPets answer 401')?.[1]).toEqual(['reached', 'reached']);
  expect(row('createPet answer 201')).toEqual([
    ['createPet answer 201', ''],
    ['missing', 'missing'],
    ['the traffic never got it', ''],
  ]);
  // What the app never touches comes first; the cells no request can produce, last.
  const states = rows.map(([, [state]]) => state!.replace(' (our choice)', ''));
  expect(states[0]).toBe('missing');
  expect(states.at(-1)).toBe('out of reach');
  expect(states.indexOf('reached')).toBeGreaterThan(states.lastIndexOf('missing'));
  const counts = `${coverage.cells.length - coverage.reachable} out of reach`;
  expect(await page.textContent('#coverage-cells-title')).toContain(counts);
}
