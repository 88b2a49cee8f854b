/** True for an http(s) link, the only kind the extension opens or links to: never javascript:, data:, file: or another scheme. */
export function isWebLink(value: string | null | undefined): value is string {
  const url = URL.parse(value ?? '');
  return url !== null && ['http:', 'https:'].includes(url.protocol);
}
