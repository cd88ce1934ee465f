"""Scenario texts in the page's words (issue 34, item 2): French readings and locations, names
with accents as written, the English words of older links as aliases, errors that say how to
fix them, and the format's reference on the page."""

from __future__ import annotations

import importlib
import re
from typing import Any

import pytest

from tutor.engine import IllegalAction
from tutor.engine import scenario as sc
from tutor.games import GAMES
from tutor.games import vampir as vp
from tutor.games import vautours as v
from tutor.games.vampir.cards import Vampire, parse_card

PAGES = tuple(GAMES)
ENGLISH_LOCATIONS = ("castle", "graveyard", "madhouse", "pub", "church")


def engine(game: str) -> Any:
    return GAMES[game].engine()


@pytest.mark.parametrize("game", PAGES)
def test_every_game_has_a_french_example_that_loads_and_comes_back(game: str) -> None:
    e = engine(game)
    example = e.SCENARIO.example
    assert "Chloé" in example  # a name with an accent, written as it is
    built = sc.load(e, example, game)
    text = sc.dump(e, game, built.start, [a for a, _, _ in built.steps])
    assert sc.load(e, text, game).state == built.state


@pytest.mark.parametrize("game", PAGES)
def test_readings_are_written_in_french_and_read_back(game: str) -> None:
    e = engine(game)
    readings = sc.readings_of(e)
    assert readings and all(re.fullmatch(r"[a-z_]+", r.key) for r in readings)
    standard = e.PRESETS["standard"]
    for r in readings:
        for value, words in r.values.items():
            if value == getattr(standard, r.field):
                continue
            variant = e.Variant.coerce({r.field: value})
            written = sc.write_variant(e, variant)
            if isinstance(written, dict):
                assert written == {r.key: words}
            assert sc.read_variant(e, written) == variant
            assert sc.read_variant(e, {r.key: words}) == variant
            # the English words of older links, and the words without accents
            assert sc.read_variant(e, {r.field: value}) == variant
            assert sc.read_variant(e, {r.key: sc.unaccented(words).upper()}) == variant


def test_vautours_readings_by_their_french_names() -> None:
    text = ('joueurs = ["A", "B"]\nvariante = { egalites = "un seul niveau", '
            'departage = "plus haute carte Suricate", derniere_pile = "partagée" }\n')
    state = sc.load(v.GAME, text, "vautours").start
    assert state.variant == v.Variant("one_level", "highest_mouse", "shared")
    old = ('joueurs = ["A", "B"]\nvariante = { ties = "one_level", '
           'final_tiebreak = "highest_mouse", last_pile = "shared" }\n')
    assert sc.load(v.GAME, old, "vautours").start == state


def test_vampir_locations_as_on_the_table_and_the_old_codes_too() -> None:
    french = sc.load(vp.GAME, vp.GAME.SCENARIO.example, "vampir")
    old = (vp.GAME.SCENARIO.example.replace("église", "church").replace("château", "castle")
           .replace("taverne", "pub").replace("asile", "madhouse")
           .replace("cimetière", "graveyard"))
    assert old != vp.GAME.SCENARIO.example
    assert sc.load(vp.GAME, old, "vampir").state == french.state
    text = sc.dump(vp.GAME, "vampir", french.start, [a for a, _, _ in french.steps])
    assert not any(f'"{w}:' in text or f'"{w}"' in text for w in ENGLISH_LOCATIONS)
    assert '"château:1"' in text
    # a location written with a capital and no accent, and an action with its accent
    assert parse_card("Eglise:2") == Vampire("church", 2)
    move = sc.read(vp.GAME, sc.parse_text(
        vp.GAME.SCENARIO.example.replace('action = "piocher"',
                                    'action = "Récupérer", lieu = "Château"')))
    assert move.actions == (vp.Take("Bernd", "castle"),)


def test_names_and_keys_with_accents_are_read_as_written() -> None:
    text = ('joueurs = ["Chloé", "Léo"]\nmains.Chloé = [3, 9, "Vision", 0]\n'
            'défausse = 7\nCoups = [{ Joueur = "Léo", action = "regarder", carte = 1 }]\n')
    with pytest.raises(IllegalAction):  # Léo is not the one to play: the text was read
        sc.load(engine("vaiko"), text, "vaiko")
    built = sc.load(engine("vaiko"), text.replace('"Léo", action', '"Chloé", action'), "vaiko")
    assert built.start.players == ("Chloé", "Léo")
    # texts and comments keep their letters, quoted names stay as they are
    assert sc.quote_keys('# Zoé = 1\nnom = "Zoé = 2"\n"Léa" = 3\n') == \
        '# Zoé = 1\nnom = "Zoé = 2"\n"Léa" = 3\n'
    assert sc.quote_keys("mains = { Léo = [1], Zoé.x = 2 }\n[donnes.Éa]\n") == \
        'mains = { "Léo" = [1], "Zoé".x = 2 }\n[donnes."Éa"]\n'


@pytest.mark.parametrize("text, says", [
    ('joueurs = ["A", "B"]\nvariante = { egalite = "x" }\n',
     ["lecture inconnue « egalite »", "egalites, departage, derniere_pile", "par exemple"]),
    ('joueurs = ["A", "B"]\nvariante = { egalites = "deux niveaux" }\n',
     ["variante, egalites", "« deux niveaux »", 'écrivez "annulation répétée" ou '
      '"un seul niveau"']),
    ('joueurs = ["A", "B"]\nvariante = "livret-chat"\n',
     ["préréglage", "livret-suricate", "ou une table de lectures"]),
    ('joueurs = ["A", "B"]\nmains."Jean Paul = [1]\n', ["se ferme par un guillemet"]),
    ('joueurs = ["A", "B"\n', ["ajoutez « ] »"]),
    ('joueurs = ["A", "B"]\nmains.Jean Paul = [1]\n', ["entre guillemets"]),
])
def test_every_error_says_how_to_fix_it(text: str, says: list[str]) -> None:
    with pytest.raises(sc.ScenarioError) as e:
        sc.load(v.GAME, text, "vautours")
    message = str(e.value).replace("\u202f", " ")
    for part in says:
        assert part in message, message


def test_a_preset_name_is_read_in_any_case() -> None:
    state = sc.load(v.GAME, 'joueurs = ["A", "B"]\nvariante = "Livret Suricate"\n', "vautours")
    assert state.start.variant == v.GAME.PRESETS["livret-suricate"]


@pytest.mark.parametrize("game", PAGES)
def test_the_page_shows_the_format_with_an_example_of_its_game(game: str) -> None:
    board = importlib.import_module(GAMES[game].page_module).sandbox()
    head = board.scenario.children[0].value
    assert "Le format du scénario" in head
    first = engine(game).SCENARIO.example.splitlines()[0]
    assert first.replace('"', "&quot;") in head
    for r in sc.readings_of(engine(game)):
        assert f"{r.key} = " in head
