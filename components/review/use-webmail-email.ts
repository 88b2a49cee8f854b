import { useEffect, useRef, useState } from 'preact/hooks';
import type { readGmailConversation, readGmailOriginal } from '@/utils/webmail/read-gmail-tab';
import type { WebmailConversation, WebmailFailure } from '@/utils/webmail/webmail-types';

/** Where the reading of the webmail's open email is: for the review window to say it. */
export type WebmailState =
  { phase: 'reading' } | { phase: 'read'; conversation: WebmailConversation; index: number } | { phase: 'failed'; failure: WebmailFailure; conversation?: WebmailConversation };

/** The reading functions, a test's stand-ins otherwise. */
export interface WebmailReaders {
  conversation: typeof readGmailConversation;
  original: typeof readGmailOriginal;
}

// Loaded when a webmail email is read, not with the window: "Show original" is read with htmlparser2.
const loadGmail = () => import('@/utils/webmail/read-gmail-tab');
const GMAIL: WebmailReaders = {
  conversation: async (tabId) => (await loadGmail()).readGmailConversation(tabId),
  original: async (tabId, conversation, index) => (await loadGmail()).readGmailOriginal(tabId, conversation, index),
};

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
    // A reading that throws (its code gone after an update) still ends in a sentence, never an endless "reading".
    const original = await readers.original(tabId, conversation, index).catch(() => ({ ok: false, failure: 'refused' }) as const);
    if (!original.ok) return setState({ phase: 'failed', failure: original.failure, conversation });
    setState({ phase: 'read', conversation, index });
    onFile(original.value, shown.current);
    shown.current = original.value;
  }

  useEffect(() => {
    if (tabId === null) return;
    void readers
      .conversation(tabId)
      .catch(() => ({ ok: false, failure: 'refused' }) as const)
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
