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
 * What was pasted, with a scheme: a bare host gets https://, or http:// on
 * loopback, where the local sandbox runs without TLS.
 */
function withScheme(trimmed: string): string {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(trimmed)) return trimmed;
  const bare = trimmed.replace(/^\/\//, '');
  const host = URL.canParse(`http://${bare}`) ? new URL(`http://${bare}`).hostname : '';
  return `${isLoopbackHost(host) ? 'http' : 'https'}://${bare}`;
}

/**
 * Checks what the user typed (or pasted) as the service URL: spaces, a
 * missing scheme and a trailing `/v1` or slash are forgiven (the API paths
 * carry /v1 themselves). The API must be reached over
 * HTTPS (spec: "All requests use HTTPS"); plain http is allowed only for
 * loopback, where the local sandbox runs.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: 'url_empty' };
  const written = withScheme(trimmed);
  if (!URL.canParse(written)) return { ok: false, reason: 'url_invalid' };
  const url = new URL(written);
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
