import { useEffect, useState } from 'preact/hooks';
import { readSettings, watchSettings, type Settings } from '@/utils/settings/settings';

/** The reporting settings; null while they load. */
export function useSettings(): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    void readSettings().then(setSettings);
    return watchSettings(setSettings);
  }, []);
  return settings;
}
