import type { DeviceBrand } from '@herald/contract';
import { apiUrl } from '../../../lib/config';
import { loadImage } from '../../../lib/files';
import { LOGO_SHARE } from './BrandedQr';

/**
 * The downloadable PNG of a device's QR code: the plain code drawn by the QR component inside a
 * white margin (the quiet zone a scanner needs), the account's logo on a white square in its
 * middle, and the product name and S/N under it. The logo is drawn here rather than by the
 * component, which loads it after its canvas is first drawn; a logo that cannot be loaded is left
 * out rather than failing the download.
 */
export async function qrPng(code: HTMLCanvasElement, sn: string, brand: DeviceBrand | null): Promise<string> {
  const size = code.width;
  const margin = Math.round(size / 12);
  const lines = [brand?.productName, sn].filter((l): l is string => !!l);
  const lineHeight = Math.round(size / 12);
  const out = document.createElement('canvas');
  out.width = size + 2 * margin;
  out.height = size + 2 * margin + lines.length * lineHeight;
  const g = out.getContext('2d');
  if (!g) throw new Error('no canvas');
  g.fillStyle = '#fff';
  g.fillRect(0, 0, out.width, out.height);
  g.drawImage(code, margin, margin);
  const logo = brand?.logoUrl ? await loadImage(apiUrl(brand.logoUrl)).catch(() => null) : null;
  if (logo) {
    const side = Math.round(size * LOGO_SHARE);
    const pad = Math.round(side / 10);
    const at = margin + Math.round((size - side) / 2);
    g.fillRect(at - pad, at - pad, side + 2 * pad, side + 2 * pad);
    // keep the logo's proportions inside its square
    const scale = Math.min(side / logo.naturalWidth, side / logo.naturalHeight);
    const w = logo.naturalWidth * scale;
    const h = logo.naturalHeight * scale;
    g.drawImage(logo, at + (side - w) / 2, at + (side - h) / 2, w, h);
  }
  g.fillStyle = '#000';
  g.textAlign = 'center';
  g.textBaseline = 'middle';
  lines.forEach((line, i) => {
    g.font = `${i === 0 && lines.length > 1 ? 'bold ' : ''}${Math.round(lineHeight * 0.6)}px sans-serif`;
    g.fillText(line, out.width / 2, size + 2 * margin + lineHeight * (i + 0.3), size);
  });
  return out.toDataURL('image/png');
}
