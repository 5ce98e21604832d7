/**
 * Browser APIs antd reads that happy-dom lacks (`matchMedia`, `ResizeObserver`), for unit tests that
 * render back-office components. Installs only what is missing.
 */
export const installDomShims = (): void => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
};
