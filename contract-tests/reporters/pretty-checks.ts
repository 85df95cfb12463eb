// Every check in a few lines: the checks whose scenarios all passed on one wrapped line with their
// counts; a line of its own for each check with a failed, skipped or not-observable scenario (what could
// not be seen, and why, under it); the checks run on every response with what they found.
import type { Report, ScenarioResult } from '../types.ts';
import type { Paint } from './paint.ts';

/** Wrapped lines stay within this many columns (a narrow terminal, a CI log). */
const WIDTH = 110;

export function checkLines(report: Report, paint: Paint): string[] {
  const checks = [...new Set(report.scenarios.map((s) => s.check))];
  const lines = ['', paint('bold', `CHECKS: ${report.scenarios.length} scenario(s) from ${checks.length} check(s)`)];
  const allPassed: string[] = [];
  const others: string[] = [];
  for (const check of checks) {
    const scenarios = report.scenarios.filter((s) => s.check === check);
    if (scenarios.every((s) => s.status === 'passed')) allPassed.push(`${check} ${scenarios.length}`);
    else others.push(...checkLine(check, scenarios, report.causes ?? [], paint));
  }
  if (allPassed.length) lines.push(...wrap(allPassed, `  ${paint('green', '✓')} `, '    '));
  lines.push(...others);
  const onResponses = responseChecks(report);
  if (onResponses.length) lines.push(...wrap(onResponses, '  on every response: ', '    '));
  return lines;
}

/**
 * A check with scenarios that did not all pass: its counts and why scenarios were skipped (the number of
 * the cause line that says it already, else the reason), then each not-observable scenario with what and
 * why, unless a cause line says it for all of them (a target that stopped answering: then its number).
 */
function checkLine(check: string, scenarios: ScenarioResult[], causes: string[], paint: Paint): string[] {
  const count = (status: ScenarioResult['status']) => scenarios.filter((s) => s.status === status).length;
  const counts = (
    [
      ['passed', count('passed')],
      ['failed', count('failed')],
      ['skipped', count('skipped')],
      ['not observable', count('not-observable')],
    ] as const
  )
    .filter(([, n]) => n > 0)
    .map(([label, n]) => `${n} ${label}`);
  const reasons = [...new Set(scenarios.flatMap((s) => (s.status === 'skipped' && s.reason ? [s.reason] : [])))];
  const said = reasons.map((reason) => causes.findIndex((line) => line.endsWith(` skipped: ${reason}.`)) + 1);
  const refs = said.filter((n) => n > 0);
  const why = [
    ...(refs.length ? [`cause${refs.length > 1 ? 's' : ''} ${refs.join(', ')}`] : []),
    ...reasons.filter((_, i) => said[i] === 0),
  ];
  const saidByCause = (s: ScenarioResult) =>
    s.notObservable.length > 0 && s.notObservable.every((n) => n.causes?.length);
  const unseen = scenarios.filter((s) => s.status === 'not-observable');
  const unseenRefs = [...new Set(unseen.filter(saidByCause).flatMap((s) => s.notObservable.flatMap((n) => n.causes!)))];
  const notes = [
    ...(why.length ? [`skipped: ${why.join('; ')}`] : []),
    ...(unseenRefs.length ? [`not observable: cause ${unseenRefs.map((n) => n + 1).join(', ')}`] : []),
  ];
  const mark = count('failed') ? paint('red', '✗') : count('not-observable') ? paint('yellow', '◌') : paint('dim', '○');
  const lines = [`  ${mark} ${check}: ${counts.join(', ')}${notes.length ? ` (${notes.join('; ')})` : ''}`];
  for (const scenario of unseen.filter((s) => !saidByCause(s))) {
    lines.push(`    ${paint('yellow', '◌')} ${scenario.name}`);
    for (const note of scenario.notObservable)
      lines.push(`        ${paint('yellow', `not observable: ${note.what}`)}`, `          why: ${note.why}`);
  }
  return lines;
}

/** The checks in force with no scenario of their own (they judge every response), with what each found. */
function responseChecks(report: Report): string[] {
  const withScenarios = new Set(report.scenarios.map((s) => s.check));
  const findings = report.scenarios.flatMap((s) => [...s.failures, ...s.recommendations]);
  return report.checks
    .filter((check) => !withScenarios.has(check))
    .map((check) => {
      const failures = findings.filter((f) => f.check === check && f.severity === 'error').length;
      const recommendations = findings.filter((f) => f.check === check && f.severity === 'warning').length;
      const found = [
        ...(failures ? [`${failures} failure(s)`] : []),
        ...(recommendations ? [`${recommendations} recommendation(s)`] : []),
      ];
      return found.length ? `${check} (${found.join(', ')})` : `${check} ✓`;
    });
}

/** Items joined with commas, wrapped at WIDTH: the first line after `first`, the others after `rest`. */
function wrap(items: string[], first: string, rest: string): string[] {
  const lines: string[] = [];
  let line = first;
  let empty = true;
  for (const [i, item] of items.entries()) {
    const text = `${item}${i < items.length - 1 ? ',' : ''}`;
    if (!empty && visible(line).length + 1 + text.length > WIDTH) {
      lines.push(line);
      line = rest;
      empty = true;
    }
    line += `${empty ? '' : ' '}${text}`;
    empty = false;
  }
  lines.push(line);
  return lines;
}

/** The text without colour codes, for measuring. */
function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/\u001b\[\d+m/g, '');
}
