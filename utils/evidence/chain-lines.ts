import { i18n } from '#i18n';
import { hopRoles, type HopRole } from '../indicators/hop-roles';
import type { ChainEvidence, ChainHop, NavigationChain } from '../storage/navigation-types';
import { oneLine } from './one-line';

// The evidence record's account of how the browser reached the reported page
// (issue 41): every address in order, with its role, how it sent the browser
// on and when; or why the way is not known.

/** A hop's role in the record's words. */
function roleWords(role: HopRole): string {
  return i18n.t(`navigation.role.${role}`);
}

/** How a way began, with the page its link or form was on when known. */
function startLine(chain: NavigationChain): string {
  const { start, from } = chain;
  if (from && start === 'link') return i18n.t('evidence.way_start.link_from', [oneLine(from)]);
  if (from && start === 'form') return i18n.t('evidence.way_start.form_from', [oneLine(from)]);
  return i18n.t(`evidence.way_start.${start}`);
}

/** How a hop sent the browser on (or that it was reached, for the page). */
function howWords(hop: ChainHop): string {
  if (hop.left === 'server_redirect') return i18n.t('evidence.way_left_server');
  return hop.left === 'client_redirect' ? i18n.t('evidence.way_left_client') : i18n.t('evidence.way_reached');
}

/** Each hop as two lines: its number and address, then its role, how it sent the browser on, and when (UTC). */
function hopLines(chain: NavigationChain): string[] {
  const roles = hopRoles(chain.hops);
  return chain.hops.flatMap((hop, index) => [
    ...(index === 1 && chain.skipped ? [`  ${i18n.t('evidence.way_skipped', [String(chain.skipped)])}`] : []),
    `  ${index + 1}. ${oneLine(hop.url)}`,
    `     ${roleWords(roles[index]!)} · ${howWords(hop)} · ${new Date(hop.at).toISOString()}`,
  ]);
}

/** The record's lines on the way to the page; none when the report says nothing of it (a link, a selection, an email). */
export function chainLines(navigation: ChainEvidence | undefined): string[] {
  if (!navigation) return [];
  if (navigation.state === 'off') return [i18n.t('evidence.way_off'), ''];
  if (navigation.state === 'unseen') return [i18n.t('evidence.way_unseen'), ''];
  const { chain } = navigation;
  const serverNote = chain.hops.some((hop) => hop.left === 'server_redirect') ? [`  ${i18n.t('evidence.way_server_note')}`] : [];
  return [i18n.t('evidence.way_title'), `  ${startLine(chain)}`, ...hopLines(chain), ...serverNote, ''];
}
