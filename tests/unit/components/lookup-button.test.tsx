import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { IncidentLookupForm } from '@/components/incident/incident-lookup';
import { contrast, hexRgb } from '../../support/contrast.ts';
import { useDomWindow } from './dom';

// Issue 44, point 11: in dark mode the Look up button looked disabled (the
// browser's grey default button). It takes the accent colours of the theme.

const { mount } = useDomWindow('chrome-extension://test/popup.html');

const CSS = readFileSync('components/styles/base.css', 'utf8');

/** A theme variable's light and dark colours, from its light-dark() pair in base.css. */
function themeColours(name: string): { light: string; dark: string } {
  const match = new RegExp(`${name}: light-dark\\((#[0-9a-f]{6}), (#[0-9a-f]{6})\\)`, 'i').exec(CSS);
  if (!match) throw new Error(`${name} is not a light-dark() pair`);
  return { light: match[1]!, dark: match[2]! };
}

/** The first rule's declarations for a selector, as written. */
const ruleOf = (selector: string) => new RegExp(`(^|\\n)${selector.replace(/[.[\]()'=]/g, '\\$&')}[^{]*\\{([^}]*)\\}`).exec(CSS)?.[2] ?? '';

describe('the Look up button', () => {
  it('is the primary button of the lookup', () => {
    const root = mount(<IncidentLookupForm phoneCountry="" />);
    const button = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Look up')!;
    expect(button.className).toBe('primary');
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it.each(['light', 'dark'] as const)('in %s mode its text has a contrast of at least 4.5:1, and the disabled look is another (faded) one', (mode) => {
    const primary = ruleOf('.primary');
    expect(primary).toContain('background: var(--accent)');
    expect(primary).toContain('color: var(--accent-text)');
    const ratio = contrast(hexRgb(themeColours('--accent')[mode]), hexRgb(themeColours('--accent-text')[mode]));
    expect(ratio).toBeGreaterThanOrEqual(4.5);
    expect(ruleOf("button:disabled, button[aria-disabled='true']")).toContain('opacity: 0.7');
  });
});
