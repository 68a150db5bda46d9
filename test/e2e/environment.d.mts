export declare const E2E_PORT: number;
export declare const E2E_WEBHOOK_PORT: number;
export declare const E2E_DATA_DIR: string;
export declare const ROOT: string;
