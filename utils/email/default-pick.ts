import { addressHost, indicatorHost, isUnder, registrableDomain } from '../indicators/registrable';
import { unwrapSafeLink } from '../indicators/safe-links';
import { isBrandDomain } from './brand-domains';
import type { EmailPick } from './email-pick';
import type { AuthResult, EmailFinding, EmailWarning, FoundWhere } from './email-types';

// What the review window ticks for reporting at first: what a careful analyst
// would report — the scammer's own addresses, the landing pages, the
// lookalike domains — and never what would aim a takedown at the brand the
// email impersonates or at someone a phisher chose. Everything is still
// listed; what is left unticked says why when the reason is not plain.

/** What the pick needs to know of the email beside its findings. */
export interface PickFacts {
  /** The authentication results (auth-results.ts): the receiving side's, and failures claimed elsewhere (untrusted). */
  auth: readonly AuthResult[];
  /** The From's address, when the header has one. */
  from: string | null;
  warnings: readonly EmailWarning[];
  ownDomains: readonly string[];
  /** The email a user forwarded a phishing email in as an attachment: the attached one is read on its own. */
  wrapper: boolean;
}

/** Where an address is the sender's own: what a reply or the From reaches. */
const SENDER_PLACES: readonly FoundWhere[] = ['from', 'reply_to', 'sender'];

/** Where a URL is one the reader sees and may follow. */
const SEEN_PLACES: readonly FoundWhere[] = ['link', 'link_text', 'body'];

/** Results that say the sender's domain did not send it: DMARC's verdict, Microsoft's composite one, a hard SPF fail. */
const FORGED = new Set(['fail']);

/**
 * Hosts where the brand's site holds what its users put there: a shared
 * file, a form, a profile, an app. A phishing page is often there, and the
 * platform takes it down on request; a link elsewhere on the brand's own
 * site (its privacy page, its logo) is the brand's.
 */
const USER_CONTENT = [
  'docs.google.com',
  'drive.google.com',
  'sites.google.com',
  'script.google.com',
  'groups.google.com',
  'play.google.com',
  'forms.office.com',
  'forms.microsoft.com',
  'sway.office.com',
  'onedrive.live.com',
  'dropbox.com',
  'docusign.net',
  'wetransfer.com',
  'acrobat.adobe.com',
  'express.adobe.com',
  'indd.adobe.com',
  'spark.adobe.com',
  'apps.apple.com',
];

/** Platforms whose every tenant has a name under theirs (contoso.sharepoint.com). */
const TENANT_PARENTS = ['sharepoint.com', 'zendesk.com', 'docusign.com'];

/** Social platforms: a profile or post (any path) is its author's; the platform's front page is the brand's. */
const SOCIAL = ['linkedin.com', 'facebook.com', 'instagram.com', 'x.com', 'twitter.com', 'tiktok.com', 'youtube.com', 'discord.com', 'telegram.org'];

/** True when a URL on a brand's domain holds what a user of the platform put there. */
function isUserContent(url: URL): boolean {
  const host = url.hostname;
  if (USER_CONTENT.some((domain) => isUnder(host, domain))) return true;
  // A tenant's site (contoso.sharepoint.com) is never the brand's: ownerOf names the tenant.
  return SOCIAL.some((domain) => isUnder(host, domain)) && url.pathname.replace(/\/+$/, '') !== '';
}

/** Platforms whose every tenant sends mail from a name of its own under theirs: a tenant is its own owner. */
const TENANT_MAIL = ['onmicrosoft.com'];

/** Who owns a host: its registrable domain, or the tenant's own name on a shared platform (`x.onmicrosoft.com`); `www.sharepoint.com` is the platform's own. */
function ownerOf(host: string): string {
  const parent = [...TENANT_MAIL, ...TENANT_PARENTS].find((domain) => host.endsWith(`.${domain}`) && host !== `www.${domain}`);
  return parent
    ? `${host
        .slice(0, -parent.length - 1)
        .split('.')
        .pop()!}.${parent}`
    : registrableDomain(host);
}

/** The owner a result is about: the From's for DMARC and compauth, the envelope sender's for SPF; '' for another. */
function resultOwner(result: AuthResult, fromOwner: string): string {
  if (result.method === 'dmarc' || result.method === 'compauth') return fromOwner;
  const named = result.method === 'spf' && result.detail?.startsWith('smtp.mailfrom=') ? result.detail.split('=').pop()?.split('@').pop()?.toLowerCase() : undefined;
  return named ? ownerOf(named) : '';
}

/**
 * The owners (registrable domains, or a tenant's name) the authentication
 * results show forged, each with whether the receiving side said so: the
 * From's when DMARC (or Exchange's compauth) failed, the envelope sender's
 * when SPF failed. A fail claimed by a header the receiving side is not shown
 * to have written counts as a claim — nobody writes that their own mail
 * failed, and it only unticks — unless the receiving side's own verdict on
 * the same owner passed (an earlier hop's SPF fail on a forwarded email).
 */
export function forgedDomains(auth: readonly AuthResult[], from: string | null): Map<string, 'forged' | 'forged_claimed'> {
  const fromOwner = from ? ownerOf(addressHost(from)) : '';
  const passed = new Set(auth.filter((result) => result.trusted && /pass/.test(result.result)).map((result) => resultOwner(result, fromOwner)));
  const forged = new Map<string, 'forged' | 'forged_claimed'>();
  for (const result of auth) {
    const owner = FORGED.has(result.result) ? resultOwner(result, fromOwner) : '';
    if (!owner || forged.get(owner) === 'forged') continue;
    if (result.trusted) forged.set(owner, 'forged');
    else if (!passed.has(owner)) forged.set(owner, 'forged_claimed');
  }
  return forged;
}

/** True when `host` is one of the own domains or under one. */
function isOwn(host: string, ownDomains: readonly string[]): boolean {
  return ownDomains.some((own) => isUnder(host, own));
}

/** The pick of one finding. */
function pickOf(finding: EmailFinding, facts: PickFacts, forged: ReadonlyMap<string, 'forged' | 'forged_claimed'>, lookalikes: ReadonlySet<string>): EmailPick {
  if (!finding.check.ok) return { ticked: false };
  const { indicator } = finding.check;
  const host = indicatorHost(indicator);
  const owner = host ? ownerOf(host) : '';
  if (host && isOwn(host, facts.ownDomains)) return { ticked: false, reason: 'own_domain' };
  // A lookalike of the organisation's domains is the scammer's, whatever its authentication says.
  if ((indicator.type === 'email' || indicator.type === 'domain') && !lookalikes.has(host ?? '')) {
    const forgery = forged.get(owner);
    if (forgery) return { ticked: false, reason: forgery };
    if (isBrandDomain(owner)) return { ticked: false, reason: 'brand' };
  }
  if (finding.where.every((place) => place === 'link_hidden' || place === 'resource' || place === 'wrapper')) {
    return { ticked: false, reason: finding.where.includes('link_hidden') ? 'hidden' : finding.where.includes('wrapper') ? 'wrapper' : 'resource' };
  }
  if (facts.wrapper || indicator.warnings.length > 0) return { ticked: false };
  if (indicator.type === 'email') return { ticked: finding.where.some((place) => SENDER_PLACES.includes(place)) };
  if (indicator.type === 'domain') return { ticked: lookalikes.has(host ?? '') };
  if (indicator.type !== 'url') return { ticked: false };
  const url = new URL(indicator.value);
  if (isBrandDomain(owner) && !isUserContent(url)) return { ticked: false, reason: 'brand_site' };
  return { ticked: finding.where.some((place) => SEEN_PLACES.includes(place)) };
}

/** Reasons that say a page is the victim's or the organisation's, not the scammer's. */
const NOT_THE_SCAMMERS: ReadonlySet<string> = new Set(['brand', 'brand_site', 'own_domain', 'forged', 'forged_claimed']);

/**
 * A link that only carries another site's URL in a parameter, not through a
 * known gateway or redirector, whose destination is the brand's own (or the
 * organisation's): `evil.example/login?return=https://www.paypal.com/` — the
 * page itself is the scam, so it is ticked as any link the reader sees.
 */
function isScamPageAroundVictim(finding: EmailFinding, destinations: ReadonlyMap<string, EmailPick>, ownDomains: readonly string[]): boolean {
  const value = finding.check.ok ? finding.check.indicator.value : '';
  // The brand's (or the organisation's) own page sending on to its own is no scam page: aiming at it aims at the victim.
  const host = finding.check.ok ? indicatorHost(finding.check.indicator) : null;
  if (host && (isOwn(host, ownDomains) || (isBrandDomain(ownerOf(host)) && !isUserContent(new URL(value))))) return false;
  const destination = destinations.get(value) ?? destinations.get(finding.text);
  return destination?.reason !== undefined && NOT_THE_SCAMMERS.has(destination.reason) && unwrapSafeLink(finding.text) === null;
}

/**
 * Each finding with its pick: ticked for reporting at first, or not, and why
 * when the reason is one the user must be told (forged, a brand's own, not
 * shown to the reader, a redirector, a resource, the organisation's own).
 */
export function pickFindings(findings: readonly EmailFinding[], facts: PickFacts): EmailFinding[] {
  const forged = forgedDomains(facts.auth, facts.from);
  const lookalikes = new Set(facts.warnings.flatMap((warning) => (warning.kind === 'lookalike' ? [warning.domain] : [])));
  const picked = findings.map((finding) => ({ ...finding, pick: pickOf(finding, facts, forged, lookalikes) }));
  // Each wrapper by the pick of the destination it was unwrapped to.
  const destinations = new Map(picked.flatMap((finding) => (finding.unwrappedFrom ? [[finding.unwrappedFrom, finding.pick] as const] : [])));
  return picked.map((finding) =>
    finding.pick.reason === 'wrapper' && !facts.wrapper && isScamPageAroundVictim(finding, destinations, facts.ownDomains) ? { ...finding, pick: { ticked: true } } : finding,
  );
}
