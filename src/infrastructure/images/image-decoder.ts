import pLimit from 'p-limit';
import sharp from 'sharp';

export type ImageFormat = 'jpeg' | 'png';

/**
 * A decompression bomb (a small file of huge dimensions) is refused before its pixels are decoded:
 * 40 megapixels covers a phone's full-resolution photo (about 120 MB of pixels at most).
 */
export const MAX_IMAGE_PIXELS = 40_000_000;

/**
 * Images decoded at once, whatever the number of uploads in flight: each holds its pixels and
 * libvips' buffers, so this bounds the memory and keeps the cores for the other requests.
 */
const AT_ONCE = 2;

// libvips keeps recent operations (and their pixels) for reuse; uploads are never decoded twice.
// One libvips thread per image: the images of concurrent uploads are the parallelism.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Decodes images in full (libvips, through sharp) and encodes them again, a bounded number at a
 * time. `reencoded` answers null when the bytes are not a whole, valid image of the declared format
 * (truncated, corrupt, another format, over the pixel limit). What is kept is the new encoding: EXIF
 * (GPS position included), XMP and comments of the original are left behind; the orientation the
 * EXIF gave is applied to the pixels.
 */
export class ImageReencoder {
  private readonly limit = pLimit(AT_ONCE);

  /** `bytes` is called only when it is this image's turn, so waiting images hold no decoded copy. */
  reencoded(bytes: () => Buffer, declared: ImageFormat): Promise<Buffer | null> {
    return this.limit(() => reencode(bytes(), declared));
  }
}

async function reencode(bytes: Buffer, declared: ImageFormat): Promise<Buffer | null> {
  try {
    const image = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_IMAGE_PIXELS });
    const { format } = await image.metadata();
    if (format !== declared) return null;
    const oriented = image.rotate();
    return declared === 'jpeg'
      ? await oriented.jpeg({ quality: 90 }).toBuffer()
      : await oriented.png({ compressionLevel: 6 }).toBuffer();
  } catch {
    return null;
  }
}
