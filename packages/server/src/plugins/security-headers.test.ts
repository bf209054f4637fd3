import { describe, expect, it } from 'vitest';
import { tileSources } from './security-headers';

describe('tileSources', () => {
  it("names the tile server's origin, with Leaflet's {s} as its subdomains a, b and c", () => {
    expect(tileSources('https://tile.example.org/{z}/{x}/{y}.png')).toEqual(['https://tile.example.org']);
    expect(tileSources('HTTPS://{s}.Tile.Example.org:8443/{z}/{x}/{y}.png?key=k')).toEqual([
      'https://a.tile.example.org:8443',
      'https://b.tile.example.org:8443',
      'https://c.tile.example.org:8443',
    ]);
    expect(tileSources('https://maps-{s}.example.org/{z}/{x}/{y}.png')).toEqual([
      'https://maps-a.example.org',
      'https://maps-b.example.org',
      'https://maps-c.example.org',
    ]);
  });

  it('allows the whole scheme when another placeholder is in the host; nothing for no or a relative template', () => {
    expect(tileSources('https://{r}.example.org/{z}/{x}/{y}.png')).toEqual(['https:']);
    expect(tileSources('/tiles/{z}/{x}/{y}.png')).toEqual([]);
    expect(tileSources(undefined)).toEqual([]);
  });
});
