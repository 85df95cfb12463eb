// Its tests, in Playwright: `petstore-kit rehearse -- npx playwright test --config examples/rehearse/playwright-needs-getpet`.
// `test` from the kit: every request to the mock, the page's and the `request` fixture's, names its test.
import { pathToFileURL } from 'node:url';
import { expect, test } from 'petstore-kit/rehearse/playwright';

const api = process.env.PETSTORE_BASE_URL;
const key = process.env.PETSTORE_API_KEY;

test.describe('needs-getpet app', () => {
  test('the page shows pet 1', async ({ page }) => {
    const url = new URL('index.html', pathToFileURL(`${import.meta.dirname}/`));
    url.search = new URLSearchParams({ api, key, pet: '1' }).toString();
    await page.goto(url.href);
    const heading = page.locator('#pet');
    await expect(heading).not.toHaveText('Loading…');
    expect(await heading.textContent()).not.toMatch(/^Could not/);
  });

  test('the API gives pet 2', async ({ request }) => {
    const answer = await request.get(`${api}/pets/2`, { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status()).toBe(200);
  });
});
