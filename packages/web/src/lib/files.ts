/** Reading files the user picked, for uploads sent as JSON (data URLs / base64). */

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

export function readAsText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsText(file);
  });
}

/** The base64 payload of a data URL (what follows the comma). */
export const base64Of = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);

/** A picture loaded and decoded from a URL (data, object or same-origin); rejects what cannot be drawn. */
export async function loadImage(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

/** Pixel size of an image given as a data URL or object URL. */
export async function imageSize(src: string): Promise<{ width: number; height: number }> {
  const img = await loadImage(src);
  return { width: img.naturalWidth, height: img.naturalHeight };
}

/** Whether a file's name ends with one of the extensions (lower-case, without dot). */
export const hasExtension = (name: string, exts: readonly string[]) =>
  exts.some((e) => name.toLowerCase().endsWith(`.${e}`));
