import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

// axe-core over a view, the same way in Chromium (Playwright) and Firefox (puppeteer): put in the page once
// per document and run there. (@axe-core/playwright put its 550 KB of script in again at every run and ran it
// cold: 650–1,100 ms a run over an options section, against 70–190 ms for the same run in a page that has it.)

/** WCAG 2.1 A and AA, and axe's best practices: every rule runs in light. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** The axe rules whose outcome depends on the colours: the only ones that can find more in dark. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

const axeSource = readFile(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

/** A page either driver gives: it runs a script's text and answers its value, a promise's once settled. */
interface ScriptRunner {
  evaluate(expression: string): Promise<unknown>;
}

/**
 * axe's violations on the page as it is now, one line each (`rule — targets`):
 * every rule in light, the colour rules in dark (the others read the same
 * page). Only violations are written up: what passed is most of axe's time.
 */
export async function axeViolations(page: ScriptRunner, scheme: 'light' | 'dark'): Promise<string[]> {
  if (!(await page.evaluate(`'axe' in globalThis`))) await page.evaluate(await axeSource);
  const runOnly = scheme === 'light' ? { type: 'tag', values: AXE_TAGS } : { type: 'rule', values: COLOUR_RULES };
  const options = JSON.stringify({ runOnly, resultTypes: ['violations'] });
  return (await page.evaluate(
    `axe.run(document, ${options}).then((result) => result.violations.map((violation) => violation.id + ' — ' + violation.nodes.map((node) => node.target.join(' ')).join(', ')))`,
  )) as string[];
}
