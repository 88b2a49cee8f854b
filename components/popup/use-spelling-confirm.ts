import { useState } from 'preact/hooks';
import type { IndicatorCheck } from '@/utils/indicators/types';
import { needsSpellingConfirmation } from '@/utils/indicators/warnings';
import { focusSoon } from '../ui/focus-soon';
import { SPELLING_CONFIRM_ID } from './spelling-confirm';

/** "Send it anyway" for a subject whose spelling is unusual, as the form shows it and asks for it. */
export interface SpellingConfirmation {
  /** The subject needs the tick. */
  needed: boolean;
  checked: boolean;
  /** A send was tried without the tick. */
  missing: boolean;
  onChange(checked: boolean): void;
  /** Whether a send may go on; if not, says the tick is missing and moves the focus to it. */
  allows(): boolean;
}

/** The tick holds for the subject it was given for: typing another subject asks again (issue 19). */
export function useSpellingConfirm(subject: string, check: IndicatorCheck | null): SpellingConfirmation {
  // The subject this "send anyway" was ticked for.
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const needed = Boolean(check?.ok && needsSpellingConfirmation(check.indicator));
  const ok = !needed || confirmed === subject;
  return {
    needed,
    checked: confirmed === subject,
    missing: missing && !ok,
    onChange(on) {
      setConfirmed(on ? subject : null);
      setMissing(false);
    },
    allows() {
      if (ok) return true;
      setMissing(true);
      focusSoon(SPELLING_CONFIRM_ID);
      return false;
    },
  };
}
