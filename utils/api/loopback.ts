// Which hosts never leave this machine: plain http is allowed only there (the
// local sandbox), for the service URL and for webhook delivery URLs alike.

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/** True for hosts that never leave this machine (the local sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127(\.\d{1,3}){3}$/.test(hostname);
}
