import type { JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { CreditsLine } from './credits-line';

/** The credits line, loaded after the popup first paints so it costs the popup's first load next to nothing. */
export function LazyCreditsLine(props: { clientId: string }): JSX.Element | null {
  const [Line, setLine] = useState<typeof CreditsLine | null>(null);
  useEffect(() => void import('./credits-line').then((module) => setLine(() => module.CreditsLine)), []);
  return Line && <Line {...props} />;
}
