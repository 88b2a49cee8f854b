import type { JSX } from 'preact';
import { i18n } from '#i18n';
import type { ClientIncidents } from '@/components/insights/outcomes';

const WIDTH = 560;
const ROW = 26;
const LABEL = 180;

/** Open and closed incidents of each client, as bars; the numbers are written beside them. */
export function ClientChart({ clients, nameOf }: { clients: readonly ClientIncidents[]; nameOf: (clientId: string) => string }): JSX.Element {
  if (clients.length === 0) return <p class="hint">{i18n.t('insights.clients_none')}</p>;
  const top = Math.max(1, ...clients.map((client) => client.open + client.closed));
  const scale = (WIDTH - LABEL - 60) / top;
  const height = clients.length * ROW;
  return (
    <figure class="chart">
      <figcaption id="insights-clients-caption">{i18n.t('insights.clients_caption')}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby="insights-clients-caption" class="chart-svg">
        {clients.map((client, index) => {
          const y = index * ROW + 4;
          const open = client.open * scale;
          const closed = client.closed * scale;
          return (
            <g key={client.clientId}>
              <text x={LABEL - 8} y={y + 13} text-anchor="end" class="chart-label">
                {nameOf(client.clientId)}
              </text>
              <rect x={LABEL} y={y} width={open} height={18} fill="var(--accent)" />
              <rect x={LABEL + open} y={y} width={closed} height={18} fill="var(--muted)" />
              <text x={LABEL + open + closed + 6} y={y + 13} class="chart-label">
                {i18n.t('insights.open_closed', [String(client.open), String(client.closed)])}
              </text>
            </g>
          );
        })}
      </svg>
      <ul class="chart-legend">
        <li>
          <span class="chart-swatch" style={{ background: 'var(--accent)' }} aria-hidden="true" />
          {i18n.t('insights.open')}
        </li>
        <li>
          <span class="chart-swatch" style={{ background: 'var(--muted)' }} aria-hidden="true" />
          {i18n.t('insights.closed')}
        </li>
      </ul>
      <table class="visually-hidden">
        <caption>{i18n.t('insights.clients_table')}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n.t('insights.client')}</th>
            <th scope="col">{i18n.t('insights.open')}</th>
            <th scope="col">{i18n.t('insights.closed')}</th>
          </tr>
        </thead>
        <tbody>
          {clients.map((client) => (
            <tr key={client.clientId}>
              <th scope="row">{nameOf(client.clientId)}</th>
              <td>{client.open}</td>
              <td>{client.closed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
