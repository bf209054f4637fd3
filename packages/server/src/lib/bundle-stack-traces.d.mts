/**
 * From now on, stack frames in the bundle `moduleUrl` belongs to are shown at their TypeScript
 * line, if it belongs to one (bundle-stack-traces.mjs).
 */
export function mapFramesOfBundle(moduleUrl: string): void;
