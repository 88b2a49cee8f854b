import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { meteredClients, type ClientCredits } from '@/utils/account/credits';
import { getBackgroundService } from '@/utils/messaging/background-service';
import { messageLocale } from '@/utils/i18n/locale';

/** The popup opens often: a balance read this recently stands in for asking the service again. */
const USAGE_REUSE_MS = 5 * 60_000;

/**
 * "Credits left: Acme Holdings 120", before reporting, for the chosen client
 * (or every metered one when none is chosen). Nothing when no client is
 * metered, or when the balance could not be read: it informs, it never blocks a report.
 */
export function CreditsLine({ clientId }: { clientId: string }): JSX.Element | null {
  const [balances, setBalances] = useState<ClientCredits[]>([]);
  useEffect(() => {
    getBackgroundService()
      .account.usage({ maxAgeMs: USAGE_REUSE_MS })
      .then(
        (answer) => answer.ok && setBalances(answer.balances),
        () => undefined,
      );
  }, []);
  const metered = meteredClients(balances, clientId);
  if (metered.length === 0) return null;
  const format = new Intl.NumberFormat(messageLocale());
  const entries = metered.map((balance) => i18n.t('account.credits.popup_entry', [balance.clientName ?? balance.clientId, format.format(balance.credits.remaining)]));
  return (
    <p class="hint credits-line" data-credits="metered">
      {i18n.t('account.credits.popup', [entries.join(', ')])}
    </p>
  );
}
