"""fit_check on a small page made for it (800×600, no touch): each kind of finding it must
report, and what it must let pass (a name with an ellipsis and its title, a list that scrolls by
design)."""

from __future__ import annotations

from fit_check import findings

PAGE = """<!doctype html><style>
  body { margin: 0; font: 20px sans-serif; }
  .row { display: flex; width: 200px; }
  .name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  .money { overflow: hidden; white-space: nowrap; width: 60px; }
  .column { width: 150px; overflow: auto; }
  .list { height: 60px; overflow: auto; }
  .card { background: #eee; height: 30px; }
  .cover { position: fixed; left: 0; top: 300px; width: 300px; height: 100px; background: #f00; }
</style>
<div class="row" title="Wilhelmina van den Broek Oldenbarneveldt"><span id="name" class="name">Wilhelmina van den Broek Oldenbarneveldt</span><span id="money" class="money">12,345,678</span></div>
<div class="column"><span id="wide" style="white-space: nowrap">Montreal 18,000,000 and more</span></div>
<div class="list"><p>one</p><p>two</p><p id="scrolled">three</p><p>four</p></div>
<div class="card"><p id="spill" style="margin: 0; line-height: 60px">spills out</p></div>
<button id="under" style="position: absolute; top: 320px; left: 10px">Roll</button><div class="cover"></div>
<button id="squeezed" style="position: absolute; top: 500px; width: 0; padding: 0; border: 0; overflow: hidden">Pass</button>
<p id="below" style="position: absolute; top: 700px">below the window</p>
<p id="game" class="name" style="position: absolute; top: 100px; left: 400px; width: 80px">Dobbelstenen spelen</p>
<p id="few" class="name" title="Maximiliaan Wouterse-Mol" style="position: absolute; top: 140px; left: 400px; width: 50px">Maximiliaan Wouterse-Mol</p>
<div class="card" style="position: absolute; top: 240px; left: 400px; width: 150px; height: auto; display: grid; grid-template-columns: repeat(2, 1fr)"><button id="chip" style="font: inherit; white-space: nowrap">+500,000 more</button></div>
<p id="broken" style="position: absolute; top: 180px; left: 400px; width: 70px; overflow-wrap: anywhere; margin: 0">Everybody Plays</p>
"""


def test_each_finding_and_what_passes(browser):
    page = browser.new_page(viewport={"width": 800, "height": 600})
    page.set_content(PAGE)
    found = findings(page, scrollable=(".list",))
    got = {(f["text"], f["why"].split(" (")[0]) for f in found}
    assert got == {
        ("12,345,678", "cut by its own box"),
        ("Montreal 18,000,000 and more", "cut by an ancestor div.column"),
        ("spills out", "spills out of the box of div.card"),
        ("Roll", "covered by div.cover"),
        ("Pass", "squeezed to nothing"),  # its text, and the button
        ("Pass", "cut by its own box"),
        ("below the window", "cut by the window"),
        ("Dobbelstenen spelen", "shortened with an ellipsis, its whole words in no title"),
        ("Maximiliaan Wouterse-Mol", "a name shortened to about 5 letters"),
        ("Everybody Plays", "a word broken over two lines"),
        ("+500,000 more", "spills out of the box of div.card"),
    }, found
    assert "sideways" in next(f["why"] for f in found if f["text"].startswith("Montreal"))
    # What may pass: the page scrolling (the phone), a box allowed over others, parts ignored.
    relaxed = findings(
        page,
        scrollable=(".list",),
        page_scrolls=True,
        cover_ok=(".cover",),
        ignore=("#money", "#squeezed", "#game", "#few", "#broken", "#chip"),
    )
    assert {f["text"] for f in relaxed} == {"Montreal 18,000,000 and more", "spills out"}, relaxed
    page.close()
