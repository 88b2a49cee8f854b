import { formatValue, type Verdict } from './budgets.ts';

// The chart in docs/performance.md: one row per budgeted figure, the figure's
// median as a bar (green when its budget holds, red when not) with its
// min–max as a whisker, the limit measured in the same run as a grey bar
// beneath, and what the budget allows as a dashed line. Each row has its own
// scale (sizes and milliseconds do not share an axis). Hand-written SVG.

const WIDTH = 760;
const LABEL_WIDTH = 250;
const BAR_WIDTH = 360;
const ROW_HEIGHT = 38;
const TOP = 30;

/** Escapes text for an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function round(value: number): string {
  return String(Math.round(value * 10) / 10);
}

function row(verdict: Verdict, index: number): string {
  const y = TOP + index * ROW_HEIGHT;
  const top = Math.max(verdict.value.max, verdict.limit?.max ?? 0, verdict.allowed ?? 0) * 1.1 || 1;
  const x = (value: number) => LABEL_WIDTH + (Math.max(0, value) / top) * BAR_WIDTH;
  const parts = [
    `<text x="${LABEL_WIDTH - 8}" y="${y + 15}" text-anchor="end">${escapeXml(`${verdict.group.split('.')[0]}. ${verdict.label}`)}</text>`,
    `<rect x="${LABEL_WIDTH}" y="${y + 4}" width="${round(x(verdict.value.median) - LABEL_WIDTH)}" height="12" class="${verdict.holds ? 'holds' : 'fails'}"><title>${escapeXml(formatValue(verdict.value.median, verdict.unit))}</title></rect>`,
  ];
  if (verdict.value.runs > 1) {
    parts.push(`<line x1="${round(x(verdict.value.min))}" x2="${round(x(verdict.value.max))}" y1="${y + 10}" y2="${y + 10}" class="whisker"/>`);
  }
  if (verdict.limit) {
    parts.push(
      `<rect x="${LABEL_WIDTH}" y="${y + 18}" width="${round(x(verdict.limit.median) - LABEL_WIDTH)}" height="8" class="limit"><title>limit ${escapeXml(formatValue(verdict.limit.median, verdict.unit))}</title></rect>`,
    );
  }
  if (verdict.allowed !== null) {
    parts.push(`<line x1="${round(x(verdict.allowed))}" x2="${round(x(verdict.allowed))}" y1="${y}" y2="${y + 30}" class="allowed"/>`);
  }
  const words = `${formatValue(verdict.value.median, verdict.unit)}${verdict.allowed === null ? '' : ` / ${formatValue(verdict.allowed, verdict.unit)}`}`;
  parts.push(`<text x="${LABEL_WIDTH + BAR_WIDTH + 10}" y="${y + 15}" class="${verdict.holds ? '' : 'fails-text'}">${escapeXml(words)}</text>`);
  return `<g>${parts.join('')}</g>`;
}

/** The SVG chart of every figure that has a budget, against what its budget allows. */
export function renderChart(verdicts: readonly Verdict[], caption: string): string {
  const shown = verdicts.filter((verdict) => verdict.allowed !== null);
  const height = TOP + shown.length * ROW_HEIGHT + 30;
  const legendY = height - 12;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    '<style>.holds{fill:#2e7d32}.fails{fill:#c62828}.limit{fill:#9e9e9e}.whisker{stroke:#212121;stroke-width:1.5}.allowed{stroke:#c62828;stroke-dasharray:3 2;stroke-width:1.5}.fails-text{fill:#c62828;font-weight:bold}</style>',
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="10" y="18" font-weight="bold">${escapeXml(caption)}</text>`,
    ...shown.map(row),
    `<g transform="translate(10 ${legendY})"><rect width="12" height="8" class="holds"/><text x="16" y="8">median (budget holds)</text><rect x="150" width="12" height="8" class="fails"/><text x="166" y="8">median (fails)</text><line x1="270" x2="290" y1="4" y2="4" class="whisker"/><text x="294" y="8">min–max</text><rect x="360" width="12" height="8" class="limit"/><text x="376" y="8">limit, same run</text><line x1="480" x2="480" y1="-2" y2="10" class="allowed"/><text x="486" y="8">budget allows (median / allowed on the right)</text></g>`,
    '</svg>',
    '',
  ].join('\n');
}
