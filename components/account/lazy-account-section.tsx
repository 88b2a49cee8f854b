import type { ComponentProps, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { AccountSection } from './account-section';

/**
 * The Account section, loaded when it is first shown: the options page opens
 * on My reports or the connection far more often, and its module is compiled
 * before their first paint (docs/performance.md, My reports).
 */
export function LazyAccountSection(props: ComponentProps<typeof AccountSection>): JSX.Element {
  const [Section, setSection] = useState<typeof AccountSection | null>(null);
  useEffect(() => void import('./account-section').then((module) => setSection(() => module.AccountSection)), []);
  if (Section) return <Section {...props} />;
  return (
    <p class="status status-pending" role="status">
      {i18n.t('account.loading')}
    </p>
  );
}
