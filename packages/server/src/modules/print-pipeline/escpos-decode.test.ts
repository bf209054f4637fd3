import { describe, expect, it } from 'vitest';
import { decodeEscPos, receiptLines } from '@herald/device-sim';
import { fill, renderCommands } from '../templates/render';

/**
 * The simulated printer's ESC/POS decoder: what receiptline renders for a device decodes back to
 * the receipt's text (so integration tests can read what a printer "printed").
 */
/** a 1×1 PNG */
const PNG_1X1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const RECEIPT = `^^^Shop {{shop}}
Order {{order}}
{border:line; width:*,8}
|Coffee 咖啡 | 12.50|
|Tea | 3.00|
{border:space; width:*,8}
---
{code:https://herald.example/o/{{order}}; option:qrcode,4}
{code:1234567890128; option:ean,hri}
{image:PNG}
"Total" | "15.50"
_Thanks_ 谢谢 \`underline\`
=`;

const markup = (shop: string) => fill(RECEIPT.replace('PNG', PNG_1X1), { shop, order: 'A-1001' }).markup;

describe('decodeEscPos', () => {
  it('reads back a Chinese receipt at 58 mm (gb18030, double-byte mode)', () => {
    const bytes = renderCommands(markup('小店'), { paperWidth: 58, language: 'zh_CN' });
    const lines = receiptLines(decodeEscPos(bytes, 'gb18030'));
    const text = lines.join('\n');
    expect(text).toContain('Shop 小店');
    expect(text).toContain('Order A-1001');
    expect(lines.some((l) => /^\|Coffee 咖啡 +\| +12\.50\|$/.test(l))).toBe(true);
    expect(lines.some((l) => /^\|Tea +\| +3\.00\|$/.test(l))).toBe(true);
    expect(text).toMatch(/Total +15\.50/);
    expect(text).toContain('Thanks 谢谢 underline');
    // commands, images, QR code and barcode leave no stray bytes behind
    expect([...text].filter((c) => (c < ' ' && c !== '\n') || c === '\ufffd')).toEqual([]);
    // 58 mm: 32 columns
    expect(Math.max(...lines.map((l) => [...l].reduce((n, c) => n + (c.charCodeAt(0) >= 0x2e80 ? 2 : 1), 0)))).toBe(32);
  });

  it('reads back an English receipt at 80 mm', () => {
    const bytes = renderCommands(markup('Corner'), { paperWidth: 80, language: 'en' });
    const lines = receiptLines(decodeEscPos(bytes, 'ascii'));
    expect(lines.join('\n')).toContain('Shop Corner');
    expect(Math.max(...lines.map((l) => l.length))).toBe(48);
    expect(lines.some((l) => /^\|Tea +\| +3\.00\|$/.test(l))).toBe(true);
  });

  it('skips each command with its parameters', () => {
    const bytes = Buffer.concat([
      Buffer.from('\x1b@\x1ba\x01\x1b!\x00\x1dB\x01\x1bE\x01\x1b-\x01\x1bt\x00', 'latin1'),
      Buffer.from('\x1c&', 'latin1'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3]), // 你好 in gb18030
      Buffer.from('\x1c.\x1b3\x00\x1b{\x00\x1cC0\x1bM0\x1b \x00\x1cS\x00\x00hi\n', 'latin1'),
      Buffer.from('\x1dv0\x00\x01\x00\x02\x00\xff\xff', 'latin1'), // 1×2 raster image
      Buffer.from('\x1d(k\x03\x001A2', 'latin1'),
      Buffer.from('\x1dk\x04ABC\x00\x1dkI\x03abc', 'latin1'),
      Buffer.from('ok\n\x1dVB\x00', 'latin1'),
    ]);
    expect(receiptLines(decodeEscPos(bytes, 'gb18030'))).toEqual(['你好hi', 'ok']);
  });
});
