import { afterEach, describe, expect, it } from 'vitest';
import { RECEIPT_BYTES_MAX } from '@herald/contract';
import { printerOf, renderCommands, renderSvg } from './render';
import { inline, RenderRefused, startRenderer, type Renderer } from './render-pool';

const RECEIPT = '^^^SHOP 小店\n{width:*,8}\nLatte | 3.50\n---\n{code:https://example.com/r/1; option:qrcode,4,l}\n=';
const QR = '{code:https://example.com/very/long/url/0123456789; option:qrcode,8,L}\n';
/** ~20 kB of QR codes (the body limit): hundreds of ms of rendering and ~2 MB of printer commands */
const QR_WALL = QR.repeat(280);

const renderers: Renderer[] = [];
const start = (opts: Partial<Parameters<typeof startRenderer>[0]> = {}) => {
  const r = startRenderer({ threads: 1, timeoutMs: 10_000, maxBytes: RECEIPT_BYTES_MAX, ...opts });
  renderers.push(r);
  return r;
};

afterEach(async () => {
  await Promise.all(renderers.splice(0).map((r) => r.close()));
});

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'rendered',
    (e: unknown) => (e instanceof RenderRefused ? e.reason : String(e)),
  );

describe('rendering threads', () => {
  it('render the same commands and picture as the in-process transform, at both widths', async () => {
    const r = start({ threads: 2 });
    const svgOf = (svg: string) => svg.replace(/receipt-[0-9a-f-]{36}/g, 'receipt-id');
    for (const paperWidth of [58, 80] as const) {
      for (const command of ['escpos', 'starmbcs'] as const) {
        const t = { paperWidth, command, language: 'zh_CN' } as const;
        expect(await r.commands(RECEIPT, printerOf(t))).toBe(renderCommands(RECEIPT, t).toString('base64'));
      }
      const svg = await r.preview(RECEIPT, printerOf({ paperWidth }));
      expect(svgOf(svg)).toBe(svgOf(renderSvg(RECEIPT, { paperWidth })));
    }
  });

  it('answer every caller with its own receipt, in order, from a queue longer than the threads', async () => {
    const r = start({ threads: 2 });
    const t = { paperWidth: 58 } as const;
    const bodies = Array.from({ length: 40 }, (_, i) => `Order ${i}\n{code:${1000 + i}; option:code128}`);
    const out = await Promise.all(bodies.map((b) => r.commands(b, printerOf(t))));
    out.forEach((b64, i) => expect(b64).toBe(renderCommands(bodies[i]!, t).toString('base64')));
  });

  it('render short text receipts at once, even while a thread is busy', async () => {
    expect(inline('^^Total\n{width:*,8}\nTea | 3.00')).toBe(true);
    expect(inline('Line\n'.repeat(59) + 'Last')).toBe(true);
    for (const costly of [
      '{code:123}',
      '{ c : 123 }',
      '{width:*; image:iVBOR}',
      '{i:iVBOR}',
      'x'.repeat(2001),
      // many printed lines: by line breaks, or by a narrow column
      '\n'.repeat(60),
      '{w:1}\n' + 'x'.repeat(1900),
      '{width:*,3,*}\nA | B | C',
      // a column wider than any paper: receiptline's time grows with it
      '{width:99999999}\na',
      '{w:*,49}\nA | B',
      // the same written with escapes receiptline reads away
      '{width:\\x31000000000}\na',
      '{width:1\\z000000000}\na',
      '{\\x63ode:123}',
    ])
      expect(inline(costly)).toBe(false);
    const r = start({ maxBytes: 1024 * 1024 * 1024 });
    const t = printerOf({ paperWidth: 80 });
    const done: string[] = [];
    const slow = r.commands(QR.repeat(50), t).then(() => done.push('slow'));
    await r.commands('Tea | 3.00', t).then(() => done.push('short'));
    await slow;
    expect(done).toEqual(['short', 'slow']);
  });

  it('refuse commands over the size limit, and go on rendering', async () => {
    const r = start({ maxBytes: 64 * 1024 });
    const t = printerOf({ paperWidth: 80 });
    expect(await refusal(r.commands(QR_WALL, t))).toBe('tooLarge');
    expect(await refusal(r.preview(QR_WALL, t))).toBe('tooLarge');
    expect(await refusal(r.commands(RECEIPT, t))).toBe('rendered');
    // on the calling thread too
    const tiny = start({ maxBytes: 64 });
    expect(await refusal(tiny.commands('Tea | 3.00\n'.repeat(20), t))).toBe('tooLarge');
  });

  it('stop a render past the time limit, refuse it, and render the rest of its batch on a new thread', async () => {
    // a limit the short receipts meet with room on a loaded machine (a fresh thread's first
    // renders included), against a receipt that needs ~10x the limit: receiptline's time grows
    // with a column's width (~20 s for this one here)
    const r = start({ timeoutMs: 2_000, maxBytes: 1024 * 1024 * 1024 });
    const t = printerOf({ paperWidth: 80 });
    // asked in one tick, so one batch: the slow one after receipts it follows within
    // milliseconds, so they are done but not answered yet when it overruns
    const short = '{code:1234567890128; option:ean}';
    const slow = '{width:1000000000}\na';
    const asked = [short, short, short, slow, RECEIPT].map((m) => refusal(r.commands(m, t)));
    expect(await Promise.all(asked)).toEqual(['rendered', 'rendered', 'rendered', 'tooLarge', 'rendered']);
  });

  it('refuse a receipt that runs its thread out of memory, and render the rest of its batch', async () => {
    const r = start({ heapMb: 16, maxBytes: 1024 * 1024 * 1024 });
    const t = printerOf({ paperWidth: 80 });
    const asked = [RECEIPT, QR.repeat(3000), RECEIPT].map((m) => refusal(r.commands(m, t)));
    expect(await Promise.all(asked)).toEqual(['rendered', 'tooLarge', 'rendered']);
  });

  it('refuse what is queued once closed', async () => {
    const r = start();
    const t = printerOf({ paperWidth: 58 });
    const queued = [r.commands(QR_WALL, t), r.commands(RECEIPT, t)].map((p) => p.catch((e: Error) => e.message));
    await r.close();
    expect(await Promise.all(queued)).toEqual(['the renderer is closed', 'the renderer is closed']);
    await expect(r.commands(RECEIPT, t)).rejects.toThrow('the renderer is closed');
  });
});
