import type { JSX } from 'preact';
import { i18n } from '#i18n';
import { labelledWeeks, OUTCOMES, type Outcome, type WeekOutcomes } from '@/components/insights/outcomes';
import { messageLocale } from '@/utils/i18n/locale';

const WIDTH = 560;
const HEIGHT = 180;
const AXIS = 24;
const GAP = 6;

/** The colour of each outcome, from the theme (base.css). */
const OUTCOME_COLOURS: Record<Outcome, string> = {
  taken_down: 'var(--ok)',
  in_progress: 'var(--accent)',
  closed: 'var(--muted)',
  not_received: 'var(--error)',
};

/** Words for an outcome. */
const outcomeLabel = (outcome: Outcome): string => i18n.t(`insights.outcome.${outcome}`);

const weekLabel = new Intl.DateTimeFormat(messageLocale(), { month: 'short', day: 'numeric' });

/** The chart's numbers as a table, for screen readers: a row per week, a column per outcome. */
function OutcomeTable({ weeks }: { weeks: readonly WeekOutcomes[] }): JSX.Element {
  return (
    <table class="visually-hidden">
      <caption>{i18n.t('insights.outcomes_table')}</caption>
      <thead>
        <tr>
          <th scope="col">{i18n.t('insights.week_of')}</th>
          {OUTCOMES.map((outcome) => (
            <th scope="col" key={outcome}>
              {outcomeLabel(outcome)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.start}>
            <th scope="row">{weekLabel.format(week.start)}</th>
            {OUTCOMES.map((outcome) => (
              <td key={outcome}>{week.counts[outcome]}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Reports per week, stacked by what became of them; the numbers are also in a table for screen readers. */
export function OutcomeChart({ weeks }: { weeks: readonly WeekOutcomes[] }): JSX.Element {
  const totals = weeks.map((week) => OUTCOMES.reduce((sum, outcome) => sum + week.counts[outcome], 0));
  const labelled = labelledWeeks(totals);
  const top = Math.max(1, ...totals);
  const column = (WIDTH - GAP) / weeks.length;
  const scale = (HEIGHT - AXIS) / top;
  return (
    <figure class="chart">
      <figcaption id="insights-outcomes-caption">{i18n.t('insights.outcomes_caption', [String(totals.reduce((a, b) => a + b, 0))])}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby="insights-outcomes-caption" class="chart-svg">
        {weeks.map((week, index) => {
          let y = HEIGHT - AXIS;
          return (
            <g key={week.start}>
              {OUTCOMES.map((outcome) => {
                const height = week.counts[outcome] * scale;
                y -= height;
                return height > 0 ? <rect key={outcome} x={index * column + GAP} y={y} width={column - GAP} height={height} fill={OUTCOME_COLOURS[outcome]} /> : null;
              })}
              {labelled[index] && (
                <text x={index * column + GAP + (column - GAP) / 2} y={HEIGHT - 6} text-anchor="middle" class="chart-axis">
                  {weekLabel.format(week.start)}
                </text>
              )}
            </g>
          );
        })}
        <line x1={GAP} x2={WIDTH} y1={HEIGHT - AXIS} y2={HEIGHT - AXIS} class="chart-baseline" />
      </svg>
      <ul class="chart-legend">
        {OUTCOMES.map((outcome) => (
          <li key={outcome}>
            <span class="chart-swatch" style={{ background: OUTCOME_COLOURS[outcome] }} aria-hidden="true" />
            {outcomeLabel(outcome)}
          </li>
        ))}
      </ul>
      <OutcomeTable weeks={weeks} />
    </figure>
  );
}
