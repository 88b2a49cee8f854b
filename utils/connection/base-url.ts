/** A service base URL the extension may talk to, normalised. */
export interface ServiceAddress {
  /** Without a trailing slash; keeps any path prefix (`https://api.example/tenant`). */
  baseUrl: string;
  /** `https://api.example` — what the user sees and what permission covers. */
  origin: string;
  /** The match pattern asked for at run time: this one host, any port. */
  permissionPattern: string;
}

export type BaseUrlCheck = { ok: true; address: ServiceAddress } | { ok: false; message: string };

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** True for hosts that never leave this machine (the local sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * Checks what the user typed as the service URL. The API must be reached over
 * HTTPS (spec: "All requests use HTTPS"); plain http is allowed only for
 * loopback, where the local sandbox runs.
 */
export function checkBaseUrl(input: string): BaseUrlCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, message: 'Enter the service URL, for example https://api.example.com.' };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false, message: 'This is not a URL. Use the form https://api.example.com.' };
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    return {
      ok: false,
      message:
        url.protocol === 'http:'
          ? 'The service URL must start with https:// (plain http is allowed only for 127.0.0.1 or localhost).'
          : 'The service URL must start with https://.',
    };
  }
  if (url.username || url.password) {
    return { ok: false, message: 'Leave the user name and password out of the URL; the API key is entered below.' };
  }
  if (url.search || url.hash) {
    return { ok: false, message: 'Use the service root only, without ? or # parts.' };
  }
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
