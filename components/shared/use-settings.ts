import { useEffect, useState } from 'preact/hooks';
import { readSettings, watchSettings, type Settings } from '@/utils/settings/settings';
import { earlyRead } from '../ui/early-read';

const settingsRead = earlyRead(readSettings);

/** Starts reading the settings before the page's first render (see earlyRead). */
export const startSettingsEarly = settingsRead.start;

/** The reporting settings; null while they load. */
export function useSettings(): Settings | null {
  const [settings, setSettings] = useState<Settings | null>(() => settingsRead.peek() ?? null);
  useEffect(() => {
    void settingsRead.take().then(setSettings);
    return watchSettings(setSettings);
  }, []);
  return settings;
}
