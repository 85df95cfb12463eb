// The dashboard edits, in Debian's Chromium against `petstore-kit serve`, under the CSP it is served with: a rule
// added from the form answers the next call (an empty list, then a 500), shows in the journal and goes with its
// button; a bad rule is refused with the property named; your pets load from pasted text and from a chosen file
// (a bad entry is named); reset comes back to them; the curl command of a rule's entry is copied to the clipboard.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_API_KEY } from '../../src/core/index.ts';
import { serve, type RunningServer } from '../../src/node/index.ts';
import { requireChromium, SCREENSHOTS_DIR, usePage } from '../support/chromium.ts';

let server: RunningServer;
beforeAll(async () => {
  server = await serve({ port: 0, pets: 12 });
});
afterAll(() => server.close());

const api = (path: string) => fetch(server.apiUrl + path, { headers: { authorization: `Bearer ${DEV_API_KEY}` } });
const statusSays = (page: Page, text: string) =>
  page.waitForFunction((text) => document.querySelector('#status')?.textContent?.includes(text), text);
const rulesSay = (page: Page, text: string) =>
  page.waitForFunction((text) => document.querySelector('#rules')?.textContent?.includes(text), text);
const stateSays = (page: Page, text: string) =>
  page.waitForFunction((text) => document.querySelector('#state')?.textContent?.includes(text), text);

describe('the dashboard edits', () => {
  it('adds and removes rules, loads your pets, resets, and copies a curl command', async (ctx) => {
    requireChromium(ctx);
    const run = {
      name: 'dashboard-edit',
      resultsDir: SCREENSHOTS_DIR,
      viewport: { width: 1280, height: 1200 },
      expectedProblems: /status of 400/, // the refused rule and the refused pets, shown on the page
    };
    const problems = await usePage(`${server.url}/__admin/`, run, async (page) => {
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
      await page.fill('#key', DEV_API_KEY);
      await page.click('#login button[type=submit]');
      await page.waitForSelector('#state table');
      await rulesSay(page, 'No rule.');

      // An empty list on the next call: the example's names come from the served OpenAPI document.
      await page.waitForSelector('#rule-example option[value=empty]', { state: 'attached' });
      await page.selectOption('#rule-operation', 'listPets');
      await page.selectOption('#rule-answer', 'example');
      await page.selectOption('#rule-example', 'empty');
      await page.fill('#rule-times', '1');
      await page.click('#rule-form button[type=submit]');
      await rulesSay(page, 'listPets: example empty, 1 left, 0 hits');
      expect(server.store.rules.list()).toEqual([expect.objectContaining({ example: 'empty', times: 1 })]);
      expect(await (await api('/pets')).json()).toEqual([]);
      expect(await (await api('/pets?limit=2')).json()).toHaveLength(2);
      await rulesSay(page, 'No rule.');

      // A 500 on every getPet of pet 3, until removed with its button.
      await page.selectOption('#rule-operation', 'getPet');
      await page.selectOption('#rule-answer', 'status');
      await page.fill('#rule-status', '500');
      await page.fill('#rule-times', '');
      await page.fill('#rule-path', 'petId=3');
      await page.click('#rule-form button[type=submit]');
      await rulesSay(page, 'getPet when path petId=3: status 500');
      expect((await api('/pets/3')).status).toBe(500);
      expect((await api('/pets/4')).status).toBe(200);
      const [{ id }] = server.store.rules.list();
      const shapedRow = `#journal-rows tr:has-text("rule ${id}")`;
      await page.waitForSelector(shapedRow);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}/dashboard-rules.png`, fullPage: true });

      // The curl command of the entry the rule shaped, copied to the clipboard, sends the same request again.
      await page.click(shapedRow);
      await page.waitForFunction(
        (id) => document.querySelector('#entry-shaped')?.textContent?.includes(`rule ${id}`),
        id,
      );
      await page.click('#copy-curl');
      await statusSays(page, 'Copied as curl');
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await page.textContent('#entry-curl'));
      expect(copied).toContain('"Authorization: Bearer $PETSTORE_API_KEY"');
      const { stdout } = await promisify(execFile)('bash', ['-c', `${copied} -s -o /dev/null -w '%{http_code}'`], {
        env: { ...process.env, PETSTORE_API_KEY: DEV_API_KEY },
      });
      expect(stdout).toBe('500');

      await page.click('#rules button[data-rule]');
      await rulesSay(page, 'No rule.');
      expect((await api('/pets/3')).status).toBe(200);

      // A body that breaks the interface is refused, the property named; the form keeps what was typed.
      await page.selectOption('#rule-operation', 'listPets');
      await page.selectOption('#rule-answer', 'body');
      await page.fill('#rule-path', '');
      await page.fill('#rule-status', '');
      await page.fill('#rule-body', '[{"id":"x"}]');
      await page.click('#rule-form button[type=submit]');
      await statusSays(page, "field 'body.0.id' must be integer");
      expect(await page.getAttribute('#status', 'class')).toBe('error');
      expect(await page.inputValue('#rule-body')).toBe('[{"id":"x"}]');
      expect(server.store.rules.list()).toEqual([]);

      // Your pets, pasted; a bad entry is named and changes nothing.
      await page.fill('#data-text', '[{"name":"Ok","categoryId":1},{"name":"Bad","categoryId":"one"}]');
      await page.click('#data-form button[type=submit]');
      await statusSays(page, "pets[1]: field 'categoryId' must be integer");
      expect(server.store.snapshot().pets).toHaveLength(12);
      await page.fill('#data-text', '[{"id":42,"name":"Biscuit","categoryId":2},{"name":"Pepper","categoryId":1}]');
      await page.click('#data-form button[type=submit]');
      await statusSays(page, 'Loaded your pets');
      await stateSays(page, 'pets2');
      expect(await (await api('/pets')).json()).toEqual([
        { id: 42, name: 'Biscuit', categoryId: 2, status: 'available' },
        { id: 43, name: 'Pepper', categoryId: 1, status: 'available' },
      ]);

      // From a chosen file: read into the text area, then loaded.
      const file = JSON.stringify([{ name: 'Mochi', categoryId: 3, status: 'sold' }]);
      await page.setInputFiles('#data-file', {
        name: 'pets.json',
        mimeType: 'application/json',
        buffer: Buffer.from(file),
      });
      await page.waitForFunction(
        (file) => (document.querySelector('#data-text') as HTMLTextAreaElement).value === file,
        file,
      );
      await page.click('#data-form button[type=submit]');
      await stateSays(page, 'pets1');
      expect(server.store.snapshot().pets).toEqual([{ id: 1, name: 'Mochi', categoryId: 3, status: 'sold' }]);

      // Reset comes back to the pets loaded last, not to the generated ones.
      await fetch(`${server.apiUrl}/pets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${DEV_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Temp', categoryId: 1 }),
      });
      await stateSays(page, 'pets2');
      await page.click('#reset');
      await statusSays(page, 'Reset');
      await stateSays(page, 'pets1');
      expect(server.store.snapshot().pets.map((pet) => pet.name)).toEqual(['Mochi']);
    });
    expect(problems).toEqual([]);
  });
});
