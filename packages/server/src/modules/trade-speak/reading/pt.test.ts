import { describe, expect, it } from 'vitest';
import { composeTradeBroadcast, speakText } from '../compose';
import { amountClips, amountText, cases } from './testing';

describe('Portuguese reading', () => {
  it.each(
    cases({
      '1': 'um real',
      '2': 'dois reais',
      '0.01': 'um centavo',
      '0.05': 'cinco centavos',
      '0.5': 'cinquenta centavos',
      '10.05': 'dez reais e cinco centavos',
      '12.50': 'doze reais e cinquenta centavos',
      '16': 'dezesseis reais',
      '21': 'vinte e um reais',
      '100.00': 'cem reais',
      '101': 'cento e um reais',
      '200': 'duzentos reais',
      '1000': 'mil reais',
      '1001': 'mil e um reais',
      '1100': 'mil e cem reais',
      '1250': 'mil duzentos e cinquenta reais',
      '10000': 'dez mil reais',
      '100000': 'cem mil reais',
      '1000000': 'um milhão de reais',
      '2000000': 'dois milhões de reais',
      '1200000': 'um milhão e duzentos mil reais',
      '999999999.99':
        'novecentos e noventa e nove milhões novecentos e noventa e nove mil novecentos e noventa e nove reais e noventa e nove centavos',
    }),
  )('%s BRL → %s', (amount, expected) => {
    expect(amountText('pt', amount, 'BRL')).toBe(expected);
  });

  it('agrees with feminine nouns', () => {
    expect(amountText('pt', '2', 'INR')).toBe('duas rupias');
    expect(amountText('pt', '200', 'INR')).toBe('duzentas rupias');
    expect(amountText('pt', '2000', 'INR')).toBe('duas mil rupias');
  });

  it('composes with the prefix phrase', () => {
    expect(amountClips('pt', '1000000', 'BRL')).toEqual([
      'pt/word.um',
      'pt/word.milhao',
      'pt/word.de',
      'pt/cur.BRL.majorPlural',
    ]);
    const clips = composeTradeBroadcast({
      language: 'pt',
      amount: '12.5',
      currency: 'BRL',
      paymentType: 'cash',
      prefix: 'received',
    });
    expect(speakText('pt', clips)).toBe('Recebido em dinheiro doze reais e cinquenta centavos');
  });
});
