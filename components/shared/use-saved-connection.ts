import { useEffect, useState } from 'preact/hooks';
import type { SavedConnection } from '@/utils/storage/connection-types';
import { readSavedConnection, watchConnection } from '@/utils/connection/saved-status';

/** The saved connection (clients, origin) without a live check; undefined while it loads, null when not set up. */
export function useSavedConnection(): SavedConnection | null | undefined {
  const [connection, setConnection] = useState<SavedConnection | null | undefined>(undefined);
  useEffect(() => {
    void readSavedConnection().then(setConnection);
    return watchConnection(setConnection);
  }, []);
  return connection;
}
