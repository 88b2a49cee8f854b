// Defanged indicators, as analysts and reports write them so nothing is
// clickable: hxxp://evil[.]example, user[at]evil(.)example. Everything is
// refanged before it is found, classified or sent.

const REPLACEMENTS: readonly [RegExp, string][] = [
  // Schemes: hxxp, hXXps, h**p, fxp — only before their colon, as written or defanged (hxxp://, hxxp[:]//,
  // hxxps[://]): a domain may hold the same letters (fxp.example, 0-fxp.example) and must stay the domain it is.
  [/\bh(?:xx|\*\*|XX|xX|Xx)p(s?)(?=[[({]?:)/gi, 'http$1'],
  [/\bfxp(?=[[({]?:)/gi, 'ftp'],
  [/\[:\/\/\]|\(:\/\/\)|\{:\/\/\}/g, '://'],
  [/\[:\]|\(:\)|\{:\}/g, ':'],
  [/\[\/\]/g, '/'],
  // Dots: [.], (.), {.}, [dot], (dot), {dot}, with or without spaces inside. The blanks
  // before one are taken whole, from where they start (the lookbehind): trying each of
  // a long run's blanks in turn took seconds.
  [/(?:(?<!\s)\s+)?[[({]\s*(?:\.|dot)\s*[\])}]\s*/gi, '.'],
  // At signs: [at], (at), {at}, [@], (@).
  [/(?:(?<!\s)\s+)?[[({]\s*(?:at|@)\s*[\])}]\s*/gi, '@'],
  // Full-width and ideographic dots used to dodge filters.
  [/[\u3002\uFF0E\uFF61]/g, '.'],
  // Spaces around a dot between two name characters: "evil . example".
  [/([\p{L}\p{N}-])\s+\.\s+(?=[\p{L}\p{N}-])/gu, '$1.'],
];

/** Undoes the usual defanging (hxxp, [.], (dot), [at], [:], spaces around dots…); other text is left as it is. */
export function refang(text: string): string {
  return REPLACEMENTS.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}
