// The targets of issues 6 and 13, checked against one run's figures. They are reported, never asserted in
// tests: machines here are noisy, so a miss is a finding to read, not a failing build.
import { describeRatio, find, fmt, rateRatio, ratio, type BenchResults, type Goal } from './results.ts';

export function checkGoals(results: Omit<BenchResults, 'goals'>): Goal[] {
  const { rows, scale, coreScale } = results;
  const mock = find(rows, 'list', 'mock');
  const ceiling = find(rows, 'list', 'ceiling');
  const prism = find(rows, 'list', 'prism');
  const post = find(rows, 'create', 'mock');
  const goals: Goal[] = [];
  const add = (name: string, goal: string, value: number | undefined, pass: (v: number) => boolean, shown: string) =>
    goals.push({ name, goal, measured: value === undefined ? 'n/a' : shown, pass: value !== undefined && pass(value) });

  // Against the ceiling and Prism: the median of the interleaved rounds' ratios (results.ts, rateRatio).
  const atLeastThreeQuartersOfCeiling = (name: string, scenario: string) => {
    const [bare, kit] = [find(rows, scenario, 'ceiling'), find(rows, scenario, 'mock')];
    const cpu = ratio(bare?.cpuUs, kit?.cpuUs);
    const byCpu = cpu === undefined ? '' : `, by server CPU per request ${fmt(cpu, 2)}×`;
    add(name, '≥ 0.75×', rateRatio(kit, bare), (v) => v >= 0.75, `${describeRatio(kit, bare)}${byCpu}`);
  };
  atLeastThreeQuartersOfCeiling('GET /pets?limit=20: mock / ceiling', 'list');
  const toPrism = rateRatio(mock, prism);
  add('GET /pets?limit=20: mock / Prism', '≥ 10×', toPrism, (v) => v >= 10, describeRatio(mock, prism, 1));
  add(
    `GET /pets?limit=20: mock p99 at ${results.settings.connections} connections`,
    '≤ 10 ms',
    mock?.p99,
    (v) => v <= 10,
    `${fmt(mock?.p99)} ms (ceiling: ${fmt(ceiling?.p99)} ms)`,
  );
  const postToGet = ratio(post?.rps, mock?.rps);
  add('POST /pets / GET /pets (mock)', '≥ 0.5×', postToGet, (v) => v >= 0.5, `${fmt(postToGet, 2)}×`);
  atLeastThreeQuartersOfCeiling('POST /pets: mock / ceiling', 'create');

  const small = scale[0];
  const large = scale[scale.length - 1];
  if (large && small && large !== small) {
    const n = fmt(large.pets);
    add(`--pets ${n}: startup`, '≤ 10 s', large.startupMs, (v) => v <= 10_000, `${fmt(large.startupMs / 1000, 1)} s`);
    add(
      `--pets ${n}: RSS after start`,
      '≤ 600 MB',
      large.rssMiB,
      (v) => v * 1.048576 <= 600,
      `${fmt(large.rssMiB)} MiB`,
    );
  }
  const few = coreScale[0];
  const many = coreScale[coreScale.length - 1];
  if (few && many && few !== many) {
    // "About the same": judged on the core's CPU time per call (steadier than HTTP), with the HTTP ratio beside it.
    // A scan of the store would cost ~1000× with 1000× the pets; up to 1.5× is run-to-run noise and GC.
    const http = (pick: (row: typeof large) => number) =>
      large && small && large !== small ? ` (over HTTP, req/s ${fmt(ratio(pick(small), pick(large)), 2)}×)` : '';
    const list = ratio(many.listSoldUs, few.listSoldUs);
    add(
      `status=sold&limit=100, time per request, ${fmt(many.pets)} vs ${fmt(few.pets)} pets`,
      '≈ 1× (≤ 1.5×)',
      list,
      (v) => v <= 1.5,
      `${fmt(list, 2)}×${http((row) => row!.listSold.rps)}`,
    );
    const get = ratio(many.getPetUs, few.getPetUs);
    add(
      `getPet, time per request, ${fmt(many.pets)} vs ${fmt(few.pets)} pets`,
      '≈ 1× (≤ 1.5×)',
      get,
      (v) => v <= 1.5,
      `${fmt(get, 2)}×${http((row) => row!.getPet.rps)}`,
    );
  }
  // Goals on an extra figure written as "<seconds> s …": the row is there only when that part of the bench ran.
  const withinSeconds = (extra: string, name: string, limit: number) => {
    const found = results.extras.find((row) => row.name === extra);
    if (!found) return;
    const seconds = Number(/^([\d.]+) s/.exec(found.value)?.[1]);
    add(name, `≤ ${limit} s`, Number.isNaN(seconds) ? undefined : seconds, (v) => v <= limit, found.value);
  };
  withinSeconds('Conformance suite against the local mock', 'Conformance suite against the local mock', 5);
  withinSeconds(
    'Cold start, time to first 200: petstore-kit serve',
    'petstore-kit serve: time to first 200 from process start',
    0.5,
  );
  return goals;
}
