// The little CSS an email's HTML needs read without a browser: what hides an
// element from its reader (phishing hides links and text from the person and
// shows them to the scanner), and the URLs a style makes the mail client load.

/** A declaration that hides its element and all it holds: display:none, visibility:hidden or collapse, opacity:0. */
const HIDING = /(?:^|[;{\s])(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)|opacity\s*:\s*(?:0+(?:\.0*)?|\.0+)\s*(?:!\s*important\s*)?(?:;|$))/i;

/** A zero width or height: it hides what the element holds only with overflow:hidden (an email's preheader), else that overflows into view. */
const ZERO_SIZE = /(?:^|[;{\s])(?:max-)?(?:width|height)\s*:\s*(?:0+(?:\.0*)?|\.0+)(?:[a-z]+|%)?\s*(?:!\s*important\s*)?(?:;|$)/i;
const OVERFLOW_HIDDEN = /(?:^|[;{\s])overflow(?:-[xy])?\s*:\s*hidden/i;

/** The font size a style sets: 'zero' hides the text, but only until an element inside sets its own ('set'), as MJML layouts do. */
const FONT_SIZE = /(?:^|[;{\s])font-size\s*:\s*([^;]*)/i;

/** True when a style's declarations hide its element. */
function styleHides(declarations: string): boolean {
  return HIDING.test(declarations) || (ZERO_SIZE.test(declarations) && OVERFLOW_HIDDEN.test(declarations));
}

/** Whether a style sets the font size to zero, to another size, or not at all. */
export function fontSizeOf(style: string | undefined): 'zero' | 'set' | undefined {
  const value = style === undefined ? undefined : FONT_SIZE.exec(style)?.[1]?.trim();
  if (!value) return undefined;
  return /^(?:0+(?:\.0*)?|\.0+)(?:[a-z]+|%)?(?:\s*!\s*important)?$/i.test(value) ? 'zero' : 'set';
}

/** The style sheet without its comments; one left open runs to the end (CSS Syntax §4.3.2). Linear: a lazy pattern would rescan from every unclosed `/*`. */
function withoutComments(css: string): string {
  const kept: string[] = [];
  let from = 0;
  while (from < css.length) {
    const open = css.indexOf('/*', from);
    kept.push(css.slice(from, open < 0 ? css.length : open));
    const close = open < 0 ? -1 : css.indexOf('*/', open + 2);
    from = close < 0 ? css.length : close + 2;
  }
  return kept.join('');
}

/** A selector naming only a class, with or without an element: `.preheader`, `span.hide`. */
const CLASS_SELECTOR = /^(?:[a-z][a-z\d]*)?\.([\w-]+)$/i;

/**
 * The classes a style sheet hides with a rule of its own (`.hide { display:
 * none }`). Rules inside an at-rule are left out: `@media` hides a class on
 * some screens only (a mobile layout), not from every reader.
 */
export function hidingClasses(css: string): string[] {
  const text = withoutComments(css);
  const classes: string[] = [];
  let depth = 0;
  let start = 0;
  let selector = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '{' && depth++ === 0) {
      selector = text.slice(start, i).split(';').at(-1)!.trim();
      start = i + 1;
    } else if (text[i] === '}' && depth > 0 && --depth === 0) {
      if (!selector.startsWith('@') && styleHides(text.slice(start, i))) {
        classes.push(...selector.split(',').flatMap((one) => CLASS_SELECTOR.exec(one.trim())?.[1] ?? []));
      }
      start = i + 1;
    }
  }
  return classes;
}

/** Each `url(…)` of a style, as written inside its quotes. */
export function cssUrls(css: string): string[] {
  return [...css.matchAll(/url\(\s*(["']?)([^"'()\s]+)\1\s*\)/gi)].map((match) => match[2]!);
}

/**
 * True when an element's attributes hide it: the `hidden` attribute, a style
 * that hides it, a class a style sheet of the email hides, or, for an image,
 * a zero width or height.
 */
export function attributesHide(name: string, attributes: Readonly<Record<string, string>>, hiddenClasses: ReadonlySet<string>): boolean {
  if (attributes.hidden !== undefined) return true;
  if (name === 'img' && (attributes.width?.trim() === '0' || attributes.height?.trim() === '0' || ZERO_SIZE.test(attributes.style ?? ''))) return true;
  if (attributes.style !== undefined && styleHides(attributes.style)) return true;
  return hiddenClasses.size > 0 && (attributes.class ?? '').split(/\s+/).some((name) => hiddenClasses.has(name));
}
