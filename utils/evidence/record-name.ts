/** The file name of the evidence record (utils/evidence/record.ts), on its own so pages that only name it load none of the record's code. */
export const EVIDENCE_RECORD_NAME = 'evidence-record.txt';
