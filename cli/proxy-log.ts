// `petstore-kit proxy --log`: one line per judged exchange, then one indented line per failure and kind of
// recommendation, and one per notice (a deprecated call, with what to call instead), so a developer clicking
// through an app sees a departure the moment it passes. The text is the journal's, already redacted; colour
// as `serve --log` (a terminal, and not NO_COLOR).
import type { ProxiedExchange } from '../contract-tests/exchange/exchange-record.ts';

const RED = '\x1b[31m';
const YELLOW = '\x1b[33m';
const GREEN = '\x1b[32m';
const CYAN = '\x1b[36m';
const DIM = '\x1b[2m';
const RESET = '\x1b[0m';

/** e.g. `12:00:01.234 #3 GET /v1/pets?limit=3 200 listPets 12 ms  1 failure` and the failure below it. */
export function formatProxyLine(exchange: ProxiedExchange, colour: boolean): string {
  const paint = (code: string, text: string) => (colour ? `${code}${text}${RESET}` : text);
  const verdict = exchange.failures.length
    ? paint(RED, `${exchange.failures.length} failure${exchange.failures.length === 1 ? '' : 's'}`)
    : exchange.recommendations.length
      ? paint(
          YELLOW,
          `${exchange.recommendations.length} recommendation${exchange.recommendations.length === 1 ? '' : 's'}`,
        )
      : paint(GREEN, exchange.judged ? 'ok' : 'not judged');
  const head = [
    paint(DIM, exchange.time.slice(11, 23)),
    `#${exchange.id}`,
    exchange.method,
    exchange.path,
    exchange.status === undefined ? 'no answer' : String(exchange.status),
    exchange.operationId ?? '-',
    `${exchange.durationMs} ms`,
    verdict,
  ].join(' ');
  const details = [
    ...exchange.failures.map((f) => `    ${paint(RED, 'failure')} ${f.title} [${f.check}]: ${firstLine(f.message)}`),
    ...exchange.recommendations.map((f) => `    ${paint(YELLOW, 'recommendation')} ${f.title} [${f.check}]`),
    ...exchange.notices.map((n) => `    ${paint(CYAN, 'notice')} ${n.title} [${n.check}]: ${noticeLine(n)}`),
  ];
  const note = exchange.note ? [`    ${exchange.note}`] : [];
  return `${[head, ...details, ...note].join('\n')}\n`;
}

/** `removed on 2030-12-05, would break then; instead GET /v1/pets?limit=100&status=sold, then the record with id 7`. */
function noticeLine({ deprecatedCall: call }: ProxiedExchange['notices'][number]): string {
  const when = call.sunset === undefined ? 'no removal date' : `removed on ${call.sunset}`;
  const instead = call.instead ?? call.replacement;
  return `${when}${call.wouldBreak ? ', would break then' : ''}${instead ? `; instead ${instead}` : ''}`;
}

function firstLine(text: string): string {
  const line = text.split('\n')[0];
  return line.length > 300 ? `${line.slice(0, 300)}…` : line;
}
