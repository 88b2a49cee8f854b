import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { daysAndHours, type Spread } from '@/components/insights/outcomes';

const WIDTH = 560;
const HEIGHT = 56;
const PAD = 8;

/** A duration as "2 days 4 hours", in the page's language. */
function durationText(ms: number): string {
  const { days, hours } = daysAndHours(ms);
  if (days === 0) return i18n.t('insights.hours', hours, [String(hours)]);
  if (hours === 0) return i18n.t('insights.days', days, [String(days)]);
  return i18n.t('insights.days_hours', [i18n.t('insights.days', days, [String(days)]), i18n.t('insights.hours', hours, [String(hours)])]);
}

/** Time from an incident's opening to its takedown: the median, the middle half and the extremes, as a box plot. */
export function TakedownTime({ spread }: { spread: Spread | null }): JSX.Element {
  if (!spread) return <p class="hint">{i18n.t('insights.takedown_none')}</p>;
  const x = (ms: number) => PAD + ((WIDTH - 2 * PAD) * (ms - spread.min)) / Math.max(1, spread.max - spread.min);
  const mid = HEIGHT / 2;
  return (
    <figure class="chart">
      <figcaption id="insights-takedown-caption">
        {i18n.t('insights.takedown_caption', [durationText(spread.median), durationText(spread.p25), durationText(spread.p75), String(spread.count)])}
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="insights-takedown-caption" class="chart-svg">
        <line x1={x(spread.min)} x2={x(spread.max)} y1={mid} y2={mid} class="chart-whisker" />
        <line x1={x(spread.min)} x2={x(spread.min)} y1={mid - 8} y2={mid + 8} class="chart-whisker" />
        <line x1={x(spread.max)} x2={x(spread.max)} y1={mid - 8} y2={mid + 8} class="chart-whisker" />
        <rect x={x(spread.p25)} y={mid - 14} width={Math.max(2, x(spread.p75) - x(spread.p25))} height={28} class="chart-box" />
        <line x1={x(spread.median)} x2={x(spread.median)} y1={mid - 14} y2={mid + 14} class="chart-median" />
      </svg>
      <p class="hint">{i18n.t('insights.takedown_range', [durationText(spread.min), durationText(spread.max)])}</p>
    </figure>
  );
}
