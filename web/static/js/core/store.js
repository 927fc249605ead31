// The page's state: the latest view from the host plus what this screen is in the middle of. Every
// change goes through it; `set` and `ui` announce it ("change"), and the page renders.

class Store extends EventTarget {
  constructor(ui = {}) {
    super();
    this.state = {
      conn: "connecting", // connecting | online | offline | refused | closed
      refusal: null,      // why the host refused this page (with conn "refused")
      msg: null,          // the latest `view` message from the host
      pending: null,      // id of the action waiting for its answer
      error: null,        // the last refusal {code, ...}
      ui,                 // screen-local choices (picker steps, amount, open panels, drafts)
    };
  }

  // Merge `patch` into the state (its `ui`, if any, into the screen-local choices) and announce it.
  set(patch) {
    this.settle(patch);
    this.dispatchEvent(new Event("change"));
  }

  ui(patch) {
    this.set({ ui: patch });
  }

  // Merge without announcing: what the page shows already (a field's text as typed), or a
  // correction made on a change just before its render.
  settle(patch) {
    const { ui, ...rest } = patch;
    Object.assign(this.state, rest);
    if (ui) this.state.ui = { ...this.state.ui, ...ui };
  }
}

export { Store };
