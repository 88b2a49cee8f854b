import { browser } from 'wxt/browser';

/** Whether the extension may already contact the origins of a match pattern. */
export function hasHostPermission(pattern: string): Promise<boolean> {
  return browser.permissions.contains({ origins: [pattern] });
}

/**
 * Asks the user for access to the one service origin (optional host
 * permission). Call it straight from the click handler: browsers accept the
 * request only during a user gesture. Resolves false when the user declines.
 */
export async function requestHostPermission(pattern: string): Promise<boolean> {
  try {
    return await browser.permissions.request({ origins: [pattern] });
  } catch {
    // Thrown when called outside a gesture or for a pattern the manifest does not list.
    return false;
  }
}
