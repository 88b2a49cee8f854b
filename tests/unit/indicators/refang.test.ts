import { describe, expect, it } from 'vitest';
import { refang } from '@/utils/indicators/refang';

describe('refang', () => {
  it.each([
    ['hxxp://evil[.]example/login', 'http://evil.example/login'],
    ['hxxps://evil[.]example', 'https://evil.example'],
    ['hXXps://evil(.)example', 'https://evil.example'],
    ['HXXP://EVIL{.}EXAMPLE', 'http://EVIL.EXAMPLE'],
    ['h**ps://evil.example', 'https://evil.example'],
    ['hxxps[://]evil.example', 'https://evil.example'],
    ['hxxps[:]//evil.example', 'https://evil.example'],
    ['fxp://files.evil.example', 'ftp://files.evil.example'],
    ['evil[dot]example', 'evil.example'],
    ['evil(dot)example', 'evil.example'],
    ['evil {dot} example', 'evil.example'],
    ['evil [ . ] example', 'evil.example'],
    ['evil . example . com', 'evil.example.com'],
    ['ceo[at]evil[.]example', 'ceo@evil.example'],
    ['ceo(at)evil.example', 'ceo@evil.example'],
    ['ceo [@] evil.example', 'ceo@evil.example'],
    ['ceo{AT}evil.example', 'ceo@evil.example'],
    // Spaces inside the brackets, and more than one around a dot, as analysts type them.
    ['ceo[ at ]evil[.]example', 'ceo@evil.example'],
    ['ceo( @ )evil.example', 'ceo@evil.example'],
    ['evil  .  example', 'evil.example'],
    ['evil .   example', 'evil.example'],
    ['evil   . example', 'evil.example'],
    ['203[.]0[.]113[.]7', '203.0.113.7'],
    ['evil。example', 'evil.example'],
    ['evil．example', 'evil.example'],
    ['https://evil.example[/]login', 'https://evil.example/login'],
  ])('%s → %s', (input, output) => {
    expect(refang(input)).toBe(output);
  });

  // A scheme's letters inside a domain are the domain's (found by the property test: 0-fxp[.]a[.]com became 0-ftp.a.com).
  it.each([
    ['fxp[.]example[.]com', 'fxp.example.com'],
    ['0-fxp[.]a[.]com', '0-fxp.a.com'],
    ['files.fxp.example', 'files.fxp.example'],
    ['hxxp[.]example', 'hxxp.example'],
    ['ceo[at]hxxps[.]example', 'ceo@hxxps.example'],
    ['fxp[:]//files.fxp[.]example', 'ftp://files.fxp.example'],
    ['hxxp(://)hxxp[.]example', 'http://hxxp.example'],
  ])('keeps a domain that holds a scheme’s letters: %s → %s', (input, output) => {
    expect(refang(input)).toBe(output);
  });

  it.each(['End of sentence. Next one', 'Meet me at the office at 9.', 'https://safe.example/path?q=a.b', 'Call +31 6 1234 5678 today.', 'hxxpsomething stays', 'version 1 . 2'])(
    'leaves ordinary text alone: %s',
    (text) => {
      const expected = text === 'version 1 . 2' ? 'version 1.2' : text;
      expect(refang(text)).toBe(expected);
    },
  );
});
