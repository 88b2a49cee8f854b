import { useEffect, useState } from 'preact/hooks';
import { loadManagedPolicy, managedView, watchManagedPolicy, type ManagedView } from '@/utils/settings/managed';

const NONE: ManagedView = { settings: {}, evidence: {}, hasApiKey: false };

/** What the organisation's policy sets (never the key itself), following changes. */
export function useManagedPolicy(): ManagedView {
  const [view, setView] = useState<ManagedView>(NONE);
  useEffect(() => {
    const load = () => void loadManagedPolicy().then((policy) => setView(managedView(policy)));
    load();
    return watchManagedPolicy(load);
  }, []);
  return view;
}
