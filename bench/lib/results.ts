// The benchmark's figures as plain data: printed, written to results.json, and rendered to Markdown and SVG.
import type { CoreScaleRow } from './core-scale.ts';
import { median, type LoadResult } from './load.ts';
import type { Machine } from './machine.ts';

export interface Row {
  scenario: string;
  title: string;
  target: 'ceiling' | 'mock' | 'prism';
  label: string;
  /** Status the target must answer (the ceiling always answers 200). */
  expect: number;
  result: LoadResult;
}

export interface ScaleRow {
  pets: number;
  startupMs: number;
  rssMiB?: number;
  peakMiB?: number;
  listSold: LoadResult;
  getPet: LoadResult;
}

export interface Extra {
  name: string;
  /** A figure with its unit, or why it was not measured. */
  value: string;
  detail?: string;
}

export interface Goal {
  name: string;
  goal: string;
  measured: string;
  pass: boolean;
}

export interface BenchResults {
  machine: Machine;
  /** `rounds`: how many interleaved rounds each row's duration was split into (absent in older dumps: one). */
  settings: { connections: number; durationS: number; warmupS: number; rounds?: number; smoke: boolean };
  /** Where each target listened (closed by the end of the run). */
  origins: string[];
  rows: Row[];
  scale: ScaleRow[];
  /** The same comparison in process, per `store.handle` call. */
  coreScale: CoreScaleRow[];
  extras: Extra[];
  goals: Goal[];
}

export function find(rows: Row[], scenario: string, target: Row['target']): LoadResult | undefined {
  return rows.find((row) => row.scenario === scenario && row.target === target)?.result;
}

/** Share of a row's responses that carried the expected status (1 when all did). */
export function expectedShare(row: Row): number {
  const total = Object.values(row.result.statuses).reduce((a, b) => a + b, 0);
  return total === 0 ? 0 : (row.result.statuses[String(row.expect)] ?? 0) / total;
}

export const ratio = (a?: number, b?: number) => (a !== undefined && b ? a / b : undefined);

/** a / b for each round the two targets ran side by side, or undefined when they did not run in rounds. */
export function roundRatios(a?: LoadResult, b?: LoadResult): number[] | undefined {
  if (!a?.rounds || !b?.rounds || a.rounds.length !== b.rounds.length || a.rounds.length < 2) return undefined;
  return a.rounds.map((rps, i) => rps / b.rounds![i]!);
}

/**
 * How a's req/s compares with b's: the median of the rounds' ratios when they ran in interleaved rounds (each
 * round's two figures share the machine's state of the moment, so its drift cancels out), else rps / rps.
 */
export function rateRatio(a?: LoadResult, b?: LoadResult): number | undefined {
  const rounds = roundRatios(a, b);
  return rounds ? median(rounds) : ratio(a?.rps, b?.rps);
}

/** `0.78×`, with the rounds' spread when there were rounds: `0.78× (rounds 0.70–0.85)`. */
export function describeRatio(a?: LoadResult, b?: LoadResult, digits = 2): string {
  const rounds = roundRatios(a, b);
  const spread = rounds ? ` (rounds ${fmt(Math.min(...rounds), digits)}–${fmt(Math.max(...rounds), digits)})` : '';
  return `${fmt(rateRatio(a, b), digits)}×${spread}`;
}

export const fmt = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value)
    ? 'n/a'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
