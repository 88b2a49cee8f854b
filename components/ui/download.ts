/**
 * How long a saved file's blob URL lives. The browser reads it after the
 * click returns: revoked at once, Firefox fails the download and a busy
 * Chromium saves an empty file (seen in the e2e tests; FileSaver.js waits 40 s).
 */
const REVOKE_AFTER_MS = 60_000;

/** Saves text as a file through the browser's download (a link clicked in the page). */
export function downloadText(fileName: string, text: string, type: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([text], { type }));
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), REVOKE_AFTER_MS);
}
