/**
 * WCAG 2.4.11 (Focus Not Obscured): a control that takes focus must not end up under a sticky
 * bar. The page scrolls on the root element, whose scroll padding is what the browser keeps clear
 * when it brings a focused control into view (src/styles/app.css reads --sticky-top and
 * --sticky-bottom there). A bar's height depends on the width (the action row wraps on narrow
 * phones) and on what it shows (a notice), so it is measured rather than guessed.
 *
 *   <div className="ed-actions" ref={stickyBottom}>…</div>
 */
function measureInto(variable: string, host: (el: HTMLElement) => HTMLElement) {
  return (el: HTMLElement | null): (() => void) | undefined => {
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const target = host(el);
    const observer = new ResizeObserver(() => target.style.setProperty(variable, `${el.offsetHeight}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      target.style.removeProperty(variable);
    };
  };
}

const root = () => document.documentElement;

/** Ref for a bar stuck under the navbar (its height adds to the top scroll padding). */
export const stickyTop = measureInto('--sticky-top', root);
/** Ref for a bar stuck to the bottom of the viewport. */
export const stickyBottom = measureInto('--sticky-bottom', root);
/**
 * Ref for a box stuck at the top of its own parent only (the style panel's live sample): its
 * height goes on the parent as --sticky-inner, for the parent's controls to keep clear with
 * scroll-margin-top.
 */
export const stickyInner = measureInto('--sticky-inner', (el) => el.parentElement ?? el);
