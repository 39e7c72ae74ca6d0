import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A real PNG photo (a block of one colour): the API reads an upload's content, not its name, and
 * the pages preview it. For PODs and documents the journeys upload.
 */
export function png(width = 320, height = 200, rgb: [number, number, number] = [120, 94, 60], noisy = false): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, Buffer.from(rgb))]);
  // `noisy`: random pixels, which compress as little as a camera's photo does (several MB).
  const rowOf = () => (noisy ? Buffer.concat([Buffer.from([0]), randomBytes(width * 3)]) : row);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, rowOf)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
