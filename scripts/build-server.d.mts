/** Types of build-server.mjs for the TypeScript that imports it (benches, test harnesses). */
export declare const builtEntry: string;
/** esbuild's options for the server's bundle, without its entries, folder and plugins. */
export declare const bundleOptions: import('esbuild').BuildOptions;
export type ServerCommand = { command: string; args: string[] };
export declare function newestMtime(p: string): number;
export declare function buildNeeded(built: string, sources: string[]): string | undefined;
export declare function serverBuildNeeded(): string | undefined;
export declare function buildServer(): Promise<void>;
export declare function ensureServerBuilt(): Promise<void>;
export declare function serverCommand(nodeFlags?: string[]): ServerCommand;
export declare function builtServerCommand(nodeFlags?: string[]): ServerCommand;
