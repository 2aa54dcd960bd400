/**
 * The origin of a URL, computed the same way for the app's own scheme as for http(s). Node's URL
 * gives custom schemes an opaque "null" origin, while Chromium treats registered standard schemes
 * as real origins; comparing scheme and host directly works in both.
 */
export function originOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.host === "") return null;
  return `${parsed.protocol}//${parsed.host}`;
}
