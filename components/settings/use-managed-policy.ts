import { useEffect, useState } from 'preact/hooks';
import { readManagedView, watchManagedView, type ManagedView } from '@/utils/settings/managed';

const NONE: ManagedView = { settings: {}, evidence: {}, hasApiKey: false };

/** What the organisation's policy sets (never the key itself), following changes. */
export function useManagedPolicy(): ManagedView {
  const [view, setView] = useState<ManagedView>(NONE);
  useEffect(() => {
    void readManagedView().then(setView);
    return watchManagedView(setView);
  }, []);
  return view;
}
