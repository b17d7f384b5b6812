/**
 * Short-lived signed URLs for item media (issue 4): `/api/v1/media/{key}?exp=&sig=`. The item
 * presenter hands them out only to viewers the entitlement check lets through, so an <img> or
 * <video> tag, which cannot send a bearer token, can load paid media. The media module builds
 * them; the port stands here so the container can hold one without importing a feature module.
 */
export interface MediaUrls {
  /** The plain URL: previews and media not used by an item. */
  plain(key: string): string;
  /** A URL valid for at least the configured lifetime. */
  signed(key: string): string;
  /** Whether `exp` and `sig` are a live, untampered signature of `key`. */
  verify(key: string, exp: string | undefined, sig: string | undefined): boolean;
}
