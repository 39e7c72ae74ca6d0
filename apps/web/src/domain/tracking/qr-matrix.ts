import qrcode from 'qrcode-generator';

/**
 * A QR code as an SVG path of its dark modules (one unit each), with its side in modules: drawn
 * by the browser as plain SVG, no canvas and no image request. Error correction M (15%), the
 * version the text needs.
 */
export function qrPath(text: string): { size: number; d: string } {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  const parts: string[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.isDark(row, col)) {
        parts.push(`M${col} ${row}h1v1h-1z`);
      }
    }
  }
  return { size, d: parts.join('') };
}
