// What a browser has and jsdom lacks, for the route tests (jest.config.mjs, project unit-dom).

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
