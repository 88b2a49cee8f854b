// What the page itself says about where it sends things: read inside the tab
// by chrome.scripting.executeScript, so the background never parses HTML.

/** A form on the page and the fields it sends. */
export interface PageForm {
  /** Absolute URL the form submits to. */
  action: string;
  /** Lower-case: get, post or dialog. */
  method: string;
  inputs: { name: string; type: string }[];
}

/**
 * What the page may send back: every list and every text is capped inside the
 * page, so a hostile page (a 50 MB DOM, a million fields, megabyte-long
 * links) never gets more than this across to the worker.
 */
export interface SnapshotCaps {
  /** Characters of HTML source. */
  htmlChars: number;
  /** Outbound links. */
  links: number;
  forms: number;
  fieldsPerForm: number;
  /** Distinct origins of scripts, and of frames, each. */
  origins: number;
  /** Characters of any other text: the title, each link, action, field name and origin. */
  textChars: number;
}

/** The page as the browser held it when the report was made. */
export interface PageSnapshot {
  url: string;
  title: string;
  /** The HTML, cut to the limit asked for. */
  html: string;
  /** Length of the full HTML, before any cut. */
  htmlChars: number;
  truncated: boolean;
  forms: PageForm[];
  /** Distinct http(s) links to other origins, in document order. */
  links: string[];
  scriptOrigins: string[];
  iframeOrigins: string[];
}

/**
 * Reads the snapshot in the page. Passed as `func` to executeScript, which
 * sends only this function's source: it must use nothing from outside its body.
 */
export function collectPageSnapshot(caps: SnapshotCaps): PageSnapshot {
  const pageUrl = location.href;
  const pageOrigin = location.origin;
  const cut = (text: string): string => (text.length > caps.textChars ? `${text.slice(0, caps.textChars)}…` : text);
  // A page may have removed its root element.
  const html = document.documentElement?.outerHTML ?? '';

  // Attributes, not form.action / form.method: a field named "action" or
  // "method" shadows those properties (DOM clobbering), which kits can use.
  const forms: PageForm[] = [...document.querySelectorAll('form')].slice(0, caps.forms).map((form) => {
    const actionAttribute = form.getAttribute('action') ?? '';
    let action = pageUrl;
    try {
      // HTML spec: an empty or missing action submits to the document's URL.
      if (actionAttribute.trim() !== '') action = new URL(actionAttribute.trim(), document.baseURI).href;
    } catch {
      action = actionAttribute;
    }
    const methodAttribute = (form.getAttribute('method') ?? '').trim().toLowerCase();
    const method = methodAttribute === 'post' || methodAttribute === 'dialog' ? methodAttribute : 'get';
    const inputs = [...form.querySelectorAll('input[name], select[name], textarea[name]')].filter((field) => field.getAttribute('name'));
    const fields = inputs.slice(0, caps.fieldsPerForm).map((field) => {
      const tag = field.tagName.toLowerCase();
      const type = tag === 'input' ? (field as HTMLInputElement).type : tag;
      return { name: cut(field.getAttribute('name') ?? ''), type: cut(type) };
    });
    return { action: cut(action), method, inputs: fields };
  });

  const links: string[] = [];
  for (const anchor of document.querySelectorAll('a[href]')) {
    if (links.length >= caps.links) break;
    try {
      const target = new URL((anchor as HTMLAnchorElement).href);
      const href = cut(target.href);
      if ((target.protocol === 'http:' || target.protocol === 'https:') && target.origin !== pageOrigin && !links.includes(href)) links.push(href);
    } catch {
      // An href the browser cannot resolve leads nowhere.
    }
  }

  const originsOf = (selector: string): string[] => {
    const origins: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (origins.length >= caps.origins) break;
      try {
        const source = new URL(element.getAttribute('src') ?? '', document.baseURI);
        const origin = cut(source.origin);
        if ((source.protocol === 'http:' || source.protocol === 'https:') && !origins.includes(origin)) origins.push(origin);
      } catch {
        // Not a URL: nothing was loaded from it.
      }
    }
    return origins;
  };

  return {
    url: cut(pageUrl),
    title: cut(document.title),
    html: html.slice(0, caps.htmlChars),
    htmlChars: html.length,
    truncated: html.length > caps.htmlChars,
    forms,
    links,
    scriptOrigins: originsOf('script[src]'),
    iframeOrigins: originsOf('iframe[src]'),
  };
}
