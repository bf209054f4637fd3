import { Image } from 'antd';
import { API_BASE } from '../../../lib/config';

/** The model's picture; its URL is public and versioned, so a plain <img> does. */
export function ModelThumb({ url, size = 40, alt }: { url: string; size?: number; alt?: string }) {
  return <Image src={`${API_BASE}${url}`} width={size} height={size} style={{ objectFit: 'contain' }} alt={alt} />;
}
