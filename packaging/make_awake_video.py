"""Make the phone's keep-awake videos: one second of a dark 16x16 square, muted, made here.

The phones (and a table screen on the LAN address) play one of them, muted and looping, while the game runs: over plain HTTP there is
no Wake Lock API, and a playing video keeps Android and iOS browsers from dimming the screen.
Chromium records a canvas with MediaRecorder, as WebM (VP8) and MP4 (H.264, for iOS Safari).

    python packaging/make_awake_video.py     # writes web/static/media/awake.webm and awake.mp4
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parents[1] / "web" / "static" / "media"
CHROMIUM = os.environ.get("CASHRUN_CHROMIUM", "/usr/bin/chromium")

RECORD = """async (mime) => {
  const canvas = Object.assign(document.createElement('canvas'), { width: 16, height: 16 });
  const ctx = canvas.getContext('2d');
  const draw = (n) => { ctx.fillStyle = n % 2 ? '#101010' : '#111111'; ctx.fillRect(0, 0, 16, 16); };
  draw(0);
  const rec = new MediaRecorder(canvas.captureStream(4), { mimeType: mime, videoBitsPerSecond: 20000 });
  const chunks = [];
  rec.ondataavailable = (e) => chunks.push(e.data);
  const stopped = new Promise((r) => { rec.onstop = r; });
  rec.start();
  for (let n = 1; n <= 4; n++) { await new Promise((r) => setTimeout(r, 250)); draw(n); }
  rec.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
  let text = '';
  for (const b of bytes) text += String.fromCharCode(b);
  return btoa(text);
}"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page()
        page.goto("about:blank")
        for name, mime in (("awake.webm", "video/webm;codecs=vp8"), ("awake.mp4", "video/mp4;codecs=avc1.42E01E")):
            data = base64.b64decode(page.evaluate(RECORD, mime))
            (OUT / name).write_bytes(data)
            print(f"{name}: {len(data)} bytes")
        browser.close()


if __name__ == "__main__":
    main()
