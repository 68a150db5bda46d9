export declare function signInByApi(baseUrl: string, username: string, password: string): Promise<string>;
