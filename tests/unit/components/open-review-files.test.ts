import { describe, expect, it } from 'vitest';
import { openReviewFiles } from '@/components/review/open-review-files';
import { reviewTitle } from '@/components/review/review-header';

// The review window's "Open emails or lists…" and drop (issue 39 moved them out
// of ReviewApp): lists go into the text, everything else is read as an email.

/** Opens the files on a window whose text holds `before`: what the text box then holds, and the names read as emails. */
async function open(before: string, files: File[]): Promise<{ text: string; emails: string[] }> {
  let text = before;
  const emails: string[] = [];
  await openReviewFiles(
    files,
    (added) => emails.push(...added.map((file) => file.name)),
    (next) => (text = next(text)),
  );
  return { text, emails };
}

const file = (name: string, content = '') => new File([content], name);

describe('opening files in the review window', () => {
  it.each<[string, string, File[], string, string[]]>([
    ['a list into an empty text', '', [file('list.txt', 'evil.example')], 'evil.example', []],
    ['a list below what the text holds', 'first.example', [file('list.txt', 'evil.example')], 'first.example\nevil.example', []],
    ['a CSV list, one indicator a line', '', [file('list.CSV', 'evil.example,+44 20 7946 0958\n')], 'evil.example\n+44 20 7946 0958', []],
    ['emails read as emails, the text untouched', 'kept', [file('a.eml'), file('b.msg')], 'kept', ['a.eml', 'b.msg']],
    ['anything else is read as an email (and refused there, with why)', '', [file('photo.png')], '', ['photo.png']],
    ['a list and an email at once', '  ', [file('a.eml'), file('list.txt', 'evil.example')], 'evil.example', ['a.eml']],
  ])('%s', async (_name, before, files, text, emails) => {
    expect(await open(before, files)).toEqual({ text, emails });
  });
});

describe('the review window’s title', () => {
  it.each<[string, boolean, boolean, string]>([
    ['a selection, even with emails', true, true, 'review.title_selection'],
    ['emails', false, true, 'review.title_email'],
    ['a pasted list', false, false, 'review.title_bulk'],
  ])('%s', (_name, selection, emailReview, title) => {
    expect(reviewTitle(selection, emailReview)).toBe(title);
  });
});
