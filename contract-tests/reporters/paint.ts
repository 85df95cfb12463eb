// Colour for the pretty reporter, only when asked (the CLI asks when stdout is a TTY and NO_COLOR is unset).

const CODES = { red: 31, green: 32, yellow: 33, dim: 2, bold: 1 } as const;

export type Style = keyof typeof CODES;

/** Wraps text in one style's escape codes, or leaves it as it is. */
export type Paint = (style: Style, text: string) => string;

export function painter(color: boolean): Paint {
  return (style, text) => (color ? `\u001b[${CODES[style]}m${text}\u001b[0m` : text);
}
