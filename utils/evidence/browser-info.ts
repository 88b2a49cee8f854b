import { browser } from 'wxt/browser';
import type { EvidenceContext } from '../storage/evidence-context';

/** The browser's name, version and language, for the evidence record: Firefox says so itself; Chromium's come from its user agent. */
export async function readBrowserInfo(): Promise<EvidenceContext['browser']> {
  const language = navigator.language;
  const runtime = browser.runtime as typeof browser.runtime & { getBrowserInfo?: () => Promise<{ name: string; version: string }> };
  if (runtime.getBrowserInfo) {
    const { name, version } = await runtime.getBrowserInfo();
    return { name, version, language };
  }
  const brands = (navigator as Navigator & { userAgentData?: { brands: { brand: string; version: string }[] } }).userAgentData?.brands ?? [];
  const brand = brands.find((entry) => !/Not.?A.?Brand|Chromium/i.test(entry.brand)) ?? brands.find((entry) => entry.brand === 'Chromium');
  const chrome = /Chrome\/([\d.]+)/.exec(navigator.userAgent);
  return { name: brand?.brand ?? 'Chromium', version: chrome?.[1] ?? brand?.version ?? '', language };
}
