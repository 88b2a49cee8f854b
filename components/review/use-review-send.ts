import { useEffect, useState } from 'preact/hooks';
import type { Settings } from '@/utils/settings/settings';
import { sendTickedRows, type TickedRowsSend } from './send-ticked-rows';

/** The review's send: the comment and client every report goes with, and whether the ticked rows are being sent. */
export interface ReviewSend {
  comment: string;
  setComment(comment: string): void;
  clientId: string;
  setClientId(clientId: string): void;
  running: boolean;
  /** "Report n": sends the ticked rows. */
  reportAll(): Promise<void>;
}

/** The comment and client (the settings' default client until the user picks one), and the send of the ticked rows with them. */
export function useReviewSend(settings: Settings | null, review: Omit<TickedRowsSend, 'settings' | 'comment' | 'clientId'>): ReviewSend {
  const [comment, setComment] = useState('');
  const [clientId, setClientId] = useState('');
  const [running, setRunning] = useState(false);
  useEffect(() => {
    if (settings) setClientId(settings.defaultClientId);
  }, [settings]);
  async function reportAll(): Promise<void> {
    if (!settings) return;
    setRunning(true);
    await sendTickedRows({ ...review, settings, comment, clientId });
    setRunning(false);
  }
  return { comment, setComment, clientId, setClientId, running, reportAll };
}
