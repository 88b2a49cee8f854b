import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_FILE, uiFingerprint } from '../../support/ui-fingerprint';

describe('the README’s screenshots', () => {
  it('were taken from the UI as it is now (else: npm run screenshots)', () => {
    expect(existsSync(FINGERPRINT_FILE), `${FINGERPRINT_FILE} is missing: run npm run screenshots`).toBe(true);
    const recorded = readFileSync(FINGERPRINT_FILE, 'utf8').trim();
    expect(recorded, 'The UI changed since the screenshots were taken: run npm run screenshots and commit docs/screenshots').toBe(uiFingerprint());
  });
});

describe('uiFingerprint', () => {
  it('changes with any UI file, its bytes or its name, and not with other files', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, renameSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const root = mkdtempSync(path.join(tmpdir(), 'ui-'));
    for (const dir of ['components/popup', 'entrypoints/popup', 'utils/i18n/locales', 'public/icon', 'utils/api']) mkdirSync(path.join(root, dir), { recursive: true });
    writeFileSync(path.join(root, 'components/popup/form.tsx'), 'export const a = 1;');
    writeFileSync(path.join(root, 'utils/i18n/locales/en.yml'), 'a: A');
    const first = uiFingerprint(root);
    writeFileSync(path.join(root, 'utils/api/client.ts'), 'not the UI');
    writeFileSync(path.join(root, 'components/popup/notes.md'), 'not the UI either');
    expect(uiFingerprint(root)).toBe(first);
    writeFileSync(path.join(root, 'utils/i18n/locales/en.yml'), 'a: B');
    const second = uiFingerprint(root);
    expect(second).not.toBe(first);
    renameSync(path.join(root, 'components/popup/form.tsx'), path.join(root, 'components/popup/form2.tsx'));
    expect(uiFingerprint(root)).not.toBe(second);
    expect(uiFingerprint(root)).toMatch(/^[0-9a-f]{64}$/);
  });
});
