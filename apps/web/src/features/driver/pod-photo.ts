/** The long side of a POD photo as sent: enough to read a signature and a stamp. */
export const MAX_SIDE = 1600;
/** JPEG quality of a resized photo. */
export const JPEG_QUALITY = 0.7;
/** An image this small goes as it is (already a phone's "small" size, or a scan). */
export const SMALL_IMAGE_BYTES = 300 * 1024;

/** The size a photo is drawn at: its long side at most `max`, the proportions kept, never enlarged. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const long = Math.max(width, height);
  if (long <= max || long <= 0) {
    return { width, height };
  }
  const scale = max / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Is this file redrawn as a smaller JPEG before sending? A PDF or a small image goes as is. */
export function needsShrinking(file: { type: string; size: number }): boolean {
  return file.type.startsWith('image/') && file.size > SMALL_IMAGE_BYTES;
}

/** The name of the resized photo: the camera's name with `.jpg`, or one from the time. */
export function jpegName(original: string, now = new Date()): string {
  const base = original.replace(/\.[^.]*$/, '').trim();
  return `${base || `pod-${now.toISOString().slice(0, 19).replace(/[-:T]/g, '')}`}.jpg`;
}

/** A size as a person reads it: "850 KB", "2.4 MB". */
export function readableSize(bytes: number): string {
  if (bytes < 1024 * 1024) {
    return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  }
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
