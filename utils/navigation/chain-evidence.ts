import { readTabNavigation } from '../storage/navigation-chains';
import type { ChainEvidence } from '../storage/navigation-types';
import { hasNavigationPermission } from './navigation-permission';

/**
 * What a report of a tab's page says of the way there (issue 41): the way the
 * keeper recorded, that none was seen for this tab (opened before recording
 * started), or that recording was off (the setting, or its permission).
 */
export async function chainEvidenceOf(tabId: number, settingOn: boolean): Promise<ChainEvidence> {
  if (!settingOn || !(await hasNavigationPermission())) return { state: 'off' };
  const { chain } = await readTabNavigation(tabId);
  return chain ? { state: 'recorded', chain } : { state: 'unseen' };
}
