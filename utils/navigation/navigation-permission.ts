import { browser } from 'wxt/browser';

// Recording how each page was reached needs `webNavigation` (issue 41), an
// optional permission: asked for when the user turns the setting on, given
// back when they turn it off. Chromium words it "Read your browsing history",
// Firefox "Access browser activity during navigation".

const NAVIGATION = { permissions: ['webNavigation'] } as const;

/** Whether the extension may see the tabs' navigations. */
export async function hasNavigationPermission(): Promise<boolean> {
  return browser.permissions.contains({ permissions: [...NAVIGATION.permissions] });
}

/**
 * Asks the user for the permission. Call it straight from the click: browsers
 * accept the request only during a user gesture. False when refused.
 */
export async function requestNavigationPermission(): Promise<boolean> {
  try {
    return await browser.permissions.request({ permissions: [...NAVIGATION.permissions] });
  } catch {
    // Thrown outside a gesture, or where the manifest does not list it.
    return false;
  }
}

/** Gives the permission back; a build that holds it from install (the test builds) keeps it. */
export async function releaseNavigationPermission(): Promise<void> {
  await browser.permissions.remove({ permissions: [...NAVIGATION.permissions] }).catch(() => false);
}
