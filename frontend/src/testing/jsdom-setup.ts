// What a browser has and jsdom lacks, for the route tests (jest.config.mjs, project unit-dom).
import { configure } from '@testing-library/react';

// findBy… waits up to 1 s by default, too short when tests share a busy machine (a route's first
// render loads its modules: over 5 s was seen in a full run); a screen that
// never shows what is awaited still fails, only later.
configure({ asyncUtilTimeout: 15_000 });

// The hero slideshow and the feedback player ask for the reduced-motion preference.
window.matchMedia = (query: string): MediaQueryList =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;

// React Router's scroll restoration scrolls on every navigation.
window.scrollTo = () => undefined;

// Time codes in feedback bring the player into view.
Element.prototype.scrollIntoView = () => undefined;

// Radix's menus and tooltips measure their trigger and content as they are placed.
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};

// Radix's menu items and toasts capture the pointer while it is pressed.
if (!('hasPointerCapture' in Element.prototype)) {
  Object.assign(Element.prototype, {
    hasPointerCapture: () => false,
    setPointerCapture: () => undefined,
    releasePointerCapture: () => undefined,
  });
}
