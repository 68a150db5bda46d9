// The mocha globals @web/test-runner provides in the browser (typed here instead of pulling @types/mocha).
type MochaBody = (this: unknown) => void | Promise<void>;
declare function describe(name: string, body: () => void): void;
declare function it(name: string, body: MochaBody): void;
declare function beforeEach(body: MochaBody): void;
declare function afterEach(body: MochaBody): void;
declare function before(body: MochaBody): void;
declare function after(body: MochaBody): void;
