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
    expect(fill('{{x}}', { x: '{code:1}|^' }).markup).toBe('\\{code:1\\}\\|\\^');
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
