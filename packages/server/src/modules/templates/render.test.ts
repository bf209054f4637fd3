import { describe, expect, it } from 'vitest';
import { canRender, fill, malformedPlaceholders, placeholders } from './render';

describe('template rendering checks', () => {
  it('finds double-brace blocks that are not placeholders', () => {
    expect(malformedPlaceholders('{{ok}} {{ also_ok }} {{order-no}} {{1x}} {width:*,8}')).toEqual([
      '{{order-no}}',
      '{{1x}}',
    ]);
    expect(placeholders('{{a}} {{b}} {{a}}')).toEqual(['a', 'b']);
  });

  it('renders filled markup at both widths; a malformed placeholder cannot be rendered', () => {
    const body = '^^Total\n|{{item}}|{{price}}|';
    expect(canRender(body, { item: 'Tea', price: '3' }, { paperWidth: 58 })).toBe(true);
    expect(canRender(body, {}, { paperWidth: 80, command: 'starmbcs' })).toBe(true);
    expect(canRender('Order {{order-no}}', {}, { paperWidth: 58 })).toBe(false);
  });

  it('escapes values so a parameter cannot inject markup', () => {
    expect(fill('{{x}}', { x: '{code:1}|^' }).markup).toBe('\\{code:1\\}\\|\\^');
  });
});
