// Modules loaded the first time they are needed, for what a first load does without (the screens
// with a seat, the end screen, the board editor, the wake lock). A failed load (the laptop out of
// reach a moment) is tried again after a pause. Browsers keep a failed import() in their module map
// for the page's life, so a new try asks for the address with a query of its own.

export const RETRY_MS = 2000;
const loads = new Map(); // path -> the import, while it runs or once it has loaded
const failed = new Map(); // path -> how many of its loads failed

// One module as a promise; after a failed load, the next call asks for it anew.
export function load(path) {
  if (!loads.has(path)) {
    const n = failed.get(path) || 0;
    loads.set(path, import(n ? `${path}?try=${n}` : path).catch((error) => {
      loads.delete(path);
      failed.set(path, n + 1);
      throw error;
    }));
  }
  return loads.get(path);
}

// need(): loads `paths` (once), then calls use(...modules). After a failure, retry() is called
// RETRY_MS later, and the next need() loads what failed anew.
export function lazy(paths, use, retry) {
  let asked = false;
  return function need() {
    if (asked) return;
    asked = true;
    Promise.all(paths.map(load)).then((modules) => use(...modules), () => {
      setTimeout(() => { asked = false; retry(); }, RETRY_MS);
    });
  };
}
