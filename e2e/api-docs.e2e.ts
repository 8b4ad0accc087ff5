import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_DOCS_PATH, API_V1_OPENAPI_PATH } from '@shared/api-v1.contract';
import { screenshot, startE2E, VIEWPORTS, type E2E } from './support/harness';

/** Issue #19: the API's interactive reference renders under the app's CSP, in both themes. */
let e2e: E2E;
/** How many operations the served document has: the reference must show each. */
let OPERATIONS = 0;
beforeAll(async () => {
  e2e = await startE2E();
  const document = (await (await fetch(`${e2e.baseUrl}${API_V1_OPENAPI_PATH}`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  OPERATIONS = Object.values(document.paths).reduce(
    (sum, item) => sum + Object.keys(item).filter((key) => key !== 'parameters').length,
    0,
  );
}, 120_000);
afterAll(() => e2e?.close());

describe('the API reference at /api/docs', () => {
  it('lists every endpoint with no script refused, at phone, tablet and desktop widths, light and dark', async () => {
    for (const systemDark of [false, true]) {
      for (const { name, width, height } of VIEWPORTS) {
        const page = await e2e.newPage({ width, height, systemDark });
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error') problems.push(message.text());
        });
        page.on('pageerror', (error) => problems.push(error.message));
        page.on('response', (response) => {
          if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
        });
        await page.goto(API_DOCS_PATH);
        await page.getByRole('heading', { name: /Cadence API/ }).waitFor();
        const operations = page.locator('.opblock-summary-path');
        await operations.first().waitFor();
        expect(await operations.allInnerTexts()).toEqual(
          expect.arrayContaining([
            '/api/v1/classes',
            '/api/v1/classes/{id}',
            '/api/v1/classes/{id}/reprocess',
            '/api/v1/analytics',
            '/api/v1/locations',
            '/api/v1/instructors',
            '/api/v1/uploads',
            '/api/v1/uploads/{rest}',
          ]),
        );
        // Every operation of the document (a path's methods each have their own block).
        expect(await operations.count()).toBe(OPERATIONS);
        expect(
          await page.evaluate(() => document.documentElement.classList.contains('dark-mode')),
        ).toBe(systemDark);
        // One operation open (desktop only, to keep the run short): its request and answers.
        if (name === 'desktop') {
          await page.locator('#operations-Classes-createClass .opblock-summary-control').click();
          await page.locator('#operations-Classes-createClass .responses-table').first().waitFor();
        }
        await screenshot(page, `api-docs-${name}-${systemDark ? 'dark' : 'light'}`);
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });
});
