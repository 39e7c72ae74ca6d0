import { fitWithin, JPEG_QUALITY, jpegName, needsShrinking } from './pod-photo.ts';

type Drawable = ImageBitmap | HTMLImageElement;

/** Decodes a photo: createImageBitmap where there (honouring the camera's orientation), else an <img>. */
async function decode(file: Blob): Promise<Drawable> {
  if (typeof createImageBitmap === 'function') {
    return createImageBitmap(file, { imageOrientation: 'from-image' });
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return img;
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Draws the image at its new size on white (a PNG's transparency would turn black in a JPEG) and encodes it. */
async function encode(image: Drawable, width: number, height: number): Promise<Blob | null> {
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(width, height);
    const ctx = canvas.getContext('2d');
    if (!ctx) {
      return null;
    }
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(image, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) {
    return null;
  }
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(image, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
}

/**
 * The POD photo as sent (record 0302): a large photo is redrawn with its long side at most 1600 px
 * as a JPEG at quality 0.7 (a 4 MB camera photo becomes about 300 KB, sent on a weak signal); a
 * PDF, a small image, or one the browser cannot redraw smaller goes as it is.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!needsShrinking(file)) {
    return file;
  }
  try {
    const image = await decode(file);
    const size = fitWithin(image.width, image.height);
    const blob = await encode(image, size.width, size.height);
    if ('close' in image) {
      image.close();
    }
    if (!blob || blob.size >= file.size) {
      return file;
    }
    return new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() });
  } catch {
    return file;
  }
}
