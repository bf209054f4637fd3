import { Image } from 'antd';
import { apiUrl } from '../../../lib/config';

/** The model's picture; its URL is public and versioned, so a plain <img> does. */
export function ModelThumb({ url, size = 40, alt }: { url: string; size?: number; alt?: string }) {
  return <Image src={apiUrl(url)} width={size} height={size} style={{ objectFit: 'contain' }} alt={alt} />;
}
