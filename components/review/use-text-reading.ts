import { useMemo, useState } from 'preact/hooks';
import type { FoundIndicator, NotRecognised } from '@/utils/indicators/find';
import type { IndicatorCheck } from '@/utils/indicators/types';
import type { Settings } from '@/utils/settings/settings';

type Indicators = typeof import('@/utils/indicators/find');

/** What the review window reads in its text, and what the user added from the "Not recognised" list. */
export interface TextReading {
  /** The text's indicators, the same array until the text or the settings change. */
  found: readonly FoundIndicator[];
  /** What looks like an indicator but is not in the rows, less what the user added. */
  notRecognised: readonly NotRecognised[];
  /** True while the text holds anything not recognised, added or not: the list stays, saying what was added. */
  hadNotRecognised: boolean;
  /** What the user added, as indicators (the same array until they add another). */
  added: readonly FoundIndicator[];
  add(from: string, found: FoundIndicator): void;
  check(text: string): IndicatorCheck;
}

const NONE: readonly never[] = [];

/**
 * The review window's text read once by the one finder (utils/indicators/find.ts):
 * its rows, and what it holds that is not recognised, which the user may add
 * (issue 44).
 */
export function useTextReading(indicators: Indicators | null, settings: Settings | null, text: string): TextReading {
  const [added, setAdded] = useState<{ from: string; found: FoundIndicator }[]>([]);
  const options = settings?.phoneCountry ? { defaultCountry: settings.phoneCountry } : {};
  const read = useMemo(() => (indicators && settings ? indicators.readIndicators(text, options) : null), [text, indicators, settings]);
  const addedFound = useMemo(() => added.map((item) => item.found), [added]);
  return {
    found: read?.found ?? NONE,
    notRecognised: (read?.notRecognised ?? NONE).filter((item) => !added.some(({ from }) => from === item.text)),
    hadNotRecognised: (read?.notRecognised.length ?? 0) > 0,
    added: addedFound,
    add: (from, found) => setAdded((previous) => [...previous, { from, found }]),
    check: (value) => (indicators ? indicators.checkIndicator(value, options) : { ok: false, type: null, problem: 'unrecognised' }),
  };
}
