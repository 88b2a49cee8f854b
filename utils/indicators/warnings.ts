import type { Indicator, IndicatorWarning } from './types';

/** A warning about the host's top-level domain: the bundled list may be older than the name. */
export function isSuffixWarning(warning: IndicatorWarning): boolean {
  return warning === 'domain_unknown_suffix' || warning === 'domain_public_suffix';
}

/**
 * True when a report of this indicator waits for the user to confirm its
 * spelling: its top-level domain is not one the bundled list knows. A lookup
 * never waits (issue 19: the service judges, the list only warns).
 */
export function needsSpellingConfirmation(indicator: Indicator): boolean {
  return indicator.warnings.some(isSuffixWarning);
}
