import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { hopRoles } from '@/utils/indicators/hop-roles';
import { readTabChain } from '@/utils/navigation/tab-chain';
import type { NavigationChain } from '@/utils/storage/navigation-types';

/** A hop's host, as short as the popup needs; the address itself where it is not one. */
const hostOf = (url: string) => URL.parse(url)?.host ?? url;

/**
 * How the tab got to the page being reported (issue 41), above the report:
 * each address's host with its role, in order; nothing when the browser went
 * straight there or nothing was recorded. Loaded after the popup first paints.
 */
export function NavigationWay({ tabId }: { tabId: number }): JSX.Element | null {
  const [chain, setChain] = useState<NavigationChain | null>(null);
  useEffect(
    () =>
      void readTabChain(tabId).then(
        (read) => setChain(read ?? null),
        () => setChain(null),
      ),
    [tabId],
  );
  if (!chain || chain.hops.length < 2) return null;
  const roles = hopRoles(chain.hops);
  return (
    <section class="navigation-way" aria-labelledby="navigation-way-label">
      <p id="navigation-way-label" class="hint">
        {i18n.t('navigation.popup_label')}
      </p>
      <ol>
        {chain.hops.map((hop, index) => (
          <li key={index} title={hop.url} data-role={roles[index]}>
            {hostOf(hop.url)} <span class="hint">({i18n.t(`navigation.role.${roles[index]!}`)})</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
