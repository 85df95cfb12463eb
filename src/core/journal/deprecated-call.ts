// A call to a deprecated operation, read from the journal entry of its answer: what a rehearsal reports for
// each one (src/rehearse), whether the rehearsal's own mock answered it or one in the tests' process (MSW).
import type { DeprecatedCall } from '../../shared/in-process-calls.ts';
import { decodeTestName, TEST_NAME_HEADER } from '../../shared/rehearsal-env.ts';
import type { JournalEntry } from './request-journal.ts';

export type { DeprecatedCall } from '../../shared/in-process-calls.ts';

export function deprecatedCallOf(entry: JournalEntry): DeprecatedCall {
  const test = entry.request.headers[TEST_NAME_HEADER];
  return {
    operationId: entry.operation!,
    method: entry.method,
    url: entry.query ? `${entry.path}?${entry.query}` : entry.path,
    status: entry.status,
    ...(test ? { test: decodeTestName(test) } : {}),
    ...recordOf(entry),
    ...(entry.brownout ? { brownout: true as const } : {}),
  };
}

/** The record a 2xx answer showed, for the worked example of its replacement. */
function recordOf(entry: JournalEntry): { record?: Record<string, unknown> } {
  if (entry.status < 200 || entry.status >= 300 || !entry.response.body?.text) return {};
  try {
    const body = JSON.parse(entry.response.body.text) as unknown;
    return typeof body === 'object' && body !== null && !Array.isArray(body)
      ? { record: body as Record<string, unknown> }
      : {};
  } catch {
    return {};
  }
}
