import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ReceivedChain } from '@/utils/email/email-types';
import { messageLocale } from '@/utils/i18n/locale';

/** A time the email states, in the reader's language and zone; as written when it is not a time. */
export function emailTime(at: string): string {
  const time = new Date(at);
  return Number.isNaN(time.getTime()) ? at : new Intl.DateTimeFormat(messageLocale(), { dateStyle: 'medium', timeStyle: 'long' }).format(time);
}

/** A hop's time, or that it could not be read. */
function hopTime(at: string | undefined): string {
  return at ? emailTime(at) : i18n.t('email.received.no_time');
}

/** The sender a hop names: its host, and its IPv4 unless the host is that address already ("[192.0.2.1]"). */
function hopSender(fromHost: string | undefined, fromIp: string | undefined): string {
  const host = fromHost ?? '?';
  return fromIp && host.replace(/^\[|\]$/g, '') !== fromIp ? `${host} [${fromIp}]` : host;
}

/** What the relay the email came through is: the sending IPv4 itself, or the one in front of the sender behind it. */
function relayWords(originatingIp: string, relay: NonNullable<ReceivedChain['originatingRelay']>): string {
  return relay.ip === originatingIp ? i18n.t('email.received.relay', [relay.provider]) : i18n.t('email.received.behind_relay', [relay.provider, relay.ip]);
}

/** The Received chain, oldest hop first, and the IPv4 the email came from. */
export function ReceivedHops({ id, chain }: { id: string; chain: ReceivedChain }): JSX.Element {
  return (
    <div class="email-received">
      {chain.originatingIp ? (
        <p>
          {i18n.t('email.received.originating')} <code>{chain.originatingIp}</code>
          {chain.originatingRelay ? ` ${relayWords(chain.originatingIp, chain.originatingRelay)}` : ''}
        </p>
      ) : (
        <p class="hint">{i18n.t('email.received.no_origin')}</p>
      )}
      {chain.hops.length > 0 ? (
        <details>
          <summary id={`${id}-hops`}>{i18n.t('email.received.hops', [String(chain.hops.length)])}</summary>
          <ol class="email-hops" aria-labelledby={`${id}-hops`}>
            {chain.hops.map((hop, index) => (
              <li key={index} data-origin={hop.fromIp !== undefined && hop.fromIp === chain.originatingIp ? 'true' : undefined}>
                <span class="hint">{hopTime(hop.at)}</span> {hopSender(hop.fromHost, hop.fromIp)} → {hop.byHost ?? '?'}
                {hop.with ? ` (${hop.with})` : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : (
        <p class="hint">{i18n.t('email.received.none')}</p>
      )}
    </div>
  );
}
