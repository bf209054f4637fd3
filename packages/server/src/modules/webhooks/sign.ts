import { createHmac } from 'node:crypto';

/** hex HMAC-SHA256(secret, `${timestamp}\n${rawBody}`): what a receiver recomputes to trust a push. */
export const webhookSignature = (secret: string, timestamp: string, rawBody: string) =>
  createHmac('sha256', secret).update(`${timestamp}\n${rawBody}`).digest('hex');
