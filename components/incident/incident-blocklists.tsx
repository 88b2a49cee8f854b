import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { BlocklistListing } from '@/utils/api/schemas/incident';
import { isWebLink } from '@/utils/indicators/web-link';
import { formatWhen } from './incident-format';

/** Blocklist coverage, oldest first: "listed" is confirmed live, "submitted" is protection in progress (not a failure). */
export function IncidentBlocklists({ listings }: { listings: readonly BlocklistListing[] }): JSX.Element {
  return (
    <section class="incident-section" aria-labelledby="incident-blocklists">
      <h3 id="incident-blocklists">{i18n.t('incident.blocklists')}</h3>
      {listings.length === 0 ? (
        <p class="hint">{i18n.t('incident.blocklists_empty')}</p>
      ) : (
        <ul class="listings">
          {listings.map((listing, index) => {
            const status = listing.status === 'listed' || listing.status === 'submitted' ? i18n.t(`incident.listing.${listing.status}`) : (listing.status ?? i18n.t('incident.not_given'));
            const type =
              listing.type === 'blocklist' || listing.type === 'warning-banner'
                ? i18n.t(`incident.listing_type.${listing.type === 'blocklist' ? 'blocklist' : 'warning_banner'}`)
                : (listing.type ?? '');
            return (
              <li key={index} data-status={listing.status ?? ''}>
                <strong>{listing.authority}</strong> · {type} · {status}
                {listing.listedAt ? ` · ${formatWhen(listing.listedAt)}` : ''}
                {isWebLink(listing.link ?? undefined) && (
                  <>
                    {' · '}
                    <a href={listing.link!} target="_blank" rel="noreferrer noopener">
                      {i18n.t('incident.listing_link')}
                    </a>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
