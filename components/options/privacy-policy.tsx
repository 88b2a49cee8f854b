import type { JSX, TargetedToggleEvent } from 'preact';
import { useState } from 'preact/hooks';
import { i18n } from '#i18n';
import { CodeNotLoaded } from '../ui/lazy';
import { codeSpans, policyBlocks, type PolicyBlock } from './policy-blocks';

/** The policy's text, loaded when first opened: it is not part of the page's first paint. */
const loadPolicy = async (): Promise<string> => (await import('../../docs/privacy.md?raw')).default;

/** A piece of text with its `code` spans shown as code. */
function Spans({ text }: { text: string }): JSX.Element {
  return <>{codeSpans(text).map((span, index) => (span.code ? <code key={index}>{span.text}</code> : span.text))}</>;
}

/** One block of the policy, as text: nothing in it is read as HTML. */
function Block({ block }: { block: PolicyBlock }): JSX.Element {
  if (block.kind === 'heading') return block.level === 1 ? <h3>{block.text}</h3> : <h4>{block.text}</h4>;
  if (block.kind === 'list')
    return (
      <ul>
        {block.items.map((item, index) => (
          <li key={index}>
            <Spans text={item} />
          </li>
        ))}
      </ul>
    );
  return (
    <p>
      <Spans text={block.text} />
    </p>
  );
}

/**
 * The privacy policy shipped with this version (docs/privacy.md, the page
 * the stores link to): what the extension reads, keeps and sends, readable
 * offline and always the one of the code it describes (issue 42).
 */
export function PrivacyPolicy({ load = loadPolicy }: { load?: () => Promise<string> }): JSX.Element {
  const [blocks, setBlocks] = useState<PolicyBlock[] | 'failed' | null>(null);
  const onToggle = (event: TargetedToggleEvent<HTMLDetailsElement>) => {
    // A file gone since the page opened (the extension was updated) is said, with a reload, as for any lazy part.
    if (event.currentTarget.open && blocks === null)
      void load().then(
        (text) => setBlocks(policyBlocks(text)),
        () => setBlocks('failed'),
      );
  };
  return (
    <details class="privacy-policy" onToggle={onToggle}>
      <summary>{i18n.t('about.privacy')}</summary>
      <p class="hint">{i18n.t('about.privacy_language')}</p>
      {blocks === 'failed' ? <CodeNotLoaded /> : blocks?.map((block, index) => <Block key={index} block={block} />)}
    </details>
  );
}
