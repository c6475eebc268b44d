/** Where stored files are served: `<base>/uploads/<key>`. */
export const UPLOADS_PATH = '/uploads/';

/** `<shop>/<customer>/<32 hex>.<jpg|png|pkpass>`: the object key of a stored file. */
const OBJECT_KEY = /^[A-Za-z0-9_-]{1,100}\/[A-Za-z0-9_-]{1,100}\/[0-9a-f]{32}\.(jpg|png|pkpass)$/;

/** The URL of a stored file, at the configured address (never a request's). */
export function uploadUrl(base: string, key: string): string {
  return `${base}${UPLOADS_PATH}${key}`;
}

/**
 * The object key a record holds. Records keep keys; those written before they did hold the URL the
 * upload answered (`<any origin>/uploads/<key>`), read here as their key so they render at the
 * configured address like the others. Anything else (not a file of this service) is null.
 */
export function storedObjectKey(stored: string): string | null {
  if (OBJECT_KEY.test(stored)) return stored;
  const at = stored.lastIndexOf(UPLOADS_PATH);
  if (at < 0 || !/^https?:\/\//.test(stored)) return null;
  const key = stored.slice(at + UPLOADS_PATH.length);
  return OBJECT_KEY.test(key) ? key : null;
}

/** Stored file references (keys, or URLs of older records) as URLs at `base`; anything else is left out. */
export function renderedUploadUrls(base: string, stored: readonly string[]): string[] {
  return stored.flatMap((value) => {
    const key = storedObjectKey(value);
    return key ? [uploadUrl(base, key)] : [];
  });
}
