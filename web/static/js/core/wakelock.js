// Keeps the screen on while a game runs, on the table screen and on the phones.
//
// The Screen Wake Lock API exists only in a secure context: the laptop's own address
// (127.0.0.1) is one; a phone or a television on the LAN address (plain HTTP) is not. There a
// tiny muted looping video (web/static/media, made by packaging/make_awake_video.py) keeps the
// screen on: browsers do not dim it while a visible video plays. A video plays only after the
// first tap or key; the lock is taken again when the page becomes visible again.

let want = false;
let sentinel = null;
let video = null;

function awakeVideo() {
  const v = Object.assign(document.createElement("video"), { muted: true, loop: true, playsInline: true, className: "awake" });
  v.setAttribute("playsinline", "");
  v.setAttribute("aria-hidden", "true");
  for (const kind of ["mp4", "webm"]) v.append(Object.assign(document.createElement("source"), { src: `/static/media/awake.${kind}`, type: `video/${kind}` }));
  document.body.append(v);
  return v;
}

async function request() {
  if (!want || document.visibilityState !== "visible") return;
  if (navigator.wakeLock && window.isSecureContext) {
    if (sentinel && !sentinel.released) return;
    try { sentinel = await navigator.wakeLock.request("screen"); } catch { sentinel = null; }
    return;
  }
  video = video || awakeVideo();
  if (video.paused) video.play().catch(() => { /* waits for the first tap or key */ });
}

function stop() {
  if (sentinel) { sentinel.release().catch(() => {}); sentinel = null; }
  if (video) video.pause();
}

// true while a game runs, false in the lobby and at the end.
function keepAwake(on) {
  if (on === want) return;
  want = on;
  if (on) request(); else stop();
}

function awake() {
  return want && ((sentinel && !sentinel.released) || (video && !video.paused));
}

document.addEventListener("visibilitychange", request);
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, () => { if (want && !awake()) request(); }, true);

export { keepAwake };
