import type { Exchange, Finding, ScenarioResult } from '../types.ts';

/** A finding as plain lines: title and check, message, expected vs actual, and the request it is about. */
export function describeFinding(finding: Finding, scenario: ScenarioResult): string[] {
  const lines = [`${finding.title} [${finding.check}]: ${finding.message}`];
  if (finding.expected !== undefined) lines.push(`  expected: ${finding.expected}`);
  if (finding.actual !== undefined) lines.push(`  actual:   ${oneLine(finding.actual)}`);
  if (finding.choice) lines.push(`  choice:   ${oneLine(finding.choice.reason, 400)} (${finding.choice.pointer})`);
  const exchange = finding.exchange !== undefined ? scenario.exchanges[finding.exchange] : undefined;
  if (exchange) lines.push(`  request:  ${describeRequest(exchange)}`);
  return lines;
}

/** `POST http://…/pets  authorization: Bearer <redacted>  body: {…}` */
export function describeRequest(exchange: Exchange): string {
  const { method, url, headers, body } = exchange.request;
  // Accept and Accept-Encoding go on every request: only what tells requests apart is shown.
  const shown = Object.entries(headers)
    .filter(([name]) => name !== 'accept' && name !== 'accept-encoding')
    .map(([name, value]) => `${name}: ${value}`);
  return [`${method} ${url}`, ...shown, ...(body !== undefined ? [`body: ${oneLine(body)}`] : [])].join('  ');
}

export function oneLine(text: string, max = 240): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}
