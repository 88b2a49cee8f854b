import { findTextLinks } from './email-links';
import type { EmailLink } from './email-types';
import { readHtml } from './html-text';

/** An email's body as text, and the links in it. */
export interface EmailBody {
  text: string;
  links: EmailLink[];
}

/**
 * The body from its text and HTML parts: the text part when there is one,
 * else the HTML's text. The links are the HTML's anchors, then the web
 * addresses written in either part (the HTML's text can hold some the text
 * part does not), then what the HTML loads by itself (kind 'resource').
 */
export function readBody(text: string | undefined, html: string | undefined): EmailBody {
  const reading = html ? readHtml(html) : undefined;
  const links = [...(reading?.anchors ?? []), ...(text ? findTextLinks(text) : []), ...(reading ? findTextLinks(reading.text) : []), ...(reading?.resources ?? [])];
  return { text: text ?? reading?.text ?? '', links };
}
