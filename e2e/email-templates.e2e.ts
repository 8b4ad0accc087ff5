import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { PREVIEW_DIR, writePreviews } from '@server/mail/previews';
import { CHROMIUM_PATH } from './support/harness';

let browser: Browser;
let previews: Record<string, string>;
beforeAll(async () => {
  previews = await writePreviews();
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
});
afterAll(() => browser?.close());

describe('email templates', () => {
  it.each([390, 1440])(
    'fit a %i px wide window without sideways scrolling (screenshots in artifacts/email)',
    async (width) => {
      const page = await browser.newPage({ viewport: { width, height: 800 } });
      for (const [name, file] of Object.entries(previews)) {
        await page.goto(`file://${file}`);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow, name).toBeLessThanOrEqual(0);
        expect(await page.getByText('Cadence', { exact: true }).isVisible(), name).toBe(true);
        await page.screenshot({
          path: path.join(PREVIEW_DIR, `${name}-${width}.png`),
          fullPage: true,
        });
      }
      await page.close();
    },
  );
});
