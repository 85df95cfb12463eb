// What the suite reads of one response at most, so a broken or hostile target (an endless body, a
// compression bomb, a JSON document nested millions deep) costs a finding, never the run's memory.

export interface ResponseLimits {
  /** Body bytes read, counted after Content-Encoding is decoded (so a gzip bomb stops here too). */
  maxBodyBytes: number;
  /** JSON nesting read: no Pet Store body nests deeper than a handful of levels. */
  maxJsonDepth: number;
}

/**
 * 2 MiB: a full page of 100 records of 20 KB each fits, and 8 such reads in flight (bytes, then text)
 * stay well inside the run's 256 MB. The header block is capped by Node's HTTP parser (16 KiB by default,
 * `--max-http-header-size`), which bounds the number of headers too.
 */
export const DEFAULT_RESPONSE_LIMITS: ResponseLimits = { maxBodyBytes: 2 * 1024 * 1024, maxJsonDepth: 64 };
