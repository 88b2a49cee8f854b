import { useEffect, useRef, useState } from 'preact/hooks';
import { readGmailConversation, readGmailOriginal } from '@/utils/webmail/read-gmail-tab';
import type { WebmailConversation, WebmailFailure } from '@/utils/webmail/webmail-types';

/** Where the reading of the webmail's open email is: for the review window to say it. */
export type WebmailState =
  { phase: 'reading' } | { phase: 'read'; conversation: WebmailConversation; index: number } | { phase: 'failed'; failure: WebmailFailure; conversation?: WebmailConversation };

/** The reading functions, a test's stand-ins otherwise. */
export interface WebmailReaders {
  conversation: typeof readGmailConversation;
  original: typeof readGmailOriginal;
}

const GMAIL: WebmailReaders = { conversation: readGmailConversation, original: readGmailOriginal };

/**
 * The email open in the webmail tab the window was opened for: its
 * conversation read once, then the chosen message's original handed to
 * `onFile` as a dropped email would be. `pick` reads another message of the
 * conversation instead: `onFile` is told which file it replaces.
 */
export function useWebmailEmail(tabId: number | null, onFile: (file: File, replaced: File | null) => void, readers: WebmailReaders = GMAIL): { state: WebmailState | null; pick(index: number): void } {
  const [state, setState] = useState<WebmailState | null>(tabId === null ? null : { phase: 'reading' });
  const shown = useRef<File | null>(null);

  async function readMessage(conversation: WebmailConversation, index: number): Promise<void> {
    if (tabId === null) return;
    setState({ phase: 'reading' });
    const original = await readers.original(tabId, conversation, index);
    if (!original.ok) return setState({ phase: 'failed', failure: original.failure, conversation });
    setState({ phase: 'read', conversation, index });
    onFile(original.value, shown.current);
    shown.current = original.value;
  }

  useEffect(() => {
    if (tabId === null) return;
    void readers
      .conversation(tabId)
      .then((conversation) => (conversation.ok ? readMessage(conversation.value, conversation.value.chosen) : setState({ phase: 'failed', failure: conversation.failure })));
  }, [tabId]);

  return {
    state,
    pick(index: number) {
      const conversation = state && state.phase !== 'reading' ? state.conversation : undefined;
      if (conversation) void readMessage(conversation, index);
    },
  };
}
