import { parentPort } from 'node:worker_threads';
import { analyseEmail } from '../../utils/email/analyse-email';
import { readEmail } from '../../utils/email/email-reader';
import type { EmailAnalysisOptions } from '../../utils/email/email-types';
import { indicatorHost, registrableDomain } from '../../utils/indicators/registrable';

// The reader as the review window's worker runs it (read, then analyse),
// bundled by run.ts for a worker thread of its own per email, so that a
// reading that never ends can be stopped. It answers what run.ts compares
// with an independent reading: no verdict here.

/** One email read: what the review window would show of it, reduced to what the corpus run counts. */
export interface CorpusReading {
  ms: number;
  ok: boolean;
  failure?: string;
  from: string | null;
  replyTo: string[];
  /** Registrable domains of every URL, domain and address the findings name (wrappers and destinations alike). */
  domains: string[];
  /** Findings ticked for reporting at first, with where they were found. */
  ticked: { type: string; value: string; where: string[] }[];
  findings: number;
  unfinished?: boolean;
  /** Every finding's default pick and its reason, when the analysis gives one. */
  reasons: Record<string, number>;
  relay?: string;
}

const options: EmailAnalysisOptions = { ownDomains: [], defaultCountry: 'US' };

async function read(bytes: Uint8Array, name: string): Promise<CorpusReading> {
  const start = performance.now();
  const result = await readEmail(bytes, name);
  if (!result.ok) return { ms: performance.now() - start, ok: false, failure: result.failure, from: null, replyTo: [], domains: [], ticked: [], findings: 0, reasons: {} };
  const analysis = analyseEmail(result.message, options);
  const ms = performance.now() - start;
  const domains = new Set<string>();
  const reasons: Record<string, number> = {};
  const ticked: CorpusReading['ticked'] = [];
  for (const finding of analysis.findings) {
    if (finding.check.ok) {
      const host = indicatorHost(finding.check.indicator);
      if (host) domains.add(registrableDomain(host));
    }
    const pick = (finding as { pick?: { ticked: boolean; reason?: string } }).pick;
    if (pick) {
      const key = pick.ticked ? 'ticked' : (pick.reason ?? 'unticked');
      reasons[key] = (reasons[key] ?? 0) + 1;
      if (pick.ticked && finding.check.ok) ticked.push({ type: finding.check.indicator.type, value: finding.check.indicator.value, where: finding.where });
    }
  }
  const relay = (analysis.received as { originatingRelay?: { provider: string } }).originatingRelay?.provider;
  return {
    ms,
    ok: true,
    from: result.message.from?.address ?? null,
    replyTo: result.message.replyTo.map((mailbox) => mailbox.address),
    domains: [...domains],
    ticked,
    findings: analysis.findings.length,
    reasons,
    ...(relay ? { relay } : {}),
  };
}

parentPort?.on('message', (job: { bytes: Uint8Array; name: string }) => {
  void read(job.bytes, job.name)
    .catch((error: unknown) => ({ ms: 0, ok: false, failure: `threw: ${String(error)}`, from: null, replyTo: [], domains: [], ticked: [], findings: 0, reasons: {} }))
    .then((reading) => parentPort?.postMessage(reading));
});
