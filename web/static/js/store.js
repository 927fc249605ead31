// The page's state: the latest view from the host plus what this screen is in the middle of.
// It announces every change with a "change" event; the screen renders from it.

class Store extends EventTarget {
  constructor() {
    super();
    this.state = {
      conn: "connecting", // connecting | online | offline | refused
      msg: null,          // the latest `view` message from the host
      pending: null,      // id of the action waiting for its answer
      error: null,        // the last refusal {code, ...}
      ui: {},             // screen-local choices (picker steps, amount, open panels)
    };
  }

  set(patch) {
    Object.assign(this.state, patch);
    this.dispatchEvent(new Event("change"));
  }

  ui(patch) {
    this.state.ui = { ...this.state.ui, ...patch };
    this.dispatchEvent(new Event("change"));
  }
}

export { Store };
