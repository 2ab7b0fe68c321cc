// s3rver ships no types; only what the tests use.
declare module 's3rver' {
  // eslint-disable-next-line no-restricted-syntax -- the package's own default export
  export default class S3rver {
    constructor(options: { port?: number; address?: string; silent?: boolean; directory: string });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
