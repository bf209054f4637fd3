/**
 * Monochrome BMPs for printers' startup logos, made in the browser from any picture: the picture
 * is scaled to fit the print head, turned to black and white by a threshold (optionally with
 * Floyd–Steinberg dithering, which keeps greys as dot patterns), and written as an uncompressed
 * 1-bit BMP, the format Herald and the printers take.
 */

/** Luminance 0 (black) … 255 (white) of RGBA pixels, transparent parts counting as the white paper. */
export function luminance(rgba: Uint8ClampedArray): Float32Array {
  const out = new Float32Array(rgba.length / 4);
  for (let i = 0; i < out.length; i++) {
    const a = rgba[i * 4 + 3]! / 255;
    const y = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
    out[i] = y * a + 255 * (1 - a);
  }
  return out;
}

/** Which pixels print (black): below the threshold, with the rounding error spread to the neighbours when dithering. */
export function toMono(lum: Float32Array, width: number, threshold: number, dither: boolean): Uint8Array {
  const v = Float32Array.from(lum);
  const black = new Uint8Array(v.length);
  const height = v.length / width;
  const spread = (x: number, y: number, e: number) => {
    if (x >= 0 && x < width && y < height) v[y * width + x]! += e;
  };
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const on = v[i]! < threshold;
      black[i] = on ? 1 : 0;
      if (!dither) continue;
      const err = v[i]! - (on ? 0 : 255);
      spread(x + 1, y, (err * 7) / 16);
      spread(x - 1, y + 1, (err * 3) / 16);
      spread(x, y + 1, (err * 5) / 16);
      spread(x + 1, y + 1, err / 16);
    }
  return black;
}

/** An uncompressed 1-bit BMP (BITMAPINFOHEADER, bottom-up rows padded to 4 bytes; palette: 0 black, 1 white). */
export function encodeMonoBmp(black: Uint8Array, width: number): Uint8Array {
  const height = black.length / width;
  const rowBytes = Math.ceil(width / 32) * 4;
  const pixelsAt = 14 + 40 + 8;
  const out = new Uint8Array(pixelsAt + rowBytes * height);
  const view = new DataView(out.buffer);
  out.set([0x42, 0x4d]);
  view.setUint32(2, out.length, true);
  view.setUint32(10, pixelsAt, true);
  view.setUint32(14, 40, true);
  view.setInt32(18, width, true);
  view.setInt32(22, height, true);
  view.setUint16(26, 1, true);
  view.setUint16(28, 1, true);
  view.setUint32(34, rowBytes * height, true);
  // 203 dpi in pixels per metre
  view.setInt32(38, 7992, true);
  view.setInt32(42, 7992, true);
  view.setUint32(46, 2, true);
  view.setUint32(58, 0x00ffffff, true);
  for (let y = 0; y < height; y++) {
    const row = pixelsAt + (height - 1 - y) * rowBytes;
    for (let x = 0; x < width; x++) {
      // a set bit is palette entry 1 (white); black dots stay 0
      if (!black[y * width + x]) out[row + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return out;
}

/** The size a picture is drawn at: within `maxWidth` × `maxHeight`, never enlarged, proportions kept. */
export function fitSize(width: number, height: number, maxWidth: number, maxHeight: number) {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
