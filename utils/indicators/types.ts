/** The kinds of threat the service takes (spec: report endpoints). */
export type IndicatorType = 'url' | 'domain' | 'email' | 'phone' | 'ipv4';

/** Reported anyway, but worth a second look. */
export type IndicatorWarning =
  | 'ipv4_private'
  | 'ipv4_loopback'
  | 'ipv4_link_local'
  | 'ipv4_shared'
  | 'ipv4_documentation'
  | 'ipv4_multicast'
  | 'ipv4_reserved'
  /** Not under a top-level domain the bundled public-suffix list knows: check the spelling. */
  | 'domain_unknown_suffix'
  /** A public suffix itself (co.uk): shared by many sites, not one. */
  | 'domain_public_suffix';

/** Why an input cannot be reported as it is. */
export type IndicatorProblem = 'empty' | 'unrecognised' | 'url_scheme' | 'url_invalid' | 'domain_invalid' | 'email_invalid' | 'phone_invalid' | 'phone_needs_country' | 'ipv4_invalid';

/** A checked indicator, normalised as it will be sent. */
export interface Indicator {
  type: IndicatorType;
  /** Refanged and normalised: a URL's href, a lower-case domain or email domain, an E.164 phone, a dotted quad. */
  value: string;
  /** The value with an internationalised host in Unicode, when it has one (the value stays punycode). */
  display?: string;
  warnings: IndicatorWarning[];
}

export type IndicatorCheck =
  | { ok: true; indicator: Indicator }
  /** `type` is what the input looked like, when that could be told. */
  | { ok: false; type: IndicatorType | null; problem: IndicatorProblem };

/** Options that change how an input is read. */
export interface IndicatorOptions {
  /** ISO 3166 country for phone numbers written without +: "NL", "US". */
  defaultCountry?: string;
}
