import { describe, expect, it } from 'vitest';
import { mergePlaceholders, pickPlaceholders, sampleValues, undeclaredPlaceholders } from './placeholders';

const BODY = '^^Receipt\n|{{item}}|{{ price }}|\n{{item}} again\nThanks {{name}}! {{1bad}} {{too-long}} {single}';

describe('template placeholders', () => {
  it('picks distinct names in order of first use, spaces inside braces allowed', () => {
    expect(pickPlaceholders(BODY)).toEqual(['item', 'price', 'name']);
    expect(pickPlaceholders('no placeholders')).toEqual([]);
  });

  it('adds rows only for undeclared placeholders and keeps existing rows untouched', () => {
    const rows = [{ name: 'price', sample: '12.50', description: 'total' }];
    expect(mergePlaceholders(rows, BODY)).toEqual([
      { name: 'price', sample: '12.50', description: 'total' },
      { name: 'item', sample: '', description: '' },
      { name: 'name', sample: '', description: '' },
    ]);
    expect(mergePlaceholders(mergePlaceholders(rows, BODY), BODY)).toHaveLength(3);
  });

  it('lists undeclared placeholders and builds the sample map', () => {
    expect(undeclaredPlaceholders([{ name: 'item' }, undefined], BODY)).toEqual(['price', 'name']);
    expect(mergePlaceholders([undefined], '{{a}}')).toEqual([{ name: 'a', sample: '', description: '' }]);
    expect(
      sampleValues([{ name: 'item', sample: 'Tea' }, { name: ' ' }, undefined, { name: 'x-y', sample: '1' }]),
    ).toEqual({
      item: 'Tea',
    });
  });
});
