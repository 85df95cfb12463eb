// Prism 5 reports what it found wrong with an exchange in the `sl-violations` response header: a JSON
// array of { location: ['request' | 'response', ...path], severity: 'Error' | 'Warning' | ..., code, message }
// (@stoplight/prism-http-server, server.ts `addViolationHeader`). It also logs them as "Violation: ...",
// but the log lines do not say which request they belong to, so the header is the reliable source.
// Beyond 8 KiB the header is cut and prefixed with "Too many violations!".

/** One request or response of an exchange that Prism found to depart from the spec. */
export interface PrismViolation {
  method: string;
  /** The path and query the client sent, e.g. `/v1/pets?limit=5`. */
  path: string;
  /** `<location> <Prism's message>`, the way Prism logs it, e.g. "response.body must have required property 'name'". */
  message: string;
  /** Prism's severity: 'Error', 'Warning', 'Information' or 'Hint'. */
  severity: string;
  /** Whether Prism judged the request (which may be invalid on purpose) or the target's response. */
  source: 'request' | 'response';
  /** Prism's location, e.g. ['response', 'body', 'name']. */
  location: string[];
  code?: string | number;
}

const TRUNCATED = 'Too many violations! ';

/** Parses one `sl-violations` header value. Never throws: an unreadable header is itself reported. */
export function parseViolationsHeader(method: string, path: string, header: string | undefined): PrismViolation[] {
  if (!header) return [];
  if (header.startsWith(TRUNCATED)) {
    return [
      unreadable(
        method,
        path,
        `Prism found more violations than its sl-violations header holds: ${header.slice(TRUNCATED.length, 500)}…`,
      ),
    ];
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    return [unreadable(method, path, `Prism sent an sl-violations header that is not JSON: ${header.slice(0, 500)}`)];
  }
  if (!Array.isArray(parsed))
    return [
      unreadable(method, path, `Prism sent an sl-violations header that is not an array: ${header.slice(0, 500)}`),
    ];
  return parsed.map((item: { location?: unknown; severity?: unknown; code?: unknown; message?: unknown }) => {
    const location = Array.isArray(item.location) ? item.location.map(String) : [];
    const source = location[0] === 'response' ? 'response' : 'request';
    return {
      method,
      path,
      message: `${location.join('.')} ${String(item.message ?? '')}`.trim(),
      severity: typeof item.severity === 'string' ? item.severity : String(item.severity ?? 'Error'),
      source,
      location,
      ...(typeof item.code === 'string' || typeof item.code === 'number' ? { code: item.code } : {}),
    };
  });
}

function unreadable(method: string, path: string, message: string): PrismViolation {
  return { method, path, message, severity: 'Error', source: 'response', location: [] };
}
