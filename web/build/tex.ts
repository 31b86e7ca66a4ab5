import katex from 'katex';

/**
 * Build-time typesetting. The page's HTML marks mathematics with
 * `<span class="tex">...</span>` (inline) and `<div class="tex">...</div>`
 * (display); the build replaces their contents with KaTeX's HTML + MathML,
 * so the reader's browser never reflows when fonts and formulas arrive
 * and screen readers get MathML.
 */
export const MACROS: Record<string, string> = {
  '\\qstart': 'q_{\\mathrm{start}}',
  '\\qgoal': 'q_{\\mathrm{goal}}',
  '\\Star': '\\mathrm{Star}',
};

const TEX = /<(span|div) class="tex">([\s\S]*?)<\/\1>/g;

function decode(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Typesets every tex element of `html`; throws (failing the build) on bad TeX, naming it. */
export function typesetHtml(html: string): string {
  return html.replace(TEX, (_m, tag: string, body: string) => {
    const tex = decode(body.trim());
    const display = tag === 'div';
    let out: string;
    try {
      out = katex.renderToString(tex, { displayMode: display, throwOnError: true, macros: { ...MACROS }, output: 'htmlAndMathml' });
    } catch (e) {
      throw new Error(`typesetHtml: cannot typeset ${JSON.stringify(tex)}: ${(e as Error).message}`, { cause: e });
    }
    return `<${tag} class="tex tex-done">${out}</${tag}>`;
  });
}
