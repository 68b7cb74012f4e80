/** Types of server-command.mjs, for the TypeScript launchers (end-to-end tests, bench). */
export declare const SERVER_MAIN: string;
export declare function serverNodeFlags(env?: NodeJS.ProcessEnv): string[];
export declare function serverArgs(args?: string[], env?: NodeJS.ProcessEnv): string[];
