import { describe, expect, it } from 'vitest';
import { isWebLink } from '@/utils/indicators/web-link';

describe('isWebLink: the only links the extension opens or shows as links', () => {
  it.each([
    ['https://dash.example/incidents/inc_1', true],
    ['http://127.0.0.1:8787/dashboard', true],
    ['HTTPS://DASH.EXAMPLE/', true],
    ['javascript:alert(document.cookie)', false],
    ['JavaScript:alert(1)', false],
    [' javascript:alert(1)', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['file:///etc/passwd', false],
    ['chrome://settings', false],
    ['chrome-extension://abc/options.html', false],
    ['vbscript:msgbox(1)', false],
    ['//dash.example/relative', false],
    ['dash.example', false],
    ['', false],
    [null, false],
    [undefined, false],
  ])('%s → %s', (value, expected) => {
    expect(isWebLink(value)).toBe(expected);
  });
});
