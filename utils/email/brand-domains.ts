import { isFreeMail } from './free-mail';

// The own domains of the brands phishing impersonates most. An address or a
// bare domain there, in a phishing email, is the victim's, put there to look
// genuine (a forged From, a footer's "microsoft.com"): a takedown aimed at it
// hits the brand, never the scammer. A short list of the most impersonated,
// not a directory: the brands the public brand-phishing reports rank highest
// (Check Point's quarterly Brand Phishing Report, APWG's Phishing Activity
// Trends), the banks, couriers and exchanges real phishing names, and the
// big platforms. No npm package ships such a list without a crawler beside
// it (top-sites pulls cheerio and got into the extension).
//
// Free-mail services are left out: an address there is the sender's own
// mailbox, the scammer's to lose.

const BRAND_DOMAINS = new Set(
  [
    // Platforms and software
    'microsoft.com office.com office365.com microsoftonline.com live.com outlook.com windows.com xbox.com skype.com sharepoint.com onedrive.com',
    'apple.com icloud.com google.com youtube.com gmail.com android.com yahoo.com aol.com adobe.com dropbox.com docusign.com docusign.net zoom.us',
    'linkedin.com facebook.com facebookmail.com instagram.com whatsapp.com meta.com messenger.com x.com twitter.com tiktok.com telegram.org discord.com',
    'netflix.com spotify.com disneyplus.com hbomax.com primevideo.com roblox.com steampowered.com steamcommunity.com epicgames.com playstation.com',
    'norton.com mcafee.com avast.com intuit.com quickbooks.com wetransfer.com godaddy.com zendesk.com salesforce.com',
    // Shopping and travel
    'amazon.com amazon.co.uk amazon.de amazon.fr amazon.it amazon.es amazon.ca amazon.co.jp amazon.com.br amazon.in ebay.com walmart.com',
    'alibaba.com aliexpress.com costco.com target.com bestbuy.com booking.com airbnb.com expedia.com mercadolivre.com.br mercadolibre.com mercadopago.com',
    // Payments and crypto
    'paypal.com stripe.com americanexpress.com mastercard.com visa.com binance.com coinbase.com kraken.com crypto.com blockchain.com',
    'metamask.io ledger.com trezor.io',
    // Banks
    'chase.com bankofamerica.com wellsfargo.com citi.com citibank.com usbank.com capitalone.com hsbc.com hsbc.co.uk barclays.co.uk lloydsbank.com',
    'natwest.com santander.com santander.co.uk santander.com.br ing.com bbva.com caixabank.es deutsche-bank.de commbank.com.au',
    'bradesco.com.br itau.com.br caixa.gov.br bb.com.br nubank.com.br inter.co sicredi.com.br',
    // Couriers and post
    'dhl.com dhl.de fedex.com ups.com usps.com royalmail.com dpd.com correos.es correios.com.br postnl.nl laposte.fr auspost.com.au',
    // Telecoms
    'att.com att.net verizon.com t-mobile.com vodafone.com orange.fr',
  ].flatMap((line) => line.split(' ')),
);

/** True when the registrable domain is a well-known brand's own (free-mail services excepted). */
export function isBrandDomain(registrable: string): boolean {
  return BRAND_DOMAINS.has(registrable) && !isFreeMail(registrable);
}
