import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, without the background traffic a closed network refuses. */
function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: run tests/prerequisites.sh (npm test does).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
      // Date inputs and number formats follow the browser's language: the product's users run pt-BR.
      '--lang=pt-BR',
    ],
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for all the e2e files of a run (the project shares its modules between files): launching one costs
 * about a CPU-second. Each test opens its pages in contexts of their own (`browser.newPage()`), so pages share the
 * process only; `closePages` ends a file's.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser();
  return shared;
}

/** Closes every page the file opened, so that none keeps polling the server while the next files run. */
export async function closePages(browser: Browser | undefined): Promise<void> {
  await Promise.all(browser?.contexts().map((context) => context.close()) ?? []);
}

export const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e');

/**
 * What each page still open showed when a test failed (tests/e2e/falhas-setup.ts): a screenshot, its address and its
 * text in test-results/e2e/falhas/, so that a failure seen once in CI can be read afterwards.
 */
export async function keepFailure(test: string): Promise<void> {
  if (!shared) return;
  const pages = (await shared).contexts().flatMap((context) => context.pages());
  const dir = path.join(SCREENSHOT_DIR, 'falhas');
  fs.mkdirSync(dir, { recursive: true });
  const base = test.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80);
  await Promise.all(
    pages.map(async (page, i) => {
      const file = path.join(dir, `${base}-${i + 1}`);
      await page.screenshot({ path: `${file}.png`, fullPage: true }).catch(() => undefined);
      const text = await page.evaluate(() => document.body.innerText).catch(() => '');
      fs.writeFileSync(`${file}.txt`, `${page.url()}\n\n${text}`);
    }),
  );
  if (pages.length) console.warn(`[e2e] what the open pages showed: ${dir}/${base}-*`);
}

export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Whether the element is wholly inside the viewport, without scrolling, and not covered there (what sits at its
 * centre is the element itself or inside it): what a user sees and can click as the page is.
 */
export async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside =
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width + 0.5 &&
    box.y + box.height <= viewport.height + 0.5;
  if (!inside) return false;
  return locator.evaluate(
    (el, [x, y]) => {
      const top = document.elementFromPoint(x!, y!);
      return top !== null && (el === top || el.contains(top));
    },
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}
