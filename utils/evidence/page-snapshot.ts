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
export function collectPageSnapshot(maxHtmlChars: number, maxLinks: number): PageSnapshot {
  const pageUrl = location.href;
  const pageOrigin = location.origin;
  const html = document.documentElement.outerHTML;

  // Attributes, not form.action / form.method: a field named "action" or
  // "method" shadows those properties (DOM clobbering), which kits can use.
  const forms: PageForm[] = [...document.querySelectorAll('form')].map((form) => {
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
    const inputs = [...form.querySelectorAll('input[name], select[name], textarea[name]')].map((field) => {
      const tag = field.tagName.toLowerCase();
      const type = tag === 'input' ? (field as HTMLInputElement).type : tag;
      return { name: field.getAttribute('name') ?? '', type };
    });
    return { action, method, inputs: inputs.filter((input) => input.name !== '') };
  });

  const links: string[] = [];
  for (const anchor of document.querySelectorAll('a[href]')) {
    if (links.length >= maxLinks) break;
    try {
      const target = new URL((anchor as HTMLAnchorElement).href);
      const href = target.href;
      if ((target.protocol === 'http:' || target.protocol === 'https:') && target.origin !== pageOrigin && !links.includes(href)) links.push(href);
    } catch {
      // An href the browser cannot resolve leads nowhere.
    }
  }

  const originsOf = (selector: string): string[] => {
    const origins: string[] = [];
    for (const element of document.querySelectorAll(selector)) {
      try {
        const source = new URL(element.getAttribute('src') ?? '', document.baseURI);
        if ((source.protocol === 'http:' || source.protocol === 'https:') && !origins.includes(source.origin)) origins.push(source.origin);
      } catch {
        // Not a URL: nothing was loaded from it.
      }
    }
    return origins;
  };

  return {
    url: pageUrl,
    title: document.title,
    html: html.slice(0, maxHtmlChars),
    htmlChars: html.length,
    truncated: html.length > maxHtmlChars,
    forms,
    links,
    scriptOrigins: originsOf('script[src]'),
    iframeOrigins: originsOf('iframe[src]'),
  };
}
