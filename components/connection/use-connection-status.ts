import { useEffect, useState } from 'preact/hooks';
import { sendMessage } from '@/utils/messaging/protocol';
import type { ConnectionStatus } from '@/utils/connection/types';

/**
 * The connection status: the saved one at once, then the live check's answer.
 * A failed message (background unreachable) shows as a failing status rather
 * than an endless "checking".
 */
export function useConnectionStatus() {
  const [status, setStatus] = useState<ConnectionStatus | null>(null);
  const [checking, setChecking] = useState(true);
  const [messageError, setMessageError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const onError = (error: unknown) => {
      if (current) setMessageError(`The extension's background did not answer: ${String(error)}`);
    };
    sendMessage('getConnection', { live: false })
      .then((saved) => {
        if (!current) return;
        setStatus(saved);
        if (saved.state === 'not_configured') return;
        return sendMessage('getConnection', { live: true }).then((live) => current && setStatus(live));
      })
      .catch(onError)
      .finally(() => current && setChecking(false));
    return () => {
      current = false;
    };
  }, []);

  return { status, setStatus, checking, messageError };
}
