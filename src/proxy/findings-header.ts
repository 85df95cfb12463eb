// What the client learns of the judgement on the answer itself, as Prism's proxy says it in `sl-violations`:
// one header, `petstore-kit-findings`, on every answer the proxy forwards, compact JSON in ASCII (a header
// value must be; any other character is \u-escaped), e.g.
//   {"exchange":12,"failures":1,"recommendations":0,"notices":0,"findings":[{"severity":"failure",
//    "check":"responseSchemaConformance","title":"SchemaViolation"}],"details":"/__admin/requests/12"}
// A call to a deprecated operation adds a notice (`"severity":"notice"`, `notices` counts them): never a
// failure. The details (message, expected, actual, the choice, the replacement) are in the journal: `details` opens them. Browsers
// may read it across origins only when exposed: the proxy's CORS headers expose it (page-cors.ts). The
// target's own header of that name is dropped (forward-exchange.ts): a target may not write its own verdict.
import type { ProxiedExchange } from '../../contract-tests/exchange/exchange-record.ts';

export const FINDINGS_HEADER = 'petstore-kit-findings';

/** At most this many findings are listed (the counts stay exact), so the header stays small. */
const MAX_LISTED = 20;

export interface FindingsHeaderValue {
  exchange: number;
  failures: number;
  recommendations: number;
  /** Calls to a deprecated operation (DeprecatedOperationCalled): never failures. */
  notices: number;
  findings: { severity: 'failure' | 'recommendation' | 'notice'; check: string; title: string }[];
  /** How many findings the list leaves out. */
  more?: number;
  /** Why the answer was not judged (throttling, an encoding the proxy does not decode). */
  notJudged?: string;
  details: string;
}

export function findingsHeader(exchange: ProxiedExchange, adminPath: string): string {
  const all = [
    ...exchange.failures.map((f) => ({ severity: 'failure' as const, check: f.check, title: f.title })),
    ...exchange.recommendations.map((f) => ({ severity: 'recommendation' as const, check: f.check, title: f.title })),
    ...exchange.notices.map((n) => ({ severity: 'notice' as const, check: n.check, title: n.title })),
  ];
  const value: FindingsHeaderValue = {
    exchange: exchange.id,
    failures: exchange.failures.length,
    recommendations: exchange.recommendations.length,
    notices: exchange.notices.length,
    findings: all.slice(0, MAX_LISTED),
    ...(all.length > MAX_LISTED ? { more: all.length - MAX_LISTED } : {}),
    ...(exchange.judged ? {} : { notJudged: exchange.note ?? 'not judged' }),
    details: `${adminPath}/requests/${exchange.id}`,
  };
  return asciiJson(value);
}

/** Reads the header back (for clients and tests); undefined when it is absent or not the proxy's JSON. */
export function parseFindingsHeader(value: string | null | undefined): FindingsHeaderValue | undefined {
  if (!value) return undefined;
  try {
    return JSON.parse(value) as FindingsHeaderValue;
  } catch {
    return undefined;
  }
}

function asciiJson(value: unknown): string {
  return JSON.stringify(value).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
