/** Frames in a `.mjs` file of `dir` with a `.map` beside it are shown at their source's line (bundle-stack-traces.mjs). */
export function mapBundleFrames(dir: string): void;
/** The folder of the running bundle when `moduleUrl`'s file is part of one (a map beside it), else undefined. */
export function bundleDir(moduleUrl: string): string | undefined;
/** mapBundleFrames() for the bundle `moduleUrl` belongs to, if any. */
export function mapFramesOfBundle(moduleUrl: string): void;
