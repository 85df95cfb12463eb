import type { Exchange, Finding, ScenarioResult } from '../types.ts';

/**
 * A finding as plain lines: title and check, message, expected vs actual, the choice it departs from, and
 * the request it is about: for a failure, the command that sends that request again.
 */
export function describeFinding(finding: Finding, scenario: ScenarioResult, { curl = true } = {}): string[] {
  const lines = [`${finding.title} [${finding.check}]: ${finding.message}`];
  if (finding.expected !== undefined) lines.push(`  expected: ${oneLine(finding.expected, 400)}`);
  if (finding.actual !== undefined) lines.push(`  actual:   ${oneLine(finding.actual)}`);
  if (finding.choice) lines.push(`  choice:   ${oneLine(finding.choice.reason, 400)} (${finding.choice.pointer})`);
  const exchange = exchangeOf(finding, scenario);
  // The curl command shows the request whole (the key as $PETSTORE_API_KEY): the summary line would repeat it.
  if (curl && exchange?.request.curl) lines.push(`  curl:     ${exchange.request.curl}`);
  else if (exchange) lines.push(`  request:  ${describeRequest(exchange)}`);
  return lines;
}

/**
 * A failure that follows from a cause line, shortly: its title and message, the cause it follows from
 * (a record another scenario created, or the target that stopped answering) and the command that shows it.
 */
export function describeCausedFinding(finding: Finding, scenario: ScenarioResult, causes: number[]): string[] {
  const lines = [`${finding.title} [${finding.check}]: ${oneLine(finding.message, 400)}`];
  const numbers = causes.map((c) => c + 1).join(' and ');
  const records = finding.records?.length
    ? `, a record another scenario created (it names ${finding.records.join(', ')})`
    : '';
  lines.push(`  cause:    ${numbers} above${records}`);
  const curl = exchangeOf(finding, scenario)?.request.curl;
  if (curl) lines.push(`  curl:     ${curl}`);
  return lines;
}

export function exchangeOf(finding: Finding, scenario: ScenarioResult): Exchange | undefined {
  return finding.exchange !== undefined ? scenario.exchanges[finding.exchange] : undefined;
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
