// `--log` lines: readable, one per request, coloured only on a terminal and never with NO_COLOR.
import { describe, expect, it } from 'vitest';
import { formatLogLine, useColour } from '../../cli/request-log.ts';
import type { JournalSummary } from '../../src/core/index.ts';

const entry: JournalSummary = {
  id: 3,
  time: '2026-11-23T12:00:01.234Z',
  started: '2026-11-23T12:00:01.233Z',
  method: 'GET',
  path: '/v1/pets',
  query: 'limit=0',
  operation: 'listPets',
  status: 400,
  durationMs: 0.42,
  error: 'VALIDATION_FAILED',
  issues: [{ in: 'query', pointer: 'limit', message: "query parameter 'limit' must be >= 1" }],
  shapedBy: ['prefer delay=300'],
};

describe('--log lines', () => {
  it('say time, method, target, status, operation, duration, error, issues and shaping', () => {
    expect(formatLogLine(entry, false)).toBe(
      "12:00:01.234 GET /v1/pets?limit=0 400 listPets 0.42 ms VALIDATION_FAILED (query parameter 'limit' must be >= 1) " +
        '[prefer delay=300]\n',
    );
  });

  it('say what a fault did on the wire', () => {
    const dropped = { ...entry, status: 200, shapedBy: ['fault f2'], transport: 'drop-connection' as const };
    expect(formatLogLine(dropped, false)).toMatch(/ \[fault f2, drop-connection\]\n$/);
  });

  it('colour the status by class on a terminal, and only there', () => {
    expect(formatLogLine(entry, true)).toContain('\x1b[33m400\x1b[0m');
    expect(formatLogLine({ ...entry, status: 503 }, true)).toContain('\x1b[31m503\x1b[0m');
    expect(useColour({ isTTY: true }, {})).toBe(true);
    expect(useColour({ isTTY: false }, {})).toBe(false);
    expect(useColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
  });
});
