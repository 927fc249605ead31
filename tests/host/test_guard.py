"""A hostile phone on the Wi-Fi: guessing codes from many sockets, flooding, look-alike names.

Every limit is checked before any lock or disk work and counted per address as well as
per socket (the test clients' address is set with ``Client(..., address=...)``).
"""

from __future__ import annotations

import pytest
from hostkit import Client, FakeClock, join

from companion.door.limits import (
    ADDRESS_BURST,
    CLAIM_GUESSES,
    CLAIM_TRIES,
    CLAIM_TYPOS,
    JOIN_GUESSES,
    MAX_NAME,
    SEAT_CONNECTS,
    STRIKES,
    WRONG_CLAIMS,
    WRONG_JOINS,
)
from companion.play.broadcast import PRESENCE_DELAY
from companion.play.codes import CLAIM_LENGTH

ATTACKER = "192.168.1.66"


def test_the_right_claim_code_is_refused_once_the_address_used_its_guesses(app, screen, started):
    assert screen.act({"type": "claim_code", "seat": 2})["ok"]
    code = screen.view()["table"]["claims"]["2"]["code"]
    sockets = [Client(app, address=ATTACKER) for _ in range(6)]
    wrong = f"{(int(code) + 1) % 10**CLAIM_LENGTH:0{CLAIM_LENGTH}d}"
    _, burst = CLAIM_GUESSES
    assert [s.emit("claim", {"code": wrong})["error"]["code"] for s in sockets[: burst - 1]] == ["bad_claim"] * (
        burst - 1
    )
    assert sockets[burst - 1].emit("claim", {"code": 1})["error"]["code"] == "malformed"  # a guess all the same
    assert sockets[-1].emit("claim", {"code": code}) == {"ok": False, "error": {"code": "rate_limited"}}
    assert Client(app, address="192.168.1.30").emit("claim", {"code": code})["ok"]  # another address may


def test_guesses_from_many_addresses_slow_down_never_end_a_code_and_the_drawer_says_so(app, clock, screen, started):
    """39 addresses, each within its own claim budget: the host checks at most its rate for wrong
    claim codes (and each address's typos), the code lives on, and its phone still claims."""
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    code = screen.view()["table"]["claims"]["1"]["code"]
    wrong = f"{(int(code) + 1) % 10**CLAIM_LENGTH:0{CLAIM_LENGTH}d}"
    attackers = [Client(app, address=f"10.0.0.{n + 1}") for n in range(39)]
    codes: list[str] = []
    seconds = 20
    for _ in range(seconds * 2):  # every address every half second
        clock.advance(1 / CLAIM_GUESSES[0] / 4)
        for attacker in attackers[::2]:
            codes.append(attacker.emit("claim", {"code": wrong})["error"]["code"])
        clock.advance(1 / CLAIM_GUESSES[0] / 4)
        for attacker in attackers[1::2]:
            codes.append(attacker.emit("claim", {"code": wrong})["error"]["code"])
    rate, burst = WRONG_CLAIMS
    assert set(codes) == {"bad_claim", "rate_limited"}
    assert codes.count("bad_claim") <= rate * seconds + burst + CLAIM_TYPOS[1] * len(attackers)
    assert screen.view()["table"]["claims"]["1"]["code"] == code  # the code lives on
    assert screen.view()["table"]["claims_guessed"] > 0  # the banker's drawer says codes are being guessed
    assert started[1].connected
    assert Client(app, address="10.0.1.1").emit("claim", {"code": f"{code[:4]} {code[4:]}"})["ok"]
    clock.advance(60)
    screen.act({"type": "claim_code", "seat": 2})
    assert screen.view()["table"]["claims_guessed"] == 0


def test_a_phone_that_mistyped_still_claims_while_strangers_spend_the_hosts_wrong_codes(app, clock, screen, started):
    """The host's wrong claim codes are spent and the guessers are answered ``rate_limited``; the
    lost phone's address mistyped twice, yet its right code is checked at once: its typos are its own."""
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    code = screen.view()["table"]["claims"]["1"]["code"]
    wrong = f"{(int(code) + 1) % 10**CLAIM_LENGTH:0{CLAIM_LENGTH}d}"
    phone = Client(app, address="10.0.2.1")
    assert phone.emit("claim", {"code": wrong})["error"]["code"] == "bad_claim"
    guessers = [Client(app, address=f"10.0.3.{n + 1}") for n in range(10)]
    for _ in range(10):  # each at its own limit
        clock.advance(1 / CLAIM_GUESSES[0])
        codes = [guesser.emit("claim", {"code": wrong})["error"]["code"] for guesser in guessers]
    assert codes.count("rate_limited") >= len(guessers) - 1  # the host's budget is spent
    assert phone.emit("claim", {"code": wrong})["error"]["code"] == "bad_claim"  # a second typo, checked too
    assert phone.emit("claim", {"code": code})["seat"] == 1
    assert all(g.emit("claim", {"code": code})["error"]["code"] == "rate_limited" for g in guessers)


def test_one_stranger_cannot_end_the_claim_codes_of_others(app, clock, screen, started):
    """Wrong guesses count per address: the guesser loses the code, the player does not."""
    assert screen.act({"type": "claim_code", "seat": 1})["ok"]
    code = screen.view()["table"]["claims"]["1"]["code"]
    wrong = f"{(int(code) + 1) % 10**CLAIM_LENGTH:0{CLAIM_LENGTH}d}"
    stranger = Client(app, address=ATTACKER)
    for _ in range(CLAIM_TRIES):
        assert stranger.emit("claim", {"code": wrong})["error"]["code"] == "bad_claim"
    for _ in range(100):  # kept up for minutes, within the address's claim budget
        clock.advance(1 / CLAIM_GUESSES[0])
        assert stranger.emit("claim", {"code": wrong})["error"]["code"] == "bad_claim"
    assert screen.view()["table"]["claims"]["1"]["code"] == code
    clock.advance(10)
    assert stranger.emit("claim", {"code": code})["error"]["code"] == "bad_claim"  # closed to this address
    assert Client(app, address="192.168.1.31").emit("claim", {"code": code})["ok"]


def test_claim_guesses_per_second_of_one_address(app, clock, started):
    rate, burst = CLAIM_GUESSES
    checked = 0
    sockets = [Client(app, address=ATTACKER) for _ in range(20)]
    for _ in range(10):  # ten seconds of twenty sockets guessing every tenth of a second
        for _ in range(10):
            clock.advance(0.1)
            for s in sockets:
                answer = s.emit("claim", {"code": "000000"})
                checked += answer["error"]["code"] == "bad_claim"
                if not s.connected:  # out of strikes: the attacker opens another socket
                    sockets[sockets.index(s)] = Client(app, address=ATTACKER)
    assert checked <= burst + rate * 10 + 1
    assert checked / 10 <= 5


def test_join_codes_checked_per_address_from_many_sockets(app, clock, table):
    rate, burst = JOIN_GUESSES
    sockets = [Client(app, address=ATTACKER) for _ in range(30)]
    codes = [s.emit("join", {"code": "ZZZZ", "name": "x"})["error"]["code"] for s in sockets]
    assert codes.count("bad_code") == burst and codes.count("rate_limited") == 30 - burst
    right = sockets[0].emit("join", {"code": table.code, "name": "Eve"})
    assert right["error"]["code"] == "rate_limited"  # checked before the code is looked up
    clock.advance(1 / rate)
    assert sockets[1].emit("join", {"code": table.code, "name": "Eve"})["ok"]
    assert join(app, table, "Ann").connected  # another address is not held up


@pytest.mark.parametrize("message", ["peek", "watch"])
def test_peek_and_watch_spend_the_join_guesses_too(app, table, message):
    """Both look a join code up, so they would otherwise sweep codes as fast as join could not."""
    _, burst = JOIN_GUESSES
    sockets = [Client(app, address=ATTACKER) for _ in range(burst + 1)]
    codes = [s.emit(message, {"code": "ZZZZ"})["error"]["code"] for s in sockets[:burst]]
    assert codes == ["bad_code"] * burst
    assert sockets[-1].emit(message, {"code": table.code})["error"]["code"] == "rate_limited"
    assert sockets[-1].emit("join", {"code": table.code, "name": "Eve"})["error"]["code"] == "rate_limited"


def test_a_lobby_left_behind_by_new_game_takes_no_more_joins(app, table, screen, phones):
    answer = screen.act({"type": "new_game"})
    assert answer["ok"]
    refused = Client(app).emit("join", {"code": table.code, "name": "Late"})
    assert refused["error"]["code"] == "lobby_locked"
    new = app.extensions["cashrun"].table_of_key(answer["table_key"])
    assert join(app, new, "Eve").connected


def test_resume_leaves_the_old_lobby_behind(app, host, table, screen, phones):
    other = host.new_table()
    assert screen.emit("resume", {"game": other.id})["ok"]
    assert Client(app).emit("join", {"code": table.code, "name": "Late"})["error"]["code"] == "lobby_locked"


def test_messages_of_one_address_share_one_budget(app, clock, screen, started):
    sockets = [Client(app, address=ATTACKER) for _ in range(12)]
    answers = [s.emit("games", {}) for _ in range(20) for s in sockets]
    codes = [a["error"]["code"] for a in answers]
    assert codes.count("not_table") == ADDRESS_BURST and codes.count("rate_limited") == 240 - ADDRESS_BURST
    assert screen.emit("games", {})["ok"]  # the table screen's address has its own


def test_a_socket_that_keeps_sending_after_rate_limited_is_closed(app, screen, started):
    flooder = Client(app, address=ATTACKER)
    _, strikes = STRIKES
    answers = []
    while flooder.connected and len(answers) < 20 + strikes + 2:
        answers.append(flooder.emit("act", {"id": "x", "action": {"type": "roll"}}))
    codes = [a["error"]["code"] for a in answers if a is not None]
    assert set(codes) <= {"not_seated", "rate_limited"} and "rate_limited" in codes  # not_seated strikes too
    assert len(answers) <= 20 + strikes + 1
    assert not flooder.connected
    assert started[0].connected and screen.connected


@pytest.mark.parametrize("name", ["Аnn", "Ａnn", "ANN", "ann ", "A\u200bnn"])
def test_look_alike_names_are_taken(app, table, screen, phones, name):
    answer = Client(app).emit("join", {"code": table.code, "name": name})
    assert answer["error"]["code"] in ("name_taken", "bad_name")
    assert len(screen.view()["view"]["players"]) == 4


def test_accents_compare_composed_or_decomposed(app, table, screen):
    join(app, table, "Ren\u00e9")
    assert Client(app).emit("join", {"code": table.code, "name": "Rene\u0301"})["error"]["code"] == "name_taken"
    assert join(app, table, "Rene").connected  # without the accent it is another name


@pytest.mark.parametrize("blank", ["\u3164", "\u2800\u2800", "\u115f", " \u3164 "])
def test_names_that_show_nothing_are_refused(app, table, screen, blank):
    assert Client(app).emit("join", {"code": table.code, "name": blank})["error"] == {
        "code": "bad_name",
        "max": MAX_NAME,
    }
    assert screen.act({"type": "add_player", "name": blank})["error"]["code"] == "bad_name"


def test_a_rename_to_a_look_alike_is_refused(phones):
    assert phones[1].act({"type": "rename", "name": "ＡＮＮ"})["error"]["code"] == "name_taken"


def test_a_storm_of_reconnects_sends_the_others_few_views(app, clock, screen, started):
    token = started[2].token
    started[2].raw.disconnect()
    for phone in started:
        phone.drain()
    screen.drain()
    back = 0
    for _ in range(30):  # thirty reconnects in one second
        again = Client(app, {"token": token})
        if again.connected:
            assert again.view()["seat"] == 2  # the phone itself hears its view at once
            again.raw.disconnect()
            back += 1
        clock.advance(1 / 30)
    rate, burst = SEAT_CONNECTS
    assert back == burst + int(rate)  # the rest were refused (rate_limited): one seat's token, over its budget
    clock.advance(PRESENCE_DELAY)
    heard = len(started[0].drain("view"))
    assert 1 <= heard <= 1 / PRESENCE_DELAY + 1
    # The table screen's clock (``table.now``) changes every time; a phone hears nothing when nothing changed.
    assert heard <= len(screen.drain("view")) <= 1 / PRESENCE_DELAY + 1


def test_presence_changes_ride_on_the_next_real_view(app, clock, screen, started):
    seat = screen.view()["view"]["waiting"]["seats"][0]
    gone = (seat + 1) % 4
    started[gone].raw.disconnect()
    screen.drain()
    assert started[seat].act({"type": "roll"})["ok"]
    assert screen.view()["connected"][gone] is False  # the action's view already says so
    clock.advance(PRESENCE_DELAY)
    assert screen.drain("view") == []  # nothing more to say


def test_a_wall_clock_step_moves_no_duration(tmp_path):
    from hostkit import fake_app

    clock = FakeClock()
    app = fake_app(tmp_path, clock)
    table = app.extensions["cashrun"].new_table()
    screen = Client(app, {"table_key": table.key})
    phone = Client(app)
    assert phone.emit("join", {"code": table.code, "name": "Ann"})["ok"]
    clock.step(-3600)  # the wall clock goes back an hour
    assert phone.act({"type": "rename", "name": "Anna"})["ok"]  # not rate_limited for an hour
    assert screen.act({"type": "claim_code", "seat": 0})["ok"]
    claim = screen.view()["table"]["claims"]["0"]
    assert claim["expires"] == pytest.approx(clock.wall() + 600)
    clock.step(7200)  # and forward two hours: the claim code still works
    assert Client(app, address="10.0.0.2").emit("claim", {"code": claim["code"]})["ok"]


def test_wrong_join_codes_from_many_addresses_share_a_host_wide_budget(app, clock, table):
    """Eight addresses each within their own budget would check 16 codes a second; the host's
    budget of wrong codes stops them, and a phone that types the right code still joins."""
    rate, burst = WRONG_JOINS
    wrong = 0
    for n in range(16):
        guesser = Client(app, address=f"10.9.0.{n + 1}")
        for _ in range(JOIN_GUESSES[1]):
            wrong += guesser.emit("peek", {"code": "ZZZZ"})["error"]["code"] == "bad_code"
    assert wrong == burst + (16 - burst // JOIN_GUESSES[1])  # then one first guess of each fresh address
    assert Client(app, address="10.9.0.1").emit("peek", {"code": table.code})["error"]["code"] == "rate_limited"
    assert join(app, table, "Ann").connected  # an address without a wrong code is not held up
    clock.advance(1 / rate)
    assert Client(app, address="10.9.0.16").emit("peek", {"code": "ZZZZ"})["error"]["code"] == "bad_code"
    checked = 0
    for _second in range(10):
        clock.advance(1)
        for n in range(16):
            answer = Client(app, address=f"10.9.1.{n + 1}").emit("peek", {"code": "ZZZZ"})
            checked += answer["error"]["code"] == "bad_code"
    assert checked <= rate * 10 + 16  # one first guess from each fresh address at most
