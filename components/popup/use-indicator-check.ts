import { useEffect, useState } from 'preact/hooks';
import type { IndicatorCheck } from '@/utils/indicators/types';

type Indicators = typeof import('@/utils/indicators/check');

/** The indicator check (public-suffix list, phone metadata) loads after the popup first paints. */
function loadIndicators(): Promise<Indicators> {
  return import('@/utils/indicators/check');
}

/** The subject checked as an indicator, in the settings' phone country; null while the check's code loads. */
export function useIndicatorCheck(subject: string, phoneCountry: string): IndicatorCheck | null {
  const [indicators, setIndicators] = useState<Indicators | null>(null);
  useEffect(() => {
    void loadIndicators().then(setIndicators);
  }, []);
  return indicators ? indicators.checkIndicator(subject, phoneCountry ? { defaultCountry: phoneCountry } : {}) : null;
}
