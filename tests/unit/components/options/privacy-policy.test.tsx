import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { codeSpans, policyBlocks } from '@/components/options/policy-blocks';
import { PrivacyPolicy } from '@/components/options/privacy-policy';
import { useDomWindow } from '../dom';

// About › Privacy policy: the policy shipped with the version, docs/privacy.md,
// shown as text when opened (issue 42).

const { window, mount } = useDomWindow('chrome-extension://test/options.html');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const POLICY = readFileSync('docs/privacy.md', 'utf8');

/** Opens the disclosure as a click on its summary does. */
async function open(root: HTMLElement): Promise<HTMLDetailsElement> {
  const details = root.querySelector('details')!;
  details.open = true;
  details.dispatchEvent(new window.Event('toggle') as unknown as Event);
  await settle();
  return details;
}

describe('policyBlocks', () => {
  it.each([
    [
      '# Title\n\nSome words\nmore words.',
      [
        { kind: 'heading', level: 1, text: 'Title' },
        { kind: 'paragraph', text: 'Some words more words.' },
      ],
    ],
    [
      '## Part\n\n- one\n  goes on\n- two',
      [
        { kind: 'heading', level: 2, text: 'Part' },
        { kind: 'list', items: ['one goes on', 'two'] },
      ],
    ],
    [
      'Lead:\n\n- `apiKey`: the key.\n\n\nAfter.',
      [
        { kind: 'paragraph', text: 'Lead:' },
        { kind: 'list', items: ['`apiKey`: the key.'] },
        { kind: 'paragraph', text: 'After.' },
      ],
    ],
    ['<b>not markup</b>', [{ kind: 'paragraph', text: '<b>not markup</b>' }]],
  ])('%j', (markdown, blocks) => {
    expect(policyBlocks(markdown)).toEqual(blocks);
  });

  it.each([
    [
      '`apiKey`: the key',
      [
        { text: '', code: false },
        { text: 'apiKey', code: true },
        { text: ': the key', code: false },
      ],
    ],
    ['no code', [{ text: 'no code', code: false }]],
  ])('codeSpans(%s)', (text, spans) => {
    expect(codeSpans(text)).toEqual(spans);
  });

  it('reads docs/privacy.md whole: headings, paragraphs and lists only, nothing left as Markdown syntax', () => {
    const blocks = policyBlocks(POLICY);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 1, text: 'Privacy policy' });
    const texts = blocks.flatMap((block) => (block.kind === 'list' ? block.items : [block.text]));
    expect(texts.filter((text) => /^(#|- |\d+\. |\|)|\]\(|\*\*/.test(text))).toEqual([]);
  });
});

describe('the privacy policy in About', () => {
  it('is closed at first, under "Privacy policy", and loads nothing until opened', async () => {
    let loads = 0;
    const root = mount(<PrivacyPolicy load={async () => (loads++, POLICY)} />);
    await settle();
    expect(root.querySelector('summary')?.textContent).toBe('Privacy policy');
    expect(root.querySelector('details')?.open).toBe(false);
    expect(loads).toBe(0);
  });

  it('shows the shipped policy when opened: its sections and what it keeps, as text', async () => {
    const root = mount(<PrivacyPolicy load={async () => POLICY} />);
    const details = await open(root);
    expect([...details.querySelectorAll('h3, h4')].map((heading) => heading.textContent)).toEqual(
      expect.arrayContaining(['Privacy policy', 'What it reads, and when', 'What it keeps in this browser', 'What it sends, and to whom', 'How long it is kept']),
    );
    expect([...details.querySelectorAll('li code')].map((code) => code.textContent)).toContain('apiKey');
    expect(details.textContent).toContain('no analytics');
  });

  it('says the page must be reloaded when the policy cannot be loaded (the extension was updated meanwhile)', async () => {
    const root = mount(<PrivacyPolicy load={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))} />);
    const details = await open(root);
    expect(details.querySelector('[role="alert"]')?.textContent).toContain('Reload the page');
  });

  it('loads the policy bundled with the page, docs/privacy.md', async () => {
    const root = mount(<PrivacyPolicy />);
    const details = await open(root);
    await vi.waitFor(() => expect(details.querySelector('h3')?.textContent).toBe('Privacy policy'));
  });
});
