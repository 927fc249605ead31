"""The pages under the host's Content-Security-Policy: nothing they need is refused.

A table screen (1366x860, English) and a phone (390x844, touch, English) go from the
lobby into a game; every CSP violation the browser reports (the `securitypolicyviolation`
event and the console) fails the test.
"""

from __future__ import annotations

from web_host import PHONE, TABLE

from tests.support.web_driver import perform, settle

WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
"""


def test_the_pages_work_under_the_content_security_policy(browser, host):
    seen: list[str] = []
    pages = []
    for options in (TABLE, PHONE):
        ctx = browser.new_context(**options, locale="en-GB")
        ctx.add_init_script(WATCH)
        page = ctx.new_page()
        page.on("console", lambda m: seen.append(m.text) if "Content Security Policy" in m.text else None)
        pages.append(page)
    table, phone = pages
    response = table.goto(host.table_url)
    assert "frame-ancestors 'none'" in response.headers["content-security-policy"]
    assert response.headers["cache-control"] == "no-store"
    settle(table)
    phone.goto(f"{host.base}/j/{host.code}")
    phone.locator('[data-input="name"]').fill("Ann")
    phone.locator('[data-act="join"]').click()
    settle(phone)
    for name in ("Opa", "Oma"):
        perform(table, {"type": "add_player", "name": name})
        settle(table)
    perform(table, {"type": "start"})
    table.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
    phone.wait_for_function("() => document.querySelector('#app').dataset.kind === 'game'")
    settle(table)
    settle(phone)
    violations = [v for page in pages for v in page.evaluate("window.__csp")]
    assert violations == [] and seen == [], (violations, seen)
