import receiptline from 'receiptline';
import { describe, expect, it } from 'vitest';
import { CHARS_PER_LINE, TEMPLATE_COMMANDS } from '@herald/contract';
import { fill, malformedPlaceholders, placeholders, renderCommands, renderSvg } from './render';

describe('template rendering checks', () => {
  it('finds double-brace blocks that are not placeholders', () => {
    expect(malformedPlaceholders('{{ok}} {{ also_ok }} {{order-no}} {{1x}} {width:*,8}')).toEqual([
      '{{order-no}}',
      '{{1x}}',
    ]);
    expect(placeholders('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });

  it('renders filled markup at both widths and in each command set', () => {
    const { markup } = fill('^^Total\n|{{item}}|{{price}}|', { item: 'Tea', price: '3' });
    for (const paperWidth of [58, 80] as const) {
      for (const command of TEMPLATE_COMMANDS)
        expect(renderCommands(markup, { paperWidth, command }).length).toBeGreaterThan(0);
      expect(renderSvg(markup, { paperWidth })).toContain('<svg');
    }
  });

  it('escapes values so a parameter cannot inject markup', () => {
    expect(fill('{{x}}', { x: '{code:1}|^' }).markup).toBe('\\x7bcode\\x3a1\\x7d\\x7c\\x5e');
    const bytes = (body: string, params: Record<string, string>) =>
      renderCommands(fill(body, params).markup, { paperWidth: 58, language: 'en' });
    const has = (b: Buffer, seq: number[]) => b.includes(Buffer.from(seq));
    const count = (b: Buffer, seq: number[]) => {
      let n = 0;
      for (let i = b.indexOf(Buffer.from(seq)); i >= 0; i = b.indexOf(Buffer.from(seq), i + 1)) n++;
      return n;
    };
    const ESC_P = [0x1b, 0x70]; // opens the cash drawer
    const CUT = [0x1d, 0x56]; // GS V
    const INVERT = [0x1d, 0x42, 0x01]; // GS B 1
    // inside a property: `;` would start a property of its own, `x:` sends raw bytes
    const barcode = '{code:{{n}}; option:code128,hri}';
    expect(has(bytes(barcode, { n: 'A1;x:\u001bp0\u0019\u00fa' }), ESC_P)).toBe(false);
    // ... and the barcode keeps every character it was given (a backslash escape dropped them there)
    expect(bytes(barcode, { n: 'ID-a_b~c^d;x:' }).includes(Buffer.from('ID-a_b~c^d;x:'))).toBe(true);
    // a value alone on its line is text, not a cut or a rule; a character that normalizes to markup stays text
    const plain = bytes('Table 7', {});
    expect(count(bytes('Table 7\n{{note}}', { note: '=' }), CUT)).toBe(count(plain, CUT));
    expect(bytes('Table 7\n{{note}}', { note: '---' }).includes(Buffer.from('---'))).toBe(true);
    expect(has(bytes('Table {{t}}', { t: '7 \u1fef' }), INVERT)).toBe(false);
    // control characters keep a value on its line
    expect(fill('{{x}}', { x: 'a\r\n---\tb' }).markup).toBe('a \\x2d\\x2d\\x2d b');
  });

  it('fills only the values given: a parameter named like a built-in is missing when not sent', () => {
    expect(fill('{{constructor}} {{toString}}', {}).missing).toEqual(['constructor', 'toString']);
    expect(fill('{{constructor}}', { constructor: 'x' } as Record<string, unknown>).markup).toBe('x');
  });

  it('renders with its own copies of the command sets exactly as receiptline does by name', () => {
    // rules, columns, sizes, inversion, a barcode, a QR code, a cut, and text in two scripts
    const doc = [
      '^^^BENCH SHOP 小店',
      '{width:*,8}',
      '`Coffee` | ~2.50~',
      '_Croissant_ | "1.80"',
      '---',
      '{code:12345678; option:code128,2,72,hri}',
      '{code:https://example.com/r/1; option:qrcode,4,l}',
      '=',
      '^TOTAL | ^4.30',
    ].join('\n');
    for (const paperWidth of [58, 80] as const) {
      const printer = { cpl: CHARS_PER_LINE[paperWidth], encoding: 'gb18030' as const, cutting: true };
      for (const command of TEMPLATE_COMMANDS) {
        const ours = renderCommands(doc, { paperWidth, command, language: 'zh_CN' });
        expect(ours.equals(Buffer.from(receiptline.transform(doc, { ...printer, command }), 'latin1'))).toBe(true);
      }
      // each SVG names its filter with a new UUID
      const svgOf = (svg: string) => svg.replace(/receipt-[0-9a-f-]{36}/g, 'receipt-id');
      const svg = svgOf(receiptline.transform(doc, { ...printer, command: 'svg' }));
      // twice: the shared copy must not keep state from one receipt to the next
      expect(svgOf(renderSvg(doc, { paperWidth, language: 'zh_CN' }))).toBe(svg);
      expect(svgOf(renderSvg(doc, { paperWidth, language: 'zh_CN' }))).toBe(svg);
    }
  });
});
