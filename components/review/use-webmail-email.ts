import { useEffect, useRef, useState } from 'preact/hooks';
import type { readGmailConversation, readGmailOriginal } from '@/utils/webmail/read-gmail-tab';
import type { WebmailConversation, WebmailFailure, WebmailResult } from '@/utils/webmail/webmail-types';

/** Where the reading of the webmail's open email is: for the review window to say it. */
export type WebmailState =
  | { phase: 'reading' }
  | { phase: 'read'; conversation: WebmailConversation; index: number; shownOnly?: boolean }
  | { phase: 'failed'; failure: WebmailFailure; conversation?: WebmailConversation; provider?: 'outlook' };

/** The reading functions, a test's stand-ins otherwise. */
export interface WebmailReaders {
  conversation: typeof readGmailConversation;
  original: typeof readGmailOriginal;
}

// Loaded when a webmail email is read, not with the window: Gmail's or Outlook's reader, by the tab's address.
const loadReaders = () => import('@/utils/webmail/read-webmail-tab');
const WEBMAIL: WebmailReaders = {
  conversation: async (tabId) => (await loadReaders()).readWebmailConversation(tabId),
  original: async (tabId, conversation, index) => (await loadReaders()).readWebmailOriginal(tabId, conversation, index),
};

/**
 * The email open in the webmail tab the window was opened for: its
 * conversation read once, then the chosen message's original handed to
 * `onFile` as a dropped email would be. `pick` reads another message of the
 * conversation instead: `onFile` is told which file it replaces.
 */
export function useWebmailEmail(
  tabId: number | null,
  onFile: (file: File, replaced: File | null) => void,
  readers: WebmailReaders = WEBMAIL,
): { state: WebmailState | null; pick(index: number): void } {
  const [state, setState] = useState<WebmailState | null>(tabId === null ? null : { phase: 'reading' });
  const shown = useRef<File | null>(null);

  async function readMessage(conversation: WebmailConversation, index: number): Promise<void> {
    if (tabId === null) return;
    setState({ phase: 'reading' });
    // A reading that throws (its code gone after an update) still ends in a sentence, never an endless "reading".
    const original = await readers.original(tabId, conversation, index).catch(() => ({ ok: false, failure: 'refused' }) as const);
    const provider = conversation.outlook ? ('outlook' as const) : undefined;
    if (!original.ok) return setState({ phase: 'failed', failure: original.failure, conversation, provider });
    setState({ phase: 'read', conversation, index, shownOnly: original.shownOnly });
    onFile(original.value, shown.current);
    shown.current = original.value;
  }

  useEffect(() => {
    if (tabId === null) return;
    void readers
      .conversation(tabId)
      .catch((): WebmailResult<WebmailConversation> => ({ ok: false, failure: 'refused' }))
      .then((conversation) =>
        conversation.ok ? readMessage(conversation.value, conversation.value.chosen) : setState({ phase: 'failed', failure: conversation.failure, provider: conversation.provider }),
      );
  }, [tabId]);

  return {
    state,
    pick(index: number) {
      const conversation = state && state.phase !== 'reading' ? state.conversation : undefined;
      if (conversation) void readMessage(conversation, index);
    },
  };
}
