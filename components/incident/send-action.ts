import type { DetailedIncident } from '@/utils/api/schemas/incident';
import { getBackgroundService } from '@/utils/messaging/background-service';
import type { Problem } from '@/utils/problems/kinds';
import { createPageDraft, userFiles } from '@/utils/drafts/page-drafts';
import type { ActionKind } from './action-plan';

/** Sends one action (attach goes as a follow-up draft with the files) and answers with its problem, if any. */
export async function sendAction(incident: DetailedIncident, kind: ActionKind, comment: string, files: File[]): Promise<Problem | null> {
  const background = getBackgroundService();
  const result = await (async () => {
    // What the action is about, kept with it as an action on the incident (My reports' Actions on incidents).
    const about = { subject: incident.subject ?? incident.url ?? incident.domain ?? null, clientId: incident.clientId ?? null, status: incident.status ?? null };
    if (kind !== 'attach') return background.incidents.act(incident.id, kind === 'comment' ? { kind, comment: comment.trim() } : { kind }, about);
    const draft = await createPageDraft({
      action: 'tkd',
      subject: { type: 'url', value: incident.subject ?? incident.url ?? incident.id },
      fields: {},
      files: userFiles(files),
      origin: 'popup',
    });
    return background.reports.followUp(incident.id, draft.id, { kind: 'attach' });
  })().catch(() => ({ ok: false as const, problem: { kind: 'background_unreachable' } as Problem }));
  return result.ok ? null : result.problem;
}
