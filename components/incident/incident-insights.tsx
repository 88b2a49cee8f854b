import type { ComponentChildren, JSX } from 'preact';
import { i18n } from '#i18n';
import type { IncidentInsights } from '@/utils/api/schemas/insights';
import { flagLabel, formatWhen } from './incident-format';

function Row({ term, value, alert, flag }: { term: string; value: string | null | undefined; alert?: boolean; flag?: string }): JSX.Element {
  return (
    <div class={`fact${alert ? ' alert' : ''}`} data-insight={flag}>
      <dt>{term}</dt>
      <dd>{value ?? i18n.t('incident.undetermined')}</dd>
    </div>
  );
}

/** A category the captures did not carry reads "not captured". */
function Category({ id, title, children, present }: { id: string; title: string; present: boolean; children: ComponentChildren }): JSX.Element {
  return (
    <div class="insight" data-category={id}>
      <h4>{title}</h4>
      {present ? <dl class="facts">{children}</dl> : <p class="hint">{i18n.t('incident.not_captured')}</p>}
    </div>
  );
}

/**
 * What the service's captures found: DNS, WHOIS, certificate, hosting (with
 * abuse contacts), page and capture indicators. A new domain and an invalid
 * certificate stand out; null reads "undetermined", never "no".
 */
export function IncidentInsightsSummary({ insights }: { insights: IncidentInsights | undefined }): JSX.Element {
  const { dns, whois, certificate, hosting, page, indicators } = insights ?? {};
  const route = indicators?.scrapeRoute;
  return (
    <section class="incident-section" aria-labelledby="incident-insights">
      <h3 id="incident-insights">{i18n.t('incident.insights')}</h3>
      {!insights ? (
        <p class="hint">{i18n.t('incident.not_captured')}</p>
      ) : (
        <>
          {insights.snapshotTimestamp && <p class="hint">{i18n.t('incident.captured_at', [formatWhen(insights.snapshotTimestamp) ?? ''])}</p>}
          <Category id="whois" title={i18n.t('incident.whois')} present={Boolean(whois)}>
            <Row flag="isNewDomain" term={i18n.t('incident.new_domain')} value={flagLabel(whois?.isNewDomain)} alert={whois?.isNewDomain === true} />
            <Row term={i18n.t('incident.domain_age')} value={whois?.domainAgeDays == null ? null : i18n.t('incident.days', [String(whois.domainAgeDays)])} />
            <Row flag="isExpired" term={i18n.t('incident.expired')} value={flagLabel(whois?.isExpired)} />
            <Row term={i18n.t('incident.registrar')} value={whois?.registrar} />
          </Category>
          <Category id="certificate" title={i18n.t('incident.certificate')} present={Boolean(certificate)}>
            <Row flag="isValid" term={i18n.t('incident.certificate_valid')} value={flagLabel(certificate?.isValid)} alert={certificate?.isValid === false} />
            <Row term={i18n.t('incident.certificate_issuer')} value={certificate?.issuer} />
          </Category>
          <Category id="hosting" title={i18n.t('incident.hosting_insights')} present={Boolean(hosting)}>
            <Row flag="cdnDetected" term={i18n.t('incident.cdn')} value={hosting?.cdnDetected === true && hosting.cdnName ? hosting.cdnName : flagLabel(hosting?.cdnDetected)} />
            {[...(hosting?.providers ?? []), ...(hosting?.originHints ?? [])].map((origin, index) => (
              <Row
                key={index}
                term={origin.ip}
                value={[origin.organization, origin.network, ...(origin.abuseEmails ?? []).map((email) => i18n.t('incident.abuse', [email]))].filter(Boolean).join(' · ') || null}
              />
            ))}
            {(hosting?.providers ?? []).map((provider, index) => (
              <Row key={`cdn-${index}`} flag="isCdn" term={i18n.t('incident_capture.provider_cdn', [provider.ip])} value={flagLabel(provider.isCdn)} />
            ))}
          </Category>
          <Category id="dns" title={i18n.t('incident.dns')} present={Boolean(dns)}>
            <Row term={i18n.t('incident.dns_records')} value={dns?.recordTypes?.join(', ') || null} />
          </Category>
          <Category id="page" title={i18n.t('incident.page')} present={Boolean(page)}>
            <Row term={i18n.t('incident.page_title')} value={page?.title} />
            <Row term={i18n.t('incident.form_inputs')} value={page?.formInputCount == null ? null : String(page.formInputCount)} />
          </Category>
          <Category id="capture" title={i18n.t('incident_capture.heading')} present={Boolean(indicators)}>
            <Row term={i18n.t('incident_capture.final_url')} value={indicators?.finalUrl} />
            <Row term={i18n.t('incident_capture.redirects')} value={indicators?.redirectChain?.join(' → ') || null} />
            <Row term={i18n.t('incident_capture.error')} value={indicators?.captureError} alert={Boolean(indicators?.captureError)} />
            <Row term={i18n.t('incident_capture.route_country')} value={route?.country} />
            <Row flag="mobileExit" term={i18n.t('incident_capture.mobile_exit')} value={flagLabel(route?.mobileExit)} />
          </Category>
        </>
      )}
    </section>
  );
}
