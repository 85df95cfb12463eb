// Traffic you captured, judged as verify judges its own (docs/proxy.md shows this file as it is):
// test/verify/judge-exchange.test.ts runs it on the HAR of verify's own run through the proxy.
import { readFile } from 'node:fs/promises';
import {
  createExchangeJudge,
  exchangesFromHar,
  type ExchangeJudgeOptions,
  type ExchangeVerdict,
} from 'petstore-kit/conformance';

/**
 * The verdict on each entry of a saved HAR (Playwright's `recordHar`, a browser's devtools, `petstore-kit
 * proxy --record`), in its order, each failure printed; entries not sent below `baseUrl` are left unjudged.
 */
export async function judgeHar(
  path: string,
  options: ExchangeJudgeOptions,
  print: (line: string) => void = console.log,
): Promise<ExchangeVerdict[]> {
  const judge = await createExchangeJudge(options);
  const verdicts: ExchangeVerdict[] = [];
  for (const exchange of exchangesFromHar(await readFile(path, 'utf8'))) {
    const verdict = await judge.judge(exchange);
    for (const failure of verdict.failures)
      print(`${exchange.request.method} ${exchange.request.url}: ${failure.title}: ${failure.message}`);
    verdicts.push(verdict);
  }
  return verdicts;
}
