import { readTabNavigation } from '../storage/navigation-chains';
import type { NavigationChain } from '../storage/navigation-types';

/** The way a tab took to its page, as the background recorded it (issue 41); undefined when none was. */
export async function readTabChain(tabId: number): Promise<NavigationChain | undefined> {
  return (await readTabNavigation(tabId)).chain;
}
