import { PAGE_PATHS, type Page } from './protocol';

/** Who the extension is, as the runtime gives it: its id and the origin its pages are served from. */
export interface ExtensionIdentity {
  id: string;
  /** `chrome-extension://<id>` or `moz-extension://<uuid>`, no trailing slash. */
  origin: string;
}

/** The fields of runtime.MessageSender the check reads. */
export interface MessageSenderLike {
  id?: string;
  url?: string;
  /** Chromium only: the origin of the frame that sent the message. */
  origin?: string;
}

const PAGE_OF_PATH = new Map<string, Page>(Object.entries(PAGE_PATHS).map(([page, path]) => [path, page as Page]));

/**
 * Which of our own pages sent a message, or null for anything else: another
 * extension, a web page, a script we injected into a web page (its URL is the
 * page's), or an extension URL that is not one of our pages.
 */
export function pageOfSender(sender: MessageSenderLike | undefined, extension: ExtensionIdentity): Page | null {
  if (!sender || sender.id !== extension.id || typeof sender.url !== 'string') return null;
  if (sender.origin !== undefined && sender.origin !== extension.origin) return null;
  if (!URL.canParse(sender.url)) return null;
  const url = new URL(sender.url);
  // Not url.origin: by the URL standard it is "null" for non-web schemes such as moz-extension:.
  if (originOf(url) !== extension.origin || url.username || url.password) return null;
  return PAGE_OF_PATH.get(url.pathname) ?? null;
}

/** `scheme://host` of a URL, for any scheme. */
export function originOf(url: URL): string {
  return `${url.protocol}//${url.host}`;
}
