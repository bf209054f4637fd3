/** Bounding boxes for fitting a map's view, without Leaflet (which needs a browser to load). */
export type LatLng = { lat: number; lng: number };
export type Circle = LatLng & { radius: number };
/** [[south, west], [north, east]], as Leaflet's fitBounds takes it */
export type Box = [[number, number], [number, number]];

const METRES_PER_DEGREE = 111_320;
const clampLat = (lat: number) => Math.max(-90, Math.min(90, lat));

/** The box around a circle of `radius` metres (near enough: a degree of longitude shrinks with the latitude). */
export function circleBox(c: Circle): Box {
  const dLat = c.radius / METRES_PER_DEGREE;
  const dLng = c.radius / (METRES_PER_DEGREE * Math.max(Math.cos((c.lat * Math.PI) / 180), 0.01));
  return [
    [clampLat(c.lat - dLat), c.lng - dLng],
    [clampLat(c.lat + dLat), c.lng + dLng],
  ];
}

/** The box around every point and circle; undefined when there is nothing to show. */
export function boxAround(points: readonly LatLng[], circles: readonly Circle[] = []): Box | undefined {
  const boxes: Box[] = [
    ...points.map((p): Box => [
      [p.lat, p.lng],
      [p.lat, p.lng],
    ]),
    ...circles.map(circleBox),
  ];
  if (boxes.length === 0) return undefined;
  return [
    [Math.min(...boxes.map((b) => b[0][0])), Math.min(...boxes.map((b) => b[0][1]))],
    [Math.max(...boxes.map((b) => b[1][0])), Math.max(...boxes.map((b) => b[1][1]))],
  ];
}

/** Whether `inner` lies within `outer`. */
export const boxContains = (outer: Box, inner: Box) =>
  inner[0][0] >= outer[0][0] && inner[0][1] >= outer[0][1] && inner[1][0] <= outer[1][0] && inner[1][1] <= outer[1][1];
