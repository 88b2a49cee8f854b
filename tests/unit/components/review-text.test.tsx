import { describe, expect, it } from 'vitest';
import { ReviewText, isTextShown } from '@/components/review/review-text';
import { useDomWindow } from './dom';

// The review window's "Text to search" box (issue 44): folded in an email's
// review while empty, open for a selection or a list; folding loses nothing.

const { mount } = useDomWindow('chrome-extension://test/review.html');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the text box', () => {
  it.each<[string, boolean, string, boolean | null, boolean]>([
    ['a pasted list’s review, empty', false, '', null, true],
    ['a selection’s review', false, 'Call +44 20 7946 0958', null, true],
    ['an email’s review, empty', true, '', null, false],
    ['an email’s review with a list opened beside it', true, 'hxxps://list-one[.]example/a', null, true],
    ['an email’s review the user opened', true, '', true, true],
    ['an email’s review the user folded, text in it', true, 'evil.example', false, false],
    ['a list’s review is never folded', false, 'evil.example', false, true],
  ])('%s', (_name, emailReview, text, opened, shown) => {
    expect(isTextShown({ emailReview, text, opened })).toBe(shown);
  });

  it('folded in an email’s review, opens and folds again at its button, keeping what it holds', async () => {
    const root = mount(<ReviewText text="evil.example" emailReview disabled={false} onText={() => {}} />);
    const toggle = root.querySelector<HTMLButtonElement>('#review-text-toggle')!;
    const field = root.querySelector<HTMLElement>('#review-text-field')!;
    const seen = () => [toggle.textContent, toggle.getAttribute('aria-expanded'), field.hidden, root.querySelector('textarea')!.value];
    // Held text opens it; the user folds it, then opens it again.
    expect(seen()).toEqual(['▾ Search more text for indicators…', 'true', false, 'evil.example']);
    toggle.click();
    await settle();
    expect(seen()).toEqual(['▸ Search more text for indicators…', 'false', true, 'evil.example']);
    toggle.click();
    await settle();
    expect(seen()).toEqual(['▾ Search more text for indicators…', 'true', false, 'evil.example']);
    expect(toggle.getAttribute('aria-controls')).toBe(field.id);
  });

  it('empty in an email’s review, is folded', () => {
    const root = mount(<ReviewText text="" emailReview disabled={false} onText={() => {}} />);
    expect([root.querySelector('#review-text-toggle')!.getAttribute('aria-expanded'), root.querySelector<HTMLElement>('#review-text-field')!.hidden]).toEqual(['false', true]);
  });

  it('outside an email’s review has no button to fold it', () => {
    const root = mount(<ReviewText text="" emailReview={false} disabled={false} onText={() => {}} />);
    expect([root.querySelector('#review-text-toggle'), root.querySelector<HTMLElement>('#review-text-field')!.hidden]).toEqual([null, false]);
  });
});
