import type { DocumentRecord, WebhookRecord } from '../types.ts';

const ALICE = { id: 'usr_01HQALICE', email: 'alice@acme.example', name: 'Alice', surname: 'Nguyen' };
const GINA = { id: 'usr_01HQGINA', email: 'gina@globex.example', name: 'Gina' };

function doc(id: string, clientId: string, docType: string, fileName: string | null, createdAt: string | null, more: Partial<DocumentRecord> = {}): DocumentRecord {
  return { id, clientId, docType, fileName, executiveId: null, uploadedBy: ALICE, createdAt, updatedAt: createdAt, deletedAt: null, ...more };
}

/** Ten documents across all four docTypes, with the nullable fields exercised. */
export function seedDocuments(): DocumentRecord[] {
  return [
    doc('doc_5Lr8Qa1', 'cl_acme', 'loa', 'acme-loa-2025.pdf', '2025-01-10T09:00:00.000Z', { deletedAt: '2025-08-02T10:00:00.000Z' }),
    doc('doc_5Lr8Qa2', 'cl_acme', 'loa', 'acme-loa-2025-renewed.pdf', '2025-08-02T09:59:12.345Z'),
    doc('0c9d7e4a-61b2-4f0e-8a3c-5d2e9f1b7a60', 'cl_acme', 'trademark_registration', 'ACME word mark EUIPO.pdf', '2025-02-14T15:30:00.000Z', { updatedAt: '2025-06-01T08:00:00.000Z' }),
    doc('88231', 'cl_acme', 'exec_loa', 'loa-ceo-jane-doe.pdf', '2025-04-22T11:11:11.111Z', { executiveId: 'exec_ceo_001' }),
    doc('doc_Bk2', 'cl_acme', 'exec_loa', 'loa-cfo-raj-patel.pdf', '2025-05-03T07:45:00.000Z', { executiveId: 'exec_cfo_002' }),
    doc('doc_9xTb', 'cl_acme_bank', 'file', 'evidence-bundle.zip', '2025-07-19T13:00:00.000Z', { uploadedBy: null }),
    doc('doc_9xTc', 'cl_acme_bank', 'loa', 'acme-bank-loa.pdf', '2025-03-30T16:20:00.000Z', { uploadedBy: { email: 'bob@acmebank.example' } }),
    doc('doc_TRV1', 'cl_acme_travel', 'file', 'brand-guidelines.pdf', '2025-09-09T09:09:09.009Z', { hideClient: true }),
    doc('doc_GX01', 'cl_globex', 'loa', 'globex-loa.pdf', '2025-02-01T12:00:00.000Z', { uploadedBy: GINA }),
    doc('doc_GX02', 'cl_globex', 'trademark_registration', 'GLOBEX-USPTO-123456.pdf', '2025-02-02T12:00:00.000Z', { uploadedBy: GINA }),
    doc('doc_GX03', 'cl_globex', 'file', null, null, { uploadedBy: null }),
  ];
}

/**
 * One seeded subscription. It is inactive because its host cannot be reached
 * from the sandbox; activate it or create your own to receive deliveries.
 */
export function seedWebhooks(): WebhookRecord[] {
  return [
    {
      id: 'wh_01JACME0001',
      clientId: 'cl_acme',
      url: 'https://hooks.acme.example/takedown-events',
      secret: 'whsec_seeded_acme_not_a_real_secret',
      events: ['incident.created', 'incident.status_changed'],
      active: false,
      description: 'Acme SOC queue',
      createdAt: '2025-05-05T05:05:05.005Z',
      updatedAt: '2025-05-05T05:05:05.005Z',
    },
  ];
}
