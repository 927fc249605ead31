"""A board in the lobby's settings: the host accepts it, refuses one that cannot work, and
the game follows the pawns."""
from __future__ import annotations


def board() -> dict:
    spaces = []
    for casino in range(12):
        spaces += [{"space": "cash_and_run"} if casino % 6 == 0 else {"space": "bluff"},
                   {"space": "casino", "casino": casino}]
    return {"version": 1, "spaces": spaces}


def test_a_board_is_accepted_in_the_settings_and_the_game_follows_the_pawns(screen, phones):
    answer = screen.act({"type": "set_settings", "settings": {"board": board(), "lap_end": "exact"}})
    assert answer["ok"], answer
    assert screen.view()["view"]["settings"]["board"] == board()
    broken = board()
    broken["spaces"][3] = {"space": "bluff"}
    answer = screen.act({"type": "set_settings", "settings": {"board": broken}})
    assert (answer["error"]["code"], answer["error"]["field"]) == ("bad_settings", "board")
    assert screen.act({"type": "start"})["ok"]
    message = phones[0].view()
    assert message["view"]["phase"] == "place_pawn"
    place = [a for a in message["legal_actions"] if a["type"] == "place_pawn"]
    assert sorted(a["casino"] for a in place) == sorted(message["view"]["players"][0]["casinos"])
    assert phones[0].act(place[0])["ok"]
    assert phones[0].view()["view"]["players"][0]["position"] == 2 * place[0]["casino"] + 1
