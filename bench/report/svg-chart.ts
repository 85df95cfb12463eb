// A grouped horizontal bar chart as plain SVG text: no package, readable on GitHub and in any browser.

export interface ChartGroup {
  label: string;
  bars: { series: string; value: number | undefined }[];
}

export interface ChartOptions {
  title: string;
  unit: string;
  groups: ChartGroup[];
  /** Series name → fill colour, in legend order. */
  colours: Record<string, string>;
}

const WIDTH = 820;
const LABEL_WIDTH = 250;
const BAR = 16;
const GAP = 4;
const GROUP_GAP = 18;
const TOP = 60;

export function barChart({ title, unit, groups, colours }: ChartOptions): string {
  const max = Math.max(1, ...groups.flatMap((g) => g.bars.map((b) => b.value ?? 0)));
  const plot = WIDTH - LABEL_WIDTH - 90;
  const parts: string[] = [];
  let y = TOP;
  for (const group of groups) {
    const height = group.bars.length * (BAR + GAP) - GAP;
    parts.push(text(LABEL_WIDTH - 10, y + height / 2 + 4, group.label, 'end', 13));
    for (const bar of group.bars) {
      const width = bar.value ? Math.max(1, (bar.value / max) * plot) : 0;
      parts.push(
        `<rect x="${LABEL_WIDTH}" y="${y}" width="${width.toFixed(1)}" height="${BAR}" fill="${colours[bar.series] ?? '#888'}"><title>${escape(`${bar.series}: ${format(bar.value)} ${unit}`)}</title></rect>`,
      );
      parts.push(text(LABEL_WIDTH + width + 6, y + BAR - 4, format(bar.value), 'start', 11));
      y += BAR + GAP;
    }
    y += GROUP_GAP - GAP;
  }
  const legend = Object.entries(colours).map(([series, colour], i) => {
    const x = LABEL_WIDTH + i * 180;
    return `<rect x="${x}" y="34" width="12" height="12" fill="${colour}"/>${text(x + 18, 44, series, 'start', 12)}`;
  });
  const height = y + 10;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="system-ui, sans-serif">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    text(WIDTH / 2, 22, `${title} (${unit})`, 'middle', 15, 'bold'),
    ...legend,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

function text(
  x: number,
  y: number,
  content: string,
  anchor: 'start' | 'middle' | 'end',
  size: number,
  weight = 'normal',
): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" text-anchor="${anchor}" font-size="${size}" font-weight="${weight}" fill="#222">${escape(content)}</text>`;
}

function format(value: number | undefined): string {
  return value === undefined ? 'n/a' : value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 1 : 0 });
}

function escape(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
