export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: readonly string[];
export declare function builtAppEnv(place: { port: number; dataDir: string; webDir: string }, overrides?: Record<string, string>): NodeJS.ProcessEnv;
