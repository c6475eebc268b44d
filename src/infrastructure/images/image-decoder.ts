import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png';

/**
 * A decompression bomb (a small file of huge dimensions) is refused before its pixels are decoded:
 * 40 megapixels covers a phone's full-resolution photo (about 120 MB of pixels at most).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

// libvips keeps recent operations (and their pixels) for reuse; uploads are never decoded twice.
sharp.cache(false);

/**
 * The image, decoded in full by libvips (sharp) and encoded again in its declared format, or null
 * when the bytes are not a whole, valid image of that format (truncated, corrupt, another format,
 * over the pixel limit). What is kept is the new encoding: EXIF (GPS position included), XMP and
 * comments of the original are left behind; the orientation the EXIF gave is applied to the pixels.
 */
export async function reencodedImage(bytes: Buffer, declared: ImageFormat): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    const { format } = await image.metadata();
    if (format !== declared) return null;
    const oriented = image.rotate();
    return declared === 'jpeg'
      ? await oriented.jpeg({ quality: 90, mozjpeg: false }).toBuffer()
      : await oriented.png({ compressionLevel: 6 }).toBuffer();
  } catch {
    return null;
  }
}
