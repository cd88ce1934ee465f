"""Positions a game does not begin with (issue 34): a scenario may start later in the game
(Drahtseilakt: a later manche, the scores of the earlier ones, sticks in front); the engine checks
the position and refuses an impossible one in French, naming who and what; the text and the short
link carry it."""

from __future__ import annotations

from typing import Any

import pytest

from tutor.engine import IllegalAction
from tutor.engine import scenario as sc
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt.play import totals

LATER = '''joueurs = ["Alex", "Béa", "Chloé"]
manche = 3
manches_jouees.Alex = [4, 0]
manches_jouees.Béa = [2, 5]
manches_jouees.Chloé = [0, 3]
batons.Alex = { rouges = 2 }
batons.Chloé = { bleus = 3 }
'''


def test_drahtseilakt_starts_at_a_later_manche_with_scores_and_sticks() -> None:
    built = sc.load(d.GAME, LATER, "drahtseilakt")
    start = built.start
    assert start.manche == 2 and start.history == ((4, 0), (2, 5), (0, 3))
    assert start.red == (2, 0, 0) and start.blue == (0, 0, 3)
    # Alex's clean second manche cancelled the first one (drahtseilakt/manche-propre)
    assert start.cancelled == ((0,), (), ())
    assert totals(start) == {"Alex": 0, "Béa": 7, "Chloé": 3}
    assert d.GAME.view(start, None).manche == 3
    # the dealer of manche 3 deals, the next one leads; the text writes the position back
    text = sc.dump(d.GAME, "drahtseilakt", start, [])
    again = sc.load(d.GAME, text, "drahtseilakt").start
    assert again.history == start.history and again.red == start.red
    assert d.GAME.SCENARIO.facts(again) == d.GAME.SCENARIO.facts(start)


def test_a_game_from_a_later_manche_plays_to_its_end() -> None:
    built = sc.load(d.GAME, LATER, "drahtseilakt")
    state = built.start
    while not d.GAME.is_over(state):
        seat = d.GAME.current_seats(state)[0]
        state, _ = d.GAME.apply(state, d.GAME.legal_actions(state, seat)[0])
    assert all(len(h) == 3 for h in state.history)
    assert d.GAME.outcome(state).winners


@pytest.mark.parametrize("change, says", [
    (("[4, 0]", "[4]"), "Scores des manches jouées d’Alex : 2 manches avant la manche 3, donc "
                        "2 scores, pas 1."),
    (("rouges = 2", "rouges = 30"), "Bâtonnets rouges : 30 devant les joueurs, mais le jeu "
                                    "n’en a que 25."),
    (("rouges = 2", "rouges = 2, bleus = 1"), "Bâtonnets d’Alex : 2 rouges et 1 bleu"),
    (("manche = 3", "manche = 5"), "la manche va de 1 à 3 (4 : la partie finie, toutes les "
                                   "manches comptées), pas « 5 »"),
    (("[2, 5]", "[2, -1]"), "Score de Béa à la manche 2 : un nombre de bâtonnets de 0 à 25"),
])
def test_an_impossible_position_is_refused_naming_who_and_what(change: tuple[str, str],
                                                               says: str) -> None:
    with pytest.raises(IllegalAction) as e:
        sc.load(d.GAME, LATER.replace(*change), "drahtseilakt")
    assert says in e.value.reason.replace("\u202f", " ")


def test_a_later_position_travels_in_a_short_link() -> None:
    data = sc.parse_text(LATER)
    built = sc.build(d.GAME, sc.read(d.GAME, data, "drahtseilakt"))
    state = built.start
    actions: list[Any] = []
    for _ in range(6):
        action = d.GAME.legal_actions(state, d.GAME.current_seats(state)[0])[-1]
        state, _ = d.GAME.apply(state, action)
        actions.append(action)
    code = sc.encode_link(d.GAME, "drahtseilakt", built.start, actions, source=data)
    assert len(code) < 300
    assert sc.decode_link(d.GAME, code, "drahtseilakt").state == state
    # without the text it came from, the link writes the record and the position
    code = sc.encode_link(d.GAME, "drahtseilakt", built.start, actions)
    back = sc.decode_link(d.GAME, code, "drahtseilakt").state
    assert d.GAME.SCENARIO.facts(back) == d.GAME.SCENARIO.facts(state)


def test_a_game_without_later_positions_says_so() -> None:
    from tutor.games import vautours as v
    with pytest.raises(sc.ScenarioError):
        sc.load(v.GAME, 'joueurs = ["A", "B"]\nmanche = 2\n', "vautours")


def test_vaiko_starts_at_a_later_manche_with_running_totals() -> None:
    from tutor.games import vaiko as v
    text = ('joueurs = ["Alex", "Chloé", "Léo"]\nmanche = 4\n'
            'totaux = { Alex = 45, Chloé = 62, Léo = -6 }\n')
    start = sc.load(v.GAME, text, "vaiko").start
    assert start.manche == 4 and start.totals == (45, 62, -6)
    again = sc.load(v.GAME, sc.dump(v.GAME, "vaiko", start, []), "vaiko").start
    assert again == start
    for bad, says in ((text.replace("62", "70"), "à 70 points la partie est finie"),
                      (text.replace("Léo = -6", "Zed = 3"), "aucun joueur ne s’appelle « Zed »")):
        with pytest.raises(IllegalAction) as e:
            sc.load(v.GAME, bad, "vaiko")
        assert says in e.value.reason.replace("\u202f", " ")


VAMPIR = '''joueurs = ["Anke", "Bernd", "Chloé"]
chasses.Anke = { château = ["château:1", "château:2", "joker"] }
chasses.Chloé = { "Église" = ["église:2", "église:2", "église:1"] }
'''


def test_vampir_starts_with_hunts_exposed_and_the_cards_conserved() -> None:
    from tutor.games import vampir as vp
    from tutor.games.vampir import engine as vampir_engine
    start = sc.load(vp.GAME, VAMPIR, "vampir").start
    assert vampir_engine.hunt_heads(start) == {"Anke": {"castle": 4}, "Bernd": {},
                                               "Chloé": {"church": 5}}
    fresh = vp.GAME.new_game(start.players, seed=0)
    assert vp.GAME.inventory(start) == vp.GAME.inventory(fresh)
    assert len(start.deck) == len(fresh.deck) - 6
    again = sc.load(vp.GAME, sc.dump(vp.GAME, "vampir", start, []), "vampir").start
    assert again == start


@pytest.mark.parametrize("change, says", [
    (('"château:1", "château:2", "joker"', '"château:1", "joker"'),
     "Chasse d’Anke sous le Château (rouge) : une chasse compte au moins 3 cartes"),
    (("château = [", "asile = ["), "Chasse d’Anke sous l’Asile (violet) : ce n’est pas sa couleur"),
    (('"église:2", "église:2", "église:1"', '"église:2", "église:2", "église:2", "église:2", '
      '"église:2", "église:2"'), "plus de « vampire jaune à 2 têtes » dans la pioche"),
])
def test_vampir_an_impossible_hunt_is_refused_naming_who_and_where(change: tuple[str, str],
                                                                   says: str) -> None:
    from tutor.games import vampir as vp
    with pytest.raises(IllegalAction) as e:
        sc.load(vp.GAME, VAMPIR.replace(*change), "vampir")
    assert says in e.value.reason.replace("\u202f", " ")
