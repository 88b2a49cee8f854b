import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import type { InsightsProps, InsightsSection } from './insights-section';
import { CodeNotLoaded } from '../ui/lazy';

/** Insights, loaded after the options page first paints: its charts stay out of the JS the page needs first. */
export function LazyInsightsSection(props: InsightsProps): JSX.Element {
  const [Section, setSection] = useState<typeof InsightsSection | 'failed' | null>(null);
  useEffect(
    () =>
      void import('./insights-section').then(
        (module) => setSection(() => module.InsightsSection),
        () => setSection('failed'),
      ),
    [],
  );
  if (Section && Section !== 'failed') return <Section {...props} />;
  return (
    <>
      <h3 id="insights-heading">{i18n.t('insights.heading')}</h3>
      {Section === 'failed' ? (
        <CodeNotLoaded />
      ) : (
        <p class="status status-pending" role="status">
          {i18n.t('insights.loading')}
        </p>
      )}
    </>
  );
}
