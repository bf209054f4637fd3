/**
 * BMP files as printers take them (a startup logo): BITMAPINFOHEADER, bottom-up rows padded to
 * 4 bytes, a 2-colour palette for 1 bit per pixel. `bitsPerPixel` 24 makes the kind of file a
 * paint program saves by default, which Herald refuses.
 */
export function bmp(width: number, height: number, bitsPerPixel: 1 | 24 = 1): Buffer {
  const rowBytes = Math.ceil((width * bitsPerPixel) / 32) * 4;
  const palette = bitsPerPixel === 1 ? 8 : 0;
  const pixelsAt = 14 + 40 + palette;
  const out = Buffer.alloc(pixelsAt + rowBytes * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(pixelsAt, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(bitsPerPixel, 28);
  out.writeUInt32LE(0, 30);
  out.writeUInt32LE(rowBytes * height, 34);
  if (palette) out.writeUInt32LE(0x00ffffff, 58); // index 1 white, index 0 black
  // a black frame of 1-bit rows: every other byte set, so the picture is not empty
  for (let i = pixelsAt; i < out.length; i += 2) out[i] = bitsPerPixel === 1 ? 0xaa : 0x80;
  return out;
}
