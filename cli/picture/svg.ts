/**
 * A tiny SVG writer: elements as text, attributes escaped, numbers short.
 * The pictures are a few kinds of element (rect, polyline, circle, path),
 * so a string builder is all it takes; no DOM, no dependency.
 */

/** Text safe inside an attribute or an element (`&`, `<`, `>`, `"` escaped). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** A coordinate with at most two decimals and no trailing zeros: pixels finer than that do not show. */
export function num(v: number): string {
  const r = Math.round(v * 100) / 100;
  return String(r === 0 ? 0 : r); // no -0
}

export type Attributes = Readonly<Record<string, string | number | undefined>>;

/** `<name a="1" b="2"/>`, or with `body` `<name ...>body</name>`; undefined attributes are left out. */
export function element(name: string, attributes: Attributes, body?: string): string {
  const attrs = Object.entries(attributes)
    .filter((e): e is [string, string | number] => e[1] !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === 'number' ? num(v) : escapeXml(v)}"`).join('');
  return body === undefined ? `<${name}${attrs}/>` : `<${name}${attrs}>${body}</${name}>`;
}

/** A whole SVG document of `width` x `height` pixels (its user units are pixels too), `title` for viewers that show one. */
export function svgDocument(width: number, height: number, title: string, parts: readonly string[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`,
    element('title', {}, escapeXml(title)),
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}

/** The `points` attribute of a polyline. */
export function points(pts: readonly (readonly [number, number])[]): string {
  return pts.map(([x, y]) => `${num(x)},${num(y)}`).join(' ');
}
