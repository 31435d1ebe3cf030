require('@testing-library/jest-dom');
// jsdom lacks these browser APIs that MUI and our pages use. (Tests of server
// code run in the node environment, without a window.)
if (typeof window !== 'undefined') {
  // The suites run on a busy 2-core machine (CI beside other work), where ts-jest
  // transpiling a lazy page on first import can take over a second: async queries
  // get 5 s instead of the 1 s default, in every package alike.
  require('@testing-library/react').configure({ asyncUtilTimeout: 5000 });
  if (!window.matchMedia) {
    window.matchMedia = (query) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener() {},
      removeListener() {},
      addEventListener() {},
      removeEventListener() {},
      dispatchEvent() {
        return false;
      },
    });
  }
  if (!window.scrollTo) window.scrollTo = () => {};
  if (!global.IntersectionObserver) {
    global.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    };
  }
  if (!global.ResizeObserver) {
    global.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  afterEach(() => {
    localStorage.clear();
  });
}
