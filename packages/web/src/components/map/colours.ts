/** The maps' colours: device states as the tags beside them (antd's green, grey and red). */
export const MAP_COLOURS = {
  sea: '#d6e6f2',
  land: '#f5f3ee',
  border: '#b8b3a7',
  online: '#52c41a',
  offline: '#8c8c8c',
  inside: '#52c41a',
  outside: '#f5222d',
  unknown: '#8c8c8c',
  fence: '#2f54eb',
  track: '#2f54eb',
  accuracy: '#1677ff',
} as const;

export const onlineColour = (online: boolean) => (online ? MAP_COLOURS.online : MAP_COLOURS.offline);

/** A device against a fence: inside, outside, or not yet placed (no position since it joined). */
export const insideColour = (inside: boolean | null) =>
  inside === null ? MAP_COLOURS.unknown : inside ? MAP_COLOURS.inside : MAP_COLOURS.outside;
