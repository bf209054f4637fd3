import { describe, expect, it } from 'vitest';
import { amountClips, amountText, cases } from './testing';

describe('Spanish reading', () => {
  it.each(
    cases({
      '1': 'un dólar',
      '0.01': 'un centavo',
      '0.05': 'cinco centavos',
      '0.5': 'cincuenta centavos',
      '10.05': 'diez dólares con cinco centavos',
      '12.50': 'doce dólares con cincuenta centavos',
      '12.00': 'doce dólares',
      '16': 'dieciséis dólares',
      '21': 'veintiún dólares',
      '31': 'treinta y un dólares',
      '100.00': 'cien dólares',
      '101': 'ciento un dólares',
      '115': 'ciento quince dólares',
      '500': 'quinientos dólares',
      '700': 'setecientos dólares',
      '900': 'novecientos dólares',
      '1000': 'mil dólares',
      '1005': 'mil cinco dólares',
      '10000': 'diez mil dólares',
      '21000': 'veintiún mil dólares',
      '100000': 'cien mil dólares',
      '1000000': 'un millón de dólares',
      '2000000': 'dos millones de dólares',
      '2500000': 'dos millones quinientos mil dólares',
      '999999999.99':
        'novecientos noventa y nueve millones novecientos noventa y nueve mil novecientos noventa y nueve dólares con noventa y nueve centavos',
    }),
  )('%s USD → %s', (amount, expected) => {
    expect(amountText('es', amount, 'USD')).toBe(expected);
  });

  it('agrees with feminine nouns', () => {
    expect(amountText('es', '1', 'INR')).toBe('una rupia');
    expect(amountText('es', '21', 'INR')).toBe('veintiuna rupias');
    expect(amountText('es', '200', 'INR')).toBe('doscientas rupias');
    expect(amountText('es', '200000000', 'INR')).toBe('doscientos millones de rupias');
    expect(amountText('es', '1.01', 'MXN')).toBe('un peso con un centavo');
  });

  it('keeps clip ids ASCII', () => {
    expect(amountClips('es', '21', 'EUR')).toEqual(['es/word.veintiun', 'es/cur.EUR.majorPlural']);
  });
});
