import { LAYERS, type Layer } from '../common/figure.js';

/**
 * Terms in the prose (`<span class="term" data-layer="g">`) bring their layer
 * forward in the Search Theater while pointed at or focused, and let go
 * when the pointer or focus leaves.
 */
export function wireTerms(root: ParentNode, setFocus: (layer: Layer | null) => void): void {
  for (const t of Array.from(root.querySelectorAll<HTMLElement>('.term[data-layer]'))) {
    const layer = t.dataset.layer as Layer;
    if (!LAYERS.includes(layer)) throw new Error(`wireTerms: unknown layer ${JSON.stringify(layer)}`);
    if (!t.hasAttribute('tabindex')) t.tabIndex = 0;
    t.setAttribute('aria-describedby', 'term-help');
    const on = () => { setFocus(layer); t.classList.add('active'); };
    const off = () => { setFocus(null); t.classList.remove('active'); };
    t.addEventListener('pointerenter', on);
    t.addEventListener('pointerleave', off);
    t.addEventListener('focus', on);
    t.addEventListener('blur', off);
  }
}
