import { because } from '../../../shared/domain/domain-error';
import { ImageFormat } from '../../../infrastructure/images/image-decoder';

export const MAX_IMAGES = 5;
/** Each image, decoded: 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
/** Base64 of the largest image, with room for a `data:image/png;base64,` prefix. */
export const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4 + 64;
export const MAX_IMAGE_NAME = 255;

const FORMATS: Readonly<Record<string, ImageFormat>> = { 'image/jpeg': 'jpeg', 'image/png': 'png' };
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const DATA_URL = /^data:(image\/[a-z]+);base64,/;

/** One image of a batch, as sent: its checked base64 text, decoded when its turn comes. */
export interface SentImage {
  field: string;
  format: ImageFormat;
  bytes: () => Buffer;
}

/**
 * The body of an upload, checked as a whole before any image is decoded: 1 to 5 images, each a
 * JPEG or PNG by its declared type, strict base64 (a `data:` URL of the same type is accepted too)
 * of at most 10 MB. The size is computed from the text, so an oversized image is never decoded.
 * Every refusal is INVALID_INPUT naming the field.
 */
export function sentImages(body: unknown): SentImage[] {
  const images = (body as { images?: unknown } | null)?.images;
  if (!Array.isArray(images) || images.length < 1 || images.length > MAX_IMAGES)
    throw because.invalidInput(`images must be an array of 1 to ${MAX_IMAGES} images`, 'images');
  return images.map((image: unknown, i) => sentImage(image, `images[${i}]`));
}

function sentImage(image: unknown, field: string): SentImage {
  const { imageBase64, imageName, imageType } = (image ?? {}) as Record<string, unknown>;
  if (typeof image !== 'object' || image === null || Array.isArray(image))
    throw because.invalidInput(`${field} must be an object`, field);
  if (typeof imageName !== 'string' || imageName.trim() === '' || imageName.length > MAX_IMAGE_NAME)
    throw because.invalidInput(
      `${field}.imageName must be a name of 1 to ${MAX_IMAGE_NAME} characters`,
      `${field}.imageName`,
    );
  const format = typeof imageType === 'string' ? FORMATS[imageType] : undefined;
  if (!format) throw because.invalidInput(`${field}.imageType must be image/jpeg or image/png`, `${field}.imageType`);
  const text = checkedBase64(imageBase64, imageType as string, `${field}.imageBase64`);
  return { field, format, bytes: () => Buffer.from(text, 'base64') };
}

/** The base64 text (without a `data:` prefix), once its size is known to be within the limit. */
function checkedBase64(value: unknown, imageType: string, field: string): string {
  if (typeof value !== 'string') throw because.invalidInput(`${field} must be base64 text`, field);
  const dataUrl = DATA_URL.exec(value);
  if (dataUrl && dataUrl[1] !== imageType)
    throw because.invalidInput(`${field} is a data URL of another type than imageType`, field);
  const text = dataUrl ? value.slice(dataUrl[0].length) : value;
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text))
    throw because.invalidInput(`${field} must be base64 text (RFC 4648, padded)`, field);
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  if ((text.length / 4) * 3 - padding > MAX_IMAGE_BYTES)
    throw because.invalidInput(`${field} must be an image of at most ${MAX_IMAGE_BYTES} bytes`, field);
  return text;
}
