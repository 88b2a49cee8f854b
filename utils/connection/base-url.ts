import { isLoopbackHost } from '../api/loopback';
import type { InputReason } from '../problems/kinds';

/** A service base URL the extension may talk to, normalised. */
interface ServiceAddress {
  /** Without a trailing slash; keeps any path prefix (`https://api.example/tenant`). */
  baseUrl: string;
  /** `https://api.example` — what the user sees and what permission covers. */
  origin: string;
  /** The match pattern asked for at run time: this one host, any port. */
  permissionPattern: string;
}

export type BaseUrlCheck = { ok: true; address: ServiceAddress } | { ok: false; reason: InputReason };

/**
 * Checks what the user typed as the service URL. The API must be reached over
 * HTTPS (spec: "All requests use HTTPS"); plain http is allowed only for
 * loopback, where the local sandbox runs.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: 'url_empty' };
  if (!URL.canParse(trimmed)) return { ok: false, reason: 'url_invalid' };
  const url = new URL(trimmed);
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return { ok: false, reason: url.protocol === 'http:' ? 'url_http_not_loopback' : 'url_not_https' };
  }
  if (url.username || url.password) return { ok: false, reason: 'url_credentials' };
  if (url.search || url.hash) return { ok: false, reason: 'url_query' };
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '');
  return {
    ok: true,
    address: {
      baseUrl: `${url.origin}${path}`,
      origin: url.origin,
      permissionPattern: `${url.protocol}//${url.hostname}/*`,
    },
  };
}
