import { useEffect, useState } from 'preact/hooks';
import type { SavedConnection } from '@/utils/connection/types';
import { connectionItem, watchConnection } from '@/utils/storage/connection';

/** The saved connection (clients, origin) without a live check; undefined while it loads, null when not set up. */
export function useSavedConnection(): SavedConnection | null | undefined {
  const [connection, setConnection] = useState<SavedConnection | null | undefined>(undefined);
  useEffect(() => {
    void connectionItem.getValue().then(setConnection);
    return watchConnection(setConnection);
  }, []);
  return connection;
}
