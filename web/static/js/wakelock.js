// Keeps the table's screen on while a game runs.
//
// The Screen Wake Lock API works only in a secure context: the laptop's own address
// (127.0.0.1) is one, a television that opens the table through the LAN address is not.
// There the fallback is a tiny muted video that plays a canvas stream: browsers keep the
// screen on while a visible video plays. It starts on the first tap or key (browsers allow
// playing only after one). The lock is taken again when the page becomes visible again.

let want = false;
let sentinel = null;
let video = null;

async function request() {
  if (!want || document.visibilityState !== "visible") return;
  if (navigator.wakeLock && window.isSecureContext) {
    if (sentinel && !sentinel.released) return;
    try { sentinel = await navigator.wakeLock.request("screen"); } catch { sentinel = null; }
    return;
  }
  playVideo();
}

function playVideo() {
  if (!video) {
    const canvas = document.createElement("canvas");
    canvas.width = 2; canvas.height = 2;
    const ctx = canvas.getContext("2d");
    let flip = false;
    // A stream needs frames: one changing pixel a second keeps it alive.
    setInterval(() => { flip = !flip; ctx.fillStyle = flip ? "#000" : "#010101"; ctx.fillRect(0, 0, 2, 2); }, 1000);
    video = document.createElement("video");
    video.className = "awake";
    video.muted = true;
    video.playsInline = true;
    video.setAttribute("aria-hidden", "true");
    video.srcObject = canvas.captureStream ? canvas.captureStream(1) : null;
    document.body.append(video);
  }
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

// Whether this screen is kept on now (for the page's small note).
function awake() {
  return want && ((sentinel && !sentinel.released) || (video && !video.paused));
}

document.addEventListener("visibilitychange", request);
for (const kind of ["pointerdown", "keydown"]) document.addEventListener(kind, () => { if (want && !awake()) request(); }, true);

export { keepAwake, awake };
