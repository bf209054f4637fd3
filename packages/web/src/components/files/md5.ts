/**
 * MD5 of the bytes the user picked, computed in the browser so the upload can name it and the
 * server can refuse a file that changed on the way ('parameter file inconsistent'). Web Crypto
 * has no MD5, and the console takes no dependency for one function: this is RFC 1321, fed in
 * chunks so a 50 MB .apk never needs a second copy in memory.
 */

const S = [
  7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 4,
  11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

export class Md5 {
  private state = new Uint32Array([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  private buffer = new Uint8Array(64);
  private buffered = 0;
  private length = 0;
  private words = new Uint32Array(16);

  update(bytes: Uint8Array): this {
    let i = 0;
    this.length += bytes.length;
    if (this.buffered > 0) {
      const take = Math.min(64 - this.buffered, bytes.length);
      this.buffer.set(bytes.subarray(0, take), this.buffered);
      this.buffered += take;
      i = take;
      if (this.buffered < 64) return this;
      this.block(this.buffer, 0);
      this.buffered = 0;
    }
    for (; i + 64 <= bytes.length; i += 64) this.block(bytes, i);
    if (i < bytes.length) {
      this.buffer.set(bytes.subarray(i), 0);
      this.buffered = bytes.length - i;
    }
    return this;
  }

  /** Lower-case hex digest; the instance is spent afterwards. */
  hex(): string {
    const bits = this.length * 8;
    const pad = new Uint8Array((this.buffered < 56 ? 56 : 120) - this.buffered + 8);
    pad[0] = 0x80;
    const view = new DataView(pad.buffer);
    view.setUint32(pad.length - 8, bits >>> 0, true);
    view.setUint32(pad.length - 4, Math.floor(bits / 2 ** 32), true);
    this.update(pad);
    let out = '';
    for (const word of this.state) {
      for (let b = 0; b < 4; b++) out += ((word >>> (b * 8)) & 0xff).toString(16).padStart(2, '0');
    }
    return out;
  }

  private block(bytes: Uint8Array, offset: number): void {
    const w = this.words;
    for (let j = 0; j < 16; j++) {
      const o = offset + j * 4;
      w[j] = bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24);
    }
    let [a, b, c, d] = this.state as unknown as [number, number, number, number];
    for (let j = 0; j < 64; j++) {
      let f: number;
      let g: number;
      if (j < 16) {
        f = (b & c) | (~b & d);
        g = j;
      } else if (j < 32) {
        f = (d & b) | (~d & c);
        g = (5 * j + 1) % 16;
      } else if (j < 48) {
        f = b ^ c ^ d;
        g = (3 * j + 5) % 16;
      } else {
        f = c ^ (b | ~d);
        g = (7 * j) % 16;
      }
      const sum = (a + f + K[j]! + w[g]!) | 0;
      a = d;
      d = c;
      c = b;
      b = (b + ((sum << S[j]!) | (sum >>> (32 - S[j]!)))) | 0;
    }
    this.state[0] = (this.state[0]! + a) | 0;
    this.state[1] = (this.state[1]! + b) | 0;
    this.state[2] = (this.state[2]! + c) | 0;
    this.state[3] = (this.state[3]! + d) | 0;
  }
}

/** MD5 of a file read in 2 MB slices; `onProgress` gets the fraction hashed so far. */
export async function md5OfBlob(file: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const CHUNK = 2 * 1024 * 1024;
  const md5 = new Md5();
  for (let start = 0; start < file.size; start += CHUNK) {
    const slice = file.slice(start, Math.min(start + CHUNK, file.size));
    md5.update(new Uint8Array(await slice.arrayBuffer()));
    onProgress?.(Math.min(1, (start + CHUNK) / file.size));
  }
  return md5.hex();
}
