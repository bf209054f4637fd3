import { loadImage, readAsDataUrl } from './files';

/**
 * A picture cut to its centred square and scaled to `px` × `px`, as a data URL: what an avatar
 * needs, at a few tens of kilobytes whatever the camera made. A PNG stays PNG (it may be
 * transparent); anything else becomes JPEG. Rejects what the browser cannot decode.
 */
export async function squareDataUrl(file: Blob, px: number): Promise<string> {
  const img = await loadImage(await readAsDataUrl(file));
  const side = Math.min(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement('canvas');
  canvas.width = px;
  canvas.height = px;
  const g = canvas.getContext('2d');
  if (!g || side === 0) throw new Error('not an image');
  g.imageSmoothingQuality = 'high';
  const png = file.type === 'image/png';
  if (!png) {
    g.fillStyle = '#fff';
    g.fillRect(0, 0, px, px);
  }
  g.drawImage(img, (img.naturalWidth - side) / 2, (img.naturalHeight - side) / 2, side, side, 0, 0, px, px);
  return canvas.toDataURL(png ? 'image/png' : 'image/jpeg', 0.9);
}
