// The benchmark's figures as plain data: printed, written to results.json, and rendered to Markdown and SVG.
import type { CoreScaleRow } from './core-scale.ts';
import type { LoadResult } from './load.ts';
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
  settings: { connections: number; durationS: number; warmupS: number; smoke: boolean };
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
export const fmt = (value: number | undefined, digits = 0) =>
  value === undefined || !Number.isFinite(value)
    ? 'n/a'
    : value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
