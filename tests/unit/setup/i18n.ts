// WXT's fake browser has no i18n: answer getMessage from the English messages
// file, the way the browser answers from the built _locales/en/messages.json.
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { generateChromeMessages, parseMessagesFile } from '@wxt-dev/i18n/build';

const messages = generateChromeMessages(await parseMessagesFile('utils/i18n/locales/en.yml'));

/** chrome.i18n.getMessage over the English messages: `$1`…`$9` take the substitutions; unknown keys give ''. */
export function getEnglishMessage(key: string, substitutions?: string | string[]): string {
  const entry = messages[key];
  if (!entry) return '';
  const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  let text = entry.message;
  for (const [name, placeholder] of Object.entries(entry.placeholders ?? {})) {
    text = text.replaceAll(`$${name}$`, placeholder.content);
  }
  return text.replace(/\$(\d)/g, (_match, index: string) => subs[Number(index) - 1] ?? '').replaceAll('$$', '$');
}

function install(): void {
  (fakeBrowser.i18n as { getMessage: typeof getEnglishMessage }).getMessage = getEnglishMessage;
}

install();
beforeEach(install);

// Node answers navigator.language from the machine (en-US here, something else elsewhere): the phone
// country follows the browser's region (utils/settings/phone-country.ts), so every file starts from a
// language without a region, as a browser in plain "en" would. (Not vi.stubGlobal: a file's
// unstubAllGlobals puts back this navigator, not the machine's.)
Object.defineProperty(globalThis.navigator, 'language', { value: 'en', configurable: true });
Object.defineProperty(globalThis.navigator, 'languages', { value: ['en'], configurable: true });
