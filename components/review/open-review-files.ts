import type { HTMLAttributes } from 'preact';
import { listFileText } from '@/utils/drafts/bulk';
import { isListFile } from './review-files';

/** Files opened or dropped: lists go into the text, everything else is read as an email. */
export async function openReviewFiles(files: readonly File[], addEmails: (files: readonly File[]) => void, setText: (next: (previous: string) => string) => void): Promise<void> {
  const lists = files.filter(isListFile);
  const others = files.filter((file) => !isListFile(file));
  if (others.length > 0) addEmails(others);
  for (const file of lists) {
    const content = listFileText(file.name, await file.text());
    setText((previous) => (previous.trim() ? `${previous}\n${content}` : content));
  }
}

/** The window's drop target: dropped files are opened (until reporting starts), never shown by the browser in place of the window. */
export function dropTarget(started: boolean, open: (files: File[]) => void): Required<Pick<HTMLAttributes<HTMLElement>, 'onDragOver' | 'onDrop'>> {
  return {
    onDragOver: (event) => {
      if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
    },
    onDrop: (event) => {
      const files = [...(event.dataTransfer?.files ?? [])];
      if (files.length === 0) return;
      event.preventDefault();
      if (!started) open(files);
    },
  };
}

/** What "Open emails or lists…" and a drop hand their files to, straight to the emails and the text. */
export function reviewFileOpener(addEmails: (files: readonly File[]) => void, setText: (next: (previous: string) => string) => void): (files: File[]) => void {
  return (files) => void openReviewFiles(files, addEmails, setText);
}
