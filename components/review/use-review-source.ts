import { useEffect, useState } from 'preact/hooks';
import { getReport } from '@/utils/report/report-store';
import type { OutboxReport } from '@/utils/storage/report-types';

/** The indicator finders and checkers, as the window loads them. */
export type Indicators = typeof import('@/utils/indicators/find');

/** The indicator libraries (public-suffix list, phone metadata) load after the window first paints. */
function loadIndicators(): Promise<Indicators> {
  return import('@/utils/indicators/find');
}

/** What the review starts from, read once as the window opens. */
interface ReviewSource {
  /** The report the window was opened on: undefined while it is read, null for none (or one gone meanwhile). */
  source: OutboxReport | null | undefined;
  /** Null until the indicator libraries have loaded. */
  indicators: Indicators | null;
}

/**
 * Loads the indicator libraries and the report the window was opened on: a
 * selection's text goes into the text; emails dropped on the popup are read
 * here, as if dropped on this window.
 */
export function useReviewSource(sourceId: string | null, onText: (text: string) => void, addEmails: (files: readonly File[]) => void): ReviewSource {
  const [source, setSource] = useState<OutboxReport | null | undefined>(sourceId ? undefined : null);
  const [indicators, setIndicators] = useState<Indicators | null>(null);
  useEffect(() => {
    void loadIndicators().then(setIndicators);
    if (sourceId) {
      void getReport(sourceId).then((found) => {
        setSource(found ?? null);
        if (found?.selectionText) onText(found.selectionText);
        if (found?.openAs === 'emails') addEmails(found.files.map((file) => new File([file.blob], file.name, { type: file.type })));
      });
    }
  }, [sourceId]);
  return { source, indicators };
}
