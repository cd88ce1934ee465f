"""Readings that take effect (issue 34, item 4): in a sandbox a reading chosen during a game
replays the moves under it (refused in French naming the move that becomes impossible;
« Annuler » undoes it) or, where the cards would not give the same game, says « à la prochaine
partie » and names the reading in play; against the computer a reading applies to the next
game, and the settings say so. Never a selector showing a reading that is not in play without
saying it."""

from __future__ import annotations

import random
from typing import Any

from tutor.games import vaiko as vkg
from tutor.games import vautours as svg
from tutor.ui.drahtseilakt import play as dz
from tutor.ui.vaiko import base as vk
from tutor.ui.vautours import base as sv


def played(board: Any, moves: int, seed: int = 0) -> Any:
    rng = random.Random(seed)
    for _ in range(moves):
        seat = board.acting_seat(board.session.step)
        if seat is None:
            break
        board.play(rng.choice(board.engine.legal_actions(board.session.state, seat)))
    return board


def in_play(board: Any) -> Any:
    return board.session.steps[0].state.variant


def test_a_new_reading_replays_the_moves_and_annuler_undoes_it() -> None:
    board = played(sv.sandbox(), 6)
    before, cursor = board.session.state, board.session.cursor
    actions = board.session.actions_played()
    board.preset.value = "livret-suricate"
    assert board.error.value == "" or "tv-error" not in board.error.value
    assert in_play(board) == svg.GAME.PRESETS["livret-suricate"]
    assert board.session.actions_played() == actions and board.session.cursor == cursor
    said = board.reading.value.replace("\u202f", " ")
    assert "Règle en jeu" in said and "6 coups rejoués" in said and "« Annuler »" in said
    assert board.reading_undo.layout.display == ""
    # the scenario text says the reading now in play
    assert 'variante = "livret-suricate"' in board.scenario.text.value
    board.reading_undo.click()
    assert board.session.state == before and board.preset.value == "standard"
    assert in_play(board) == svg.GAME.PRESETS["standard"]
    assert board.reading_undo.layout.display == "none"


def test_the_shared_last_pile_tick_takes_effect_too() -> None:
    board = played(sv.sandbox(), 4)
    board.shared.value = True
    assert in_play(board).last_pile == "shared"
    assert "pile finale partagée" in board.reading.value
    board.reading_undo.click()
    assert in_play(board).last_pile == "lost" and board.shared.value is False


def test_a_reading_that_makes_a_move_impossible_is_refused_naming_the_move() -> None:
    for seed in range(10):
        board = played(vk.sandbox(), 25, seed)
        before = board.session.state
        board.preset.value = "sans-regard"
        if "impossible" in board.error.value:
            break
    else:
        raise AssertionError("no game of these seeds looks at its cards")
    said = board.error.value.replace("\u202f", " ")
    assert "le coup" in said and "La partie garde « Standard" in said
    assert board.preset.value == "standard" and in_play(board) == vkg.GAME.PRESETS["standard"]
    assert board.session.state == before


def test_a_reading_with_other_cards_applies_to_the_next_game() -> None:
    board = played(dz.sandbox(), 3)
    before = board.session.state
    board.preset.value = "tactique"
    said = board.reading.value.replace("\u202f", " ")
    assert "à la prochaine partie" in said and "la partie en cours suit « Règle de base" in said
    assert board.session.state == before
    board.new_button.click()
    assert in_play(board).deck == "tactical" and "prochaine" not in board.reading.value


def test_against_the_computer_a_reading_waits_for_the_next_game_and_says_so() -> None:
    game = sv.play_vs_computer()
    before = game.session.state
    game.settings.preset.value = "livret-suricate"
    said = game.next_reading.value.replace("\u202f", " ")
    assert "à la prochaine partie" in said and "La partie en cours suit « Lecture retenue" in said
    assert game.session.state == before
    game.shared.value = True
    assert "pile finale partagée" in game.next_reading.value
    game.settings.start_button.click()
    assert in_play(game) == sv.variant_of("livret-suricate", True)
    assert "prochaine" not in game.next_reading.value


def test_a_loaded_scenario_sets_the_reading_without_replaying() -> None:
    board = played(sv.sandbox(), 2)
    board.scenario.load('joueurs = ["A", "B"]\nvariante = "livret-suricate"\n')
    assert board.preset.value == "livret-suricate" and board.reading.value.count("Règle") == 0
    assert in_play(board) == svg.GAME.PRESETS["livret-suricate"]
    assert len(board.session.steps) == 1
