"""The iPhone's engine in the browser tests: Debian's WebKitGTK (``webkit2gtk-driver``'s
WebKitWebDriver driving its MiniBrowser) through Selenium, on an Xvfb display of its own.

MiniBrowser has no headless mode: it needs a display, so ``webkit_display`` starts Xvfb unless
one is given (``xvfb-run``). Its window has a header bar that keeps it at least 447 px wide; a GTK
style sheet of the test's own (``XDG_CONFIG_HOME``) lets the window shrink to a phone's width, and
``phone_size`` sets the window so that the page's viewport is exactly the size asked.

``SeleniumPage`` gives a WebDriver the few calls of a Playwright page that the browser kit's
scripts use (``evaluate``, ``wait_for_function``), so ``fit_check`` runs in WebKit unchanged."""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from collections.abc import Iterator

DRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
GTK_CSS = "* { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"
"""MiniBrowser's own widgets as small as they go, so its window can be a phone's width."""
TIMEOUT = 15.0


def missing() -> str | None:
    """Why WebKit cannot run here, or None."""
    for path in (DRIVER, MINIBROWSER):
        if not Path(path).exists():
            return f"no {path} (apt-get install webkit2gtk-driver)"
    if not os.environ.get("DISPLAY") and not shutil.which("Xvfb"):
        return "no display and no Xvfb (apt-get install xvfb)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed"
    return None


def start_display() -> subprocess.Popen | None:
    """An Xvfb display for MiniBrowser (DISPLAY set for this process), or None when one is set."""
    if os.environ.get("DISPLAY"):
        return None
    read, write = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        pass_fds=(write,),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    os.close(write)
    with os.fdopen(read) as f:
        number = f.readline().strip()
    if not number:
        proc.kill()
        raise RuntimeError("Xvfb did not start")
    os.environ["DISPLAY"] = f":{number}"
    return proc


@contextlib.contextmanager
def running_webkit(config: Path) -> Iterator[Any]:
    """A WebDriver of MiniBrowser on a display of its own (``config`` its GTK folder), quit at the
    end. Without WebKit the test is skipped, or fails in CI (``.ci/run`` installs it): a platform
    test that CI skips could never fail."""
    why = missing()
    if why:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"the WebKit test cannot run in CI: {why}")
        pytest.skip(why)
    display = start_display()
    driver = None
    try:
        driver = start_webkit(config)
        yield driver
    finally:
        if driver is not None:
            driver.quit()
        if display is not None:
            display.terminate()
            display.wait(10)
            del os.environ["DISPLAY"]


def start_webkit(config: Path):
    """A new MiniBrowser in automation mode, driven by WebKitWebDriver."""
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.options import Options
    from selenium.webdriver.webkitgtk.service import Service

    (config / "gtk-3.0").mkdir(parents=True, exist_ok=True)
    (config / "gtk-3.0" / "gtk.css").write_text(GTK_CSS)
    options = Options()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    before = os.environ.get("XDG_CONFIG_HOME")
    os.environ["XDG_CONFIG_HOME"] = str(config)  # for the driver and its browser only
    try:
        return webdriver.WebKitGTK(options=options, service=Service(DRIVER))
    finally:
        if before is None:
            del os.environ["XDG_CONFIG_HOME"]
        else:
            os.environ["XDG_CONFIG_HOME"] = before


def settled(driver) -> tuple[dict, list[int]]:
    """The window's rect and the page's viewport, read once both have stopped changing (the same
    twice, 0.1 s apart): a resize reaches the page a little after the window, and on a busy
    machine a read in between pairs the new window with the old viewport."""
    last = None
    deadline = time.monotonic() + TIMEOUT
    while True:
        now = (driver.get_window_rect(), driver.execute_script("return [innerWidth, innerHeight]"))
        if now == last or time.monotonic() > deadline:
            return now
        last = now
        time.sleep(0.1)


def phone_size(driver, width: int, height: int) -> None:
    """The window sized so that the page's viewport is ``width`` x ``height``: the window's own
    bars are what its rect has beyond the viewport, and the window is never asked to be smaller
    than the viewport it must hold."""
    driver.set_window_size(width, height)
    for _ in range(3):
        rect, inner = settled(driver)
        if inner == [width, height]:
            return
        driver.set_window_size(
            max(width, rect["width"] + width - inner[0]), max(height, rect["height"] + height - inner[1])
        )
    assert settled(driver)[1] == [width, height]


class SeleniumPage:
    """A WebDriver seen as the Playwright page the kit's scripts expect."""

    def __init__(self, driver) -> None:
        self.driver = driver

    def evaluate(self, script: str, arg: Any = None) -> Any:
        """``script`` is a JavaScript expression or an arrow function called with ``arg``."""
        body = script.strip()
        if body.startswith(("(", "async", "function")):
            return self.driver.execute_script(f"return ({body})(arguments[0]);", arg)
        return self.driver.execute_script(f"return ({body});")

    def wait_for_function(
        self, script: str, arg: Any = None, timeout: float = TIMEOUT * 1000, polling: Any = 100
    ) -> None:
        deadline = time.monotonic() + timeout / 1000
        while not self.evaluate(script, arg):
            if time.monotonic() > deadline:
                raise TimeoutError(f"waited {timeout / 1000:.0f} s for {script[:120]}")
            time.sleep((polling if isinstance(polling, (int, float)) else 100) / 1000)

    def click(self, selector: str) -> None:
        """A click in the element's middle, once it is in view and the page has settled, as a
        person taps what they see: brought into view here (if it is not), then two frames go by
        for the page's own reaction to that scroll (the phone keeps its decision in view), and
        only then does WebDriver click. WebDriver's own scroll and click in one go could land on
        what the page's reaction moved under the pointer (a key of the pad one row below). As
        Playwright's click, it first waits for the element: a phone back from a drop renders its
        buttons a moment after the state they answer."""
        from selenium.webdriver.common.by import By

        self.wait_for_function("(s) => !!document.querySelector(s)", arg=selector)
        element = self.driver.find_element(By.CSS_SELECTOR, selector)
        self.driver.execute_async_script(
            """const [el, done] = arguments;
            const r = el.getBoundingClientRect();
            if (r.top < 0 || r.bottom > innerHeight) el.scrollIntoView({ block: "center", behavior: "instant" });
            requestAnimationFrame(() => requestAnimationFrame(() => done()));""",
            element,
        )
        element.click()

    def count(self, selector: str) -> int:
        return self.evaluate("(s) => document.querySelectorAll(s).length", selector)

    def text(self, selector: str) -> str:
        return self.evaluate("(s) => document.querySelector(s).innerText", selector)

    def state(self) -> dict[str, str]:
        return self.evaluate("() => ({ ...document.querySelector('#app').dataset })")
