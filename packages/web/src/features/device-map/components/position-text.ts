import type { Position } from '@herald/contract';

/** Coordinates as shown: six decimals (about 10 cm), latitude first. */
export const coordinates = (p: { lat: number; lng: number }) => `${p.lat.toFixed(6)}, ${p.lng.toFixed(6)}`;

/** An accuracy in whole metres, or '-' when the device did not say. */
export const metres = (m: Position['accuracy']) => (m === null ? '-' : `${Math.round(m)} m`);
