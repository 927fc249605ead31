// The socket: keeps the latest whole message in the store (built from the host's `update`s)
// and sends actions with an id, once. Its credentials are asked for at every connect, the first and
// every reconnect, so a token saved after the page connected (a join, a claim) goes with the next one.
// Every message is sealed both ways with a key made at that connect (seal.js).

import { io } from "../../vendor/socket.io.esm.min.js";
import { Updates } from "./updates.js";
import { HOST_KEY, PINNED, Sealer } from "./seal.js";

function newId() {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
}

const AGAIN = ["timeout", "offline", "no_answer", "bad_seal"]; // an act sent again, same id
// The laptop's key changed (cashrun with another data folder): a page that had the key from the page
// itself loads again for the new one, once a minute at most; one with the key in its address says so.
function reloadForKey() {
  if (PINNED || Date.now() - Number(sessionStorage.getItem("cashrun.rekey") || 0) < 60000) return false;
  sessionStorage.setItem("cashrun.rekey", String(Date.now()));
  location.reload();
  return true;
}

const RETRY_MS = 3000; // after a refused reconnect: the host allows a seat one every 2 s after a few at once

// Back on the network or on screen (a phone unlocked): a socket that is down tries at once, not at
// the end of its backoff (0.25 to 2 s between tries: a phone whose browser says nothing, as a drop
// behind the Wi-Fi's access point, is back within 2 s of the network).
function wakeWhenBack(net) {
  const wake = () => {
    const sock = net.socket;
    if (sock && !sock.connected && sock.active && net.store.state.conn !== "refused") { sock.disconnect(); sock.connect(); }
  };
  addEventListener("online", wake);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") wake(); });
}

class Net {
  constructor(store) {
    this.store = store;
    this.socket = null;
    this.onConnect = null; // the page's call after every (re)connect
    this.sealer = null; // the last connect's
    wakeWhenBack(this);
  }

  // `credentials()` gives what this page holds at that moment ({token}, {table_key} or nothing).
  connect(credentials) {
    if (this.socket) { this.socket.removeAllListeners(); this.socket.disconnect(); }
    const st = this.store;
    if (!HOST_KEY) { st.set({ conn: "refused", refusal: "bad_seal" }); return; } // never in plain text
    st.set({ conn: "connecting", refusal: null });
    const auth = (cb) => { this.sealer = new Sealer(); cb(this.sealer.auth(credentials())); };
    const sock = io({ auth, transports: ["websocket"], reconnectionDelay: 500, reconnectionDelayMax: 2000 });
    this.socket = sock;
    sock.on("connect", () => { st.set({ conn: "online" }); if (this.onConnect) this.onConnect(); });
    sock.on("disconnect", (reason) => {
      if (st.state.conn !== "refused") st.set({ conn: reason === "io client disconnect" ? "closed" : "offline" });
    });
    sock.on("connect_error", (err) => {
      const code = err && err.message === "refused" ? (err.data && err.data.code) || "refused" : null;
      if (code === "rate_limited") { // this seat reconnected very often lately: try again in a moment
        st.set({ conn: "offline" });
        setTimeout(() => { if (this.socket === sock && !sock.connected) sock.connect(); }, RETRY_MS);
      } else if (code === "bad_seal" && reloadForKey()) st.set({ conn: "offline" });
      else if (code) st.set({ conn: "refused", refusal: code });
      else st.set({ conn: "offline" });
    });
    this.on("refused", (m) => st.set({ conn: "refused", refusal: m === undefined ? "bad_seal" : (m && m.code) || "refused" }));
    const updates = new Updates();
    let syncing = false;
    this.on("update", (u) => {
      let msg = null;
      try { msg = updates.take(u); } catch (e) { updates.reset(); } // a change that does not fit (or open): start again whole
      if (msg) st.set({ msg });
      else if (!syncing) { // one went missing: ask for the whole message once, ignore the rest until it comes
        syncing = true;
        this.request("sync", {}).then(() => { syncing = false; });
      }
    });
  }

  close() { if (this.socket) this.socket.disconnect(); }

  // The host's event, opened once: fn(data), undefined when it did not open. None without a socket.
  on(name, fn) { if (this.socket) this.socket.on(name, (d) => fn(this.sealer.open(d))); }

  // A message with an answer; rejects after `ms` without one. Sealed as the socket sends it, so one
  // sent offline goes at the next connect with that connect's key.
  request(name, data, ms = 8000) {
    return new Promise((resolve) => {
      if (!this.socket) { resolve({ ok: false, error: { code: "offline" } }); return; }
      let by, text;
      const sealed = { toJSON: () => { if (by !== this.sealer) { by = this.sealer; text = by.seal(data); } return text; } };
      this.socket.timeout(ms).emit(name, sealed, (err, a) => {
        a = err ? "timeout" : a === undefined || a === null ? "no_answer" : this.sealer.open(a) || "bad_seal";
        resolve(typeof a === "string" ? { ok: false, error: { code: a } } : a);
      });
    });
  }

  // Send one action; while its answer is awaited, the store's `pending` blocks every other.
  async act(action, as) {
    const st = this.store;
    if (st.state.pending) return null;
    const msg = { id: newId(), action };
    if (as !== undefined && as !== null) msg.as = as;
    this.inflight = msg;
    st.set({ pending: msg.id, error: null });
    let answer = null;
    for (let tries = 0; tries < 4; tries++) {
      answer = await this.request("act", msg);
      if (answer.ok || !AGAIN.includes(answer.error && answer.error.code)) break;
      await new Promise((r) => setTimeout(r, 800)); // the same id again: the host applies it once
    }
    this.inflight = null;
    st.set({ pending: null, error: answer.ok ? null : answer.error });
    return answer;
  }
}

export { Net, newId };
