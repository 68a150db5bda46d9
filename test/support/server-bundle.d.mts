/** Node's arguments that run the server's `entry` from its current sources: its bundle, else through tsx. */
export declare function serverCommand(entry: 'main' | 'cli'): string[];
