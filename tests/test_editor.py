"""« Mettre en place » (issue 34, item 1): the shared position editor of a sandbox, driven by
each page's description of its editable parts, validated by the engine, then « Jouer à partir
d'ici »; the explorers' « Ouvrir dans le bac à sable »."""

from __future__ import annotations

import random
import re
from typing import Any
from urllib.parse import urlsplit

import pytest

from tutor import fr
from tutor.engine import IllegalAction
from tutor.engine import scenario as sc
from tutor.engine.core import Record
from tutor.games import vaiko as vkg
from tutor.games import vampir as vpg
from tutor.games import vautours as svg
from tutor.games.drahtseilakt import play as drahtseilakt_play
from tutor.games.drahtseilakt.engine import dealer
from tutor.games.vampir.cards import JOKER, LOCATIONS, Vampire
from tutor.games.vampir.engine import hunt_heads
from tutor.games.vautours.state import HAND, POINT_CARDS
from tutor.ui.drahtseilakt import explorers as dzx
from tutor.ui.drahtseilakt import play as dz
from tutor.ui.editor import Position, PositionEditor
from tutor.ui.table import Sandbox
from tutor.ui.vaiko import base as vk
from tutor.ui.vaiko import explorers as vkx
from tutor.ui.vampir import explorers as vpx
from tutor.ui.vampir import play as vp
from tutor.ui.vautours import base as sv
from tutor.ui.vautours import explorers as svx


def text(markup: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup)).replace("\u202f", " ")


def editor_of(board: Sandbox[Any, Any, Any, Any]) -> PositionEditor:
    assert board.editor is not None
    return board.editor.open()


def play(board: Any, *cards: tuple[str, int]) -> None:
    for seat, card in cards:
        assert board.acting_seat(board.session.step) == seat
        board.play(svg.Play(seat, card))


def test_the_editor_is_built_only_when_opened() -> None:
    board = sv.sandbox()
    assert board.editor is not None and board.editor.editor is None
    assert "Mettre en place" in board.editor.button.description
    editor = editor_of(board)
    assert editor in board.children and editor.layout.display == ""
    board.editor.toggle()
    assert editor.layout.display == "none"


def test_the_booklets_tie_example_set_up_with_the_controls_then_played_on() -> None:
    board = sv.sandbox()
    editor = editor_of(board)
    editor.count.value = 4
    for box, name in zip(editor.names, ("Alex", "Carla", "Dario", "Léo")):
        box.value = name
    editor.piles["pioche"].add(7)
    editor.play_button.click()
    assert editor.error.value.count("tv-error") == 0, editor.error.value
    state = board.session.state
    assert state.players == ("Alex", "Carla", "Dario", "Léo") and state.pile == (7,)
    assert "Position mise en place" in board.scenario.status.value
    play(board, ("Alex", 14), ("Carla", 12), ("Dario", 14), ("Léo", 10))
    assert board.session.state.taken[1] == (7,)
    assert "Carla remporte la pile" in text(board.table.value)


def test_cards_already_won_are_won_in_manches_played_first() -> None:
    board = sv.sandbox()
    editor = editor_of(board)
    editor.set_position(Position(("Zoé", "Chloé", "Léo"), "livret-suricate", {"pioche": (8, -3)},
                                 {"gains": {"Zoé": (10, -5), "Chloé": (4,), "Léo": ()}}))
    editor.play_button.click()
    state = board.session.state
    assert [sorted(t) for t in state.taken] == [[-5, 10], [4], []]
    assert state.pile == (8,) and state.variant == svg.GAME.PRESETS["livret-suricate"]
    assert board.preset.value == "livret-suricate"
    assert "3 coups" not in text(board.scenario.status.value)  # 3 manches of 3 players: 9
    assert "9 coups rejoués" in text(board.scenario.status.value)


@pytest.mark.parametrize("position, says", [
    (Position(("A", "B"), "standard", {"pioche": (5,)}, {"gains": {"A": (5,), "B": ()}}),
     "Pioche : une carte « +5 » de trop (le jeu n’en a qu’un exemplaire, déjà placé)"),
    (Position(("A", "B"), "standard", {"pioche": ()}, {"gains": {"A": (3,), "B": (3,)}}),
     "Gains de B : une carte « +3 » de trop"),
])
def test_a_card_twice_is_refused_naming_the_part_and_nothing_changes(
        position: Position, says: str) -> None:
    board = sv.sandbox()
    before = board.session.state
    editor = editor_of(board)
    editor.set_position(position)
    editor.play_button.click()
    assert says in text(editor.error.value)
    assert "vautours/cartes-points" in editor.error.value
    assert board.session.state is before


def test_two_players_with_one_name_are_refused() -> None:
    board = sv.sandbox()
    editor = editor_of(board)
    editor.count.value = 2
    editor.names[1].value = editor.names[0].value
    editor.play_button.click()
    assert "même nom" in text(editor.error.value)


def test_too_many_wins_for_the_replayed_manches_are_refused_in_french() -> None:
    board = sv.sandbox()
    editor = editor_of(board)
    editor.set_position(Position(("A", "B"), "standard", {"pioche": ()},
                                 {"gains": {"A": (10, 9, 8, 7, 6, 5, 4, 3, 2), "B": ()}}))
    before = board.session.state
    editor.play_button.click()
    assert "Le tuteur ne sait pas faire gagner toutes ces cartes à A" in text(editor.error.value)
    assert board.session.state is before


def test_a_position_set_up_is_shared_by_a_short_link_that_opens_it() -> None:
    board = sv.sandbox()
    editor = editor_of(board)
    editor.set_position(Position(("Alex", "Chloé"), "standard", {"pioche": (7, -1)},
                                 {"gains": {"Alex": (2,), "Chloé": (-4,)}}))
    editor.play_button.click()
    play(board, ("Alex", 12), ("Chloé", 3))
    board.scenario.link_button.click()
    url = board.scenario.url.value
    assert len(url) <= 400
    other = sv.sandbox()
    other.guard(other.scenario.from_query)("?" + urlsplit(url).query)
    assert other.session.state == board.session.state


def test_the_tie_explorer_opens_its_manche_in_the_sandbox() -> None:
    board = sv.sandbox()
    explorer = svx.tie_explorer()
    explorer.pile[3].value = True  # +7 and +3 at stake: the +7 carried over by a full tie
    explorer.opener.children[0].click()
    assert "Ouvert dans le bac à sable" in text(explorer.opener.children[1].value)
    state = board.session.state
    assert state.players == ("Alex", "Carla", "Dario", "Léo")
    winner = explorer.result.winner
    assert winner == "Carla" and sorted(state.taken[1]) == [3, 7]
    assert sc.load(board.engine, board.scenario.text.value, "vautours").state == state


def test_the_final_tiebreak_explorer_opens_its_winnings_in_the_sandbox() -> None:
    board = sv.sandbox()
    explorer = svx.tiebreak_compare()
    explorer.opener.children[0].click()
    assert explorer.error.value.count("tv-error") == 0
    taken = {p: sorted(t) for p, t in zip(board.session.state.players,
                                          board.session.state.taken)}
    assert taken == {"Alex": [6, 8], "Carla": [5, 9], "Dario": [3, 10], "Léo": [-2, 7]}


# --- Drahtseilakt -------------------------------------------------------------------------------

def set_up_manche_3(editor: PositionEditor, sticks: dict[tuple[int, str], int]) -> None:
    """The third manche of Alex, Béa and Chloé (names and manche already set): the first two
    scored 4·0, 2·5 and 0·3, the sticks held ``sticks`` ((seat, colour) -> count), the cards
    4, « 0 bleu » and 7 on the score pile; then « Mettre en place », answered without an error."""
    for seat, scores in enumerate(((4, 0), (2, 5), (0, 3))):
        for box, score in zip(editor.series["scores"][seat], scores):
            box.value = score
    for (seat, colour), count in sticks.items():
        editor.counts["batons"][seat][colour].value = count
    for card in (4, "0 bleu", 7):
        editor.piles["score"].add(card)
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value


def test_drahtseilakt_a_later_manche_with_scores_and_sticks_set_up_with_the_controls() -> None:
    board = dz.sandbox()
    editor = editor_of(board)
    assert [b.value for b in editor.names[:3]] == list(board.session.state.players)
    for box, name in zip(editor.names, ("Alex", "Béa", "Chloé")):
        box.value = name
    editor.numbers["manche"].value = 3
    assert editor.choices["donneur"].options == ("Alex", "Béa", "Chloé")
    editor.choices["donneur"].value = "Béa"
    shown = [b for b in editor.series["scores"][0] if b.layout.display != "none"]
    assert len(shown) == 2  # two manches before the third
    set_up_manche_3(editor, {(0, "rouges"): 2, (2, "bleus"): 3})
    state = board.session.state
    assert state.manche == 2 and state.history == ((4, 0), (2, 5), (0, 3))
    assert state.red == (2, 0, 0) and state.blue == (0, 0, 3)
    assert state.revealed == (4,) and dealer(state) == "Béa"
    assert drahtseilakt_play.totals(state) == {"Alex": 0, "Béa": 7, "Chloé": 3}
    # play on: a trick; then share and open elsewhere
    for _ in range(3):
        seat = board.acting_seat(board.session.step)
        assert seat is not None
        board.play(board.engine.legal_actions(board.session.state, seat)[0])
    board.scenario.link_button.click()
    url = board.scenario.url.value
    assert len(url) <= 400
    other = dz.sandbox()
    other.guard(other.scenario.from_query)("?" + urlsplit(url).query)
    assert other.session.state == board.session.state


def test_drahtseilakt_an_impossible_position_is_refused_naming_who_and_what() -> None:
    board = dz.sandbox()
    before = board.session.state
    editor = editor_of(board)
    editor.counts["batons"][1]["rouges"].value = 20
    editor.counts["batons"][2]["rouges"].value = 9
    editor.play_button.click()
    assert "Bâtonnets rouges : 29 devant les joueurs" in text(editor.error.value)
    assert board.session.state is before


def test_drahtseilakt_explorers_open_in_the_sandbox() -> None:
    board = dz.sandbox()
    chain = dzx.chain_explorer()
    chain.opener.children[0].click()
    assert board.session.state.revealed == ("0 bleu", 4)
    pairs = dzx.pair_view()
    pairs.opener.children[0].click()
    state = board.session.state
    assert (state.red[0], state.blue[0]) == (5, 3) and state.variant.pairs == "end_of_manche"


# --- Vaiko --------------------------------------------------------------------------------------


def test_vaiko_running_totals_set_up_with_the_controls_and_counted_at_the_round_end() -> None:
    from tutor.games.vaiko.events import Totals

    board = vk.sandbox()
    editor = editor_of(board)
    editor.count.value = 3
    for box, name in zip(editor.names, ("Alex", "Chloé", "Léo")):
        box.value = name
    editor.numbers["manche"].value = 4
    for seat, total in enumerate((45, 62, -6)):
        editor.counts["totaux"][seat]["total"].value = total
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    assert state.manche == 4 and state.totals == (45, 62, -6)
    assert "Manche 4" in text(board.table.value) and "total 62" in text(board.table.value)
    # play on to the end of the manche: its points are added to these totals
    rng = random.Random(2)
    while board.session.state.manche == 4 and board.acting_seat(board.session.step):
        acting = board.acting_seat(board.session.step)
        assert acting is not None
        board.play(rng.choice(board.engine.legal_actions(board.session.state, acting)))
    assert board.session.state.manche == 5 or vkg.GAME.is_over(board.session.state)
    told = [vkg.GAME.describe(e) for e in board.session.events if isinstance(e, Totals)]
    assert told and told[-1].startswith("Totaux après la manche 4")
    board.scenario.link_button.click()
    assert len(board.scenario.url.value) <= 400


def test_vaiko_a_total_of_70_is_refused_the_game_would_be_over() -> None:
    board = vk.sandbox()
    before = board.session.state
    editor = editor_of(board)
    editor.numbers["manche"].value = 2
    editor.counts["totaux"][0]["total"].value = 69
    editor.play_button.click()
    assert "tv-error" not in editor.error.value
    editor.counts["totaux"][1]["total"].value = 69
    editor.counts["totaux"][1]["total"].value = 70  # the control stops at 69
    assert editor.counts["totaux"][1]["total"].value == 69
    board.session.restart(before)
    position = editor.position()
    bad = Position(position.players, "standard", {}, {}, numbers={"manche": 1},
                   counts={"totaux": {position.players[0]: {"total": 12}}})
    editor.set_position(bad)
    editor.play_button.click()
    assert "avant la première manche, tout le monde a 0 point" in text(editor.error.value)


# --- Vampir -------------------------------------------------------------------------------------


def test_vampir_exposed_hunts_set_up_with_the_controls_cards_taken_from_the_deck() -> None:
    board = vp.sandbox()
    editor = editor_of(board)
    for box, name in zip(editor.names, ("Anke", "Bernd", "Chloé")):
        box.value = name
    editor.choices["premier"].value = "Bernd"
    editor.counts["chasses"][0]["castle"].value = 5
    editor.counts["chasses"][0]["pub"].value = 3
    editor.counts["chasses"][2]["church"].value = 4
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    heads = hunt_heads(state)
    assert heads["Anke"] == {"castle": 5, "pub": 3} and heads["Chloé"] == {"church": 4}
    assert state.players[state.turn] == "Bernd"
    # the cards are conserved: the same material as a game just dealt
    assert vpg.GAME.inventory(state) == vpg.GAME.inventory(vpg.GAME.new_game(state.players, seed=1))
    for _ in range(3):
        seat = board.acting_seat(board.session.step)
        assert seat is not None
        board.play(board.engine.legal_actions(board.session.state, seat)[0])
    board.scenario.link_button.click()
    url = board.scenario.url.value
    assert len(url) <= 400
    other = vp.sandbox()
    other.guard(other.scenario.from_query)("?" + urlsplit(url).query)
    assert other.session.state == board.session.state
    assert "chasses" in board.scenario.text.value and "château" in board.scenario.text.value


def test_vampir_a_hunt_is_made_of_the_cards_the_hands_leave_free() -> None:
    # seen by a learner: four two-head castle vampires in a hand, then a castle hunt of 5 heads
    # was refused (the hunt took two of the game's five two-head ones before the hand)
    board = vp.sandbox()
    editor = editor_of(board)
    two = Vampire("castle", 2)
    hand = editor.fronts["mains"][1]
    for _ in range(4):
        hand.add(two)
    editor.counts["chasses"][0]["castle"].value = 5
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, text(editor.error.value)
    state = board.session.state
    assert hunt_heads(state)[state.players[0]] == {"castle": 5}
    assert vpg.GAME.inventory(state) == vpg.GAME.inventory(vpg.GAME.new_game(state.players, seed=1))
    # every two-head castle vampire placed: the hunt is made without them, or refused
    hand.add(two)
    assert hand.chosen == [two] * 4  # a hand holds four cards: the fifth is not offered
    assert all(b.disabled for b in hand.buttons)


def test_vampir_a_hunt_too_small_is_refused_naming_who_and_where() -> None:
    board = vp.sandbox()
    before = board.session.state
    editor = editor_of(board)
    editor.counts["chasses"][1]["church"].value = 2
    editor.play_button.click()
    assert "au moins 3 têtes" in text(editor.error.value)
    assert board.session.state is before


def test_vampir_explorers_open_their_hunts_in_the_sandbox() -> None:
    board = vp.sandbox()
    builder = vpx.hunt_builder()
    builder.opener.children[0].click()
    assert hunt_heads(board.session.state)["Anke"] == {"castle": 4}
    scoring = vpx.scoring_explorer()
    scoring.count.value = 3
    for loc in LOCATIONS:
        for name in ("Anke", "Bernd", "Chris"):
            scoring.cells[(name, loc)].value = 0
    scoring.cells[("Bernd", "docks")].value = 6
    scoring.opener.children[0].click()
    assert scoring.error.value.count("tv-error") == 0
    assert hunt_heads(board.session.state)["Bernd"] == {"docks": 6}


def test_each_seat_row_is_shown_or_hidden_by_its_own_layout() -> None:
    board = dz.sandbox()
    editor = editor_of(board)
    editor.count.value = 4
    shown = {k: line.layout.display for line, k in editor.seat_rows}
    assert all(shown[k] == "" for k in range(4)) and shown[4] == "none"
    assert len({id(line.layout) for line, _ in editor.seat_rows}) == len(editor.seat_rows)


# --- hands --------------------------------------------------------------------------------------


def test_hands_chosen_with_the_controls_are_dealt_the_rest_at_random() -> None:
    board = dz.sandbox()
    editor = editor_of(board)
    for card in (50, 49, 1):
        editor.fronts["mains"][0].add(card)
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    assert {50, 49, 1} <= set(board.session.state.hands[0])
    assert len(board.session.state.hands[0]) == 9

    board = vp.sandbox()
    editor = editor_of(board)
    castle = Vampire("castle", 2)
    for piece in (castle, castle, JOKER):
        editor.fronts["mains"][1].add(piece)
    assert not editor.fronts["mains"][1].buttons[0].disabled  # copies may be chosen again
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    hand: tuple[object, ...] = board.session.state.hands[1]
    assert hand.count(castle) == 2 and JOKER in hand and len(hand) == 4

    board = vk.sandbox()
    editor = editor_of(board)
    for face in ("Vision", "0", "×2"):
        editor.fronts["mains"][0].add(face)
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    faces = [state.deck.cards[c].face for c in state.hands[0]]
    assert faces[:3] == ["Vision", "0", "×2"]


def test_a_card_in_two_hands_is_refused_naming_the_hand() -> None:
    board = dz.sandbox()
    before = board.session.state
    editor = editor_of(board)
    editor.fronts["mains"][0].add(12)
    editor.fronts["mains"][1].add(12)
    editor.play_button.click()
    said = text(editor.error.value)
    assert "donne 1, main d" in said and "une carte « 12 » de trop" in said, said
    assert board.session.state is before


def test_vaiko_explorers_open_in_the_sandbox() -> None:
    board = vk.sandbox()
    match = vkx.match_explorer()
    match.opener.children[0].click()
    assert "tv-error" not in match.error.value, match.error.value
    state = board.session.state
    assert state.phase == "match" and vkg.GAME.current_seats(state) == ("Carla",)
    assert [state.deck.cards[c].face for c in state.discard] == ["2", "6"]
    assert "Ouvert dans le bac à sable" in text(match.opener.children[1].value)
    call = vkx.call_calculator()
    call.opener.children[0].click()
    assert "tv-error" not in call.error.value, call.error.value
    state = board.session.state
    points = {p: sum(state.deck.cards[c].points for c in h)
              for p, h in zip(state.players, state.hands)}
    assert points == {"Alex": 4, "Carla": 9, "Dario": 15}
    assert state.phase == "call" and vkg.GAME.current_seats(state) == ("Alex",)
    call.points["Dario"].value = 41  # more than four cards can hold
    call.opener.children[0].click()
    assert "41 points, c’est impossible" in text(call.error.value)
    assert "vaiko/donne" in call.error.value
    assert board.session.state is state


def test_vaiko_the_pile_set_with_the_controls_turns_its_first_card_onto_the_discard() -> None:
    board = vk.sandbox()
    editor = editor_of(board)
    for face in ("7", "Vision", "Vision", "3"):
        editor.piles["pioche"].add(face)
    assert not editor.piles["pioche"].buttons[0].disabled  # copies may be chosen again
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    cards = state.deck.cards
    assert [cards[c].face for c in state.discard] == ["7"]
    assert [cards[c].face for c in state.pile[:3]] == ["Vision", "Vision", "3"]
    before = state
    for face in ("Vision", "Vision", "Vision"):  # five in all: the game has four
        editor.piles["pioche"].add(face)
    editor.play_button.click()
    assert ("une carte « Vision » de trop (le jeu n’en a que 4 exemplaires, déjà tous "
            "placés)") in text(editor.error.value)
    assert board.session.state is before


def test_vampir_deck_order_and_cards_under_the_locations_set_up_with_the_controls() -> None:
    board = vp.sandbox()
    editor = editor_of(board)
    v = vpg
    castle2, pub1 = Vampire("castle", 2), Vampire("pub", 1)
    for card in (castle2, JOKER, pub1):
        editor.piles["pioche"].add(card)
    for card in (castle2, JOKER):
        editor.piles["sous:castle"].add(card)
    editor.piles["sous:pub"].add(Vampire("pub", 2))
    editor.counts["chasses"][0]["castle"].value = 5  # its cards come out of the deck too
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    assert state.deck[:3] == (castle2, JOKER, pub1)  # the deck dealt as set
    assert state.under[LOCATIONS.index("castle")] == (Vampire("castle", 1), castle2, JOKER)
    assert state.under[LOCATIONS.index("pub")] == (pub1, Vampire("pub", 2))
    assert vpg.GAME.inventory(state) == vpg.GAME.inventory(vpg.GAME.new_game(state.players, seed=1))
    assert "lieux" in board.scenario.text.value and "taverne" in board.scenario.text.value
    # the first player draws the two cards set on top
    first = board.acting_seat(board.session.step)
    assert first is not None
    board.play(v.Draw(first))
    assert {castle2, JOKER} <= set(board.session.state.pending)
    board.scenario.link_button.click()
    url = board.scenario.url.value
    assert len(url) <= 400
    other = vp.sandbox()
    other.guard(other.scenario.from_query)("?" + urlsplit(url).query)
    assert other.session.state == board.session.state


def test_vampir_one_copy_too_many_is_refused_naming_the_part_and_nothing_changes() -> None:
    board = vp.sandbox()
    before = board.session.state
    editor = editor_of(board)
    for _ in range(5):  # the game has five two-head vampires of each colour
        editor.piles["sous:church"].add(Vampire("church", 2))
    editor.piles["pioche"].add(Vampire("church", 2))
    editor.play_button.click()
    said = text(editor.error.value)
    assert "Pioche : une carte « vampire" in said, said
    assert "que 5 exemplaires, déjà tous placés" in said, said
    assert board.session.state is before


@pytest.mark.parametrize("lieux, says", [
    ('lieux = { château = ["église:2"] }', "ne peut pas y être posé"),
    ('lieux = { grenier = ["joker"] }', "grenier"),
    ('lieux = { château = ["joker", "joker", "joker", "joker", "joker", "joker", "joker", '
     '"joker", "joker", "joker", "joker"] }', "plus de « joker » dans la pioche"),
    ("chasses.Anke = { " + ", ".join(f'{loc} = ["{loc}:1", "{loc}:1", "{loc}:1"]' for loc in (
        "château", "cimetière", "asile", "docks", "église", "taverne")) + " }",
     "les six couleurs sont exposées, la manche serait déjà finie"),
])
def test_vampir_scenario_positions_the_engine_refuses(lieux: str, says: str) -> None:
    text_ = f'joueurs = ["Anke", "Bernd", "Chloé"]\nvariante = "manche-unique"\n{lieux}\n'
    with pytest.raises((IllegalAction, sc.ScenarioError)) as refused:
        sc.load(vpg.GAME, text_, "vampir")
    assert says in str(refused.value).replace("\u202f", " ")


# --- Stupides Vautours: hands and the explorers' players -----------------------------------------


def test_vautours_cards_played_set_with_the_controls_give_the_hands_and_the_manches() -> None:
    board = sv.sandbox()
    editor = editor_of(board)
    editor.count.value = 3
    for box, name in zip(editor.names, ("Zoé", "Béa", "Chloé")):
        box.value = name
    editor.fronts["gains"][0].add(10)
    editor.fronts["gains"][1].add(-5)
    for seat, cards in enumerate(((15, 3), (1, 14), (2, 13))):
        for card in cards:
            editor.fronts["joues"][seat].add(card)
    editor.piles["pioche"].add(7)
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    assert [set(HAND) - set(h) for h in state.hands] == [{15, 3}, {1, 14}, {2, 13}]
    assert [sorted(p) for p in state.played] == [[3, 15], [1, 14], [2, 13]]
    assert state.taken == ((10,), (-5,), ()) and state.pile == (7,)
    # one manche more than the cards won: it ended without a winner, its card still at stake
    editor.fronts["joues"][0].add(9)
    editor.fronts["joues"][1].add(9)
    editor.fronts["joues"][2].add(9)
    editor.piles["pioche"].add(8)
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    assert state.pile == (7, 8) and all(9 not in h for h in state.hands)
    play(board, ("Zoé", 12), ("Béa", 4), ("Chloé", 5))
    assert sorted(board.session.state.taken[0]) == [7, 8, 10]
    board.scenario.link_button.click()
    url = board.scenario.url.value
    assert len(url) <= 400
    other = sv.sandbox()
    other.guard(other.scenario.from_query)("?" + urlsplit(url).query)
    assert other.session.state == board.session.state


@pytest.mark.parametrize("played, won, says", [
    ({"A": (1, 2, 3), "B": (13, 14)}, {"A": (10, 9)}, "B a joué moins de cartes que 3 manches"),
    ({"A": (1,), "B": (13,)}, {"A": (10, 9)}, "1 manche jouée, mais 2 cartes Points gagnées"),
    ({"A": (1, 2), "B": (13, 14)}, {"A": (10, 9)}, "Le tuteur ne trouve pas de manches"),
])
def test_vautours_cards_played_that_do_not_fit_are_refused_and_nothing_changes(
        played: dict[str, tuple[int, ...]], won: dict[str, tuple[int, ...]], says: str) -> None:
    board = sv.sandbox()
    before = board.session.state
    editor = editor_of(board)
    editor.set_position(Position(("A", "B"), "standard", {"pioche": ()},
                                 {"gains": won, "joues": played}))
    editor.play_button.click()
    said = text(editor.error.value)
    assert says in said and "vautours/" in editor.error.value, said
    assert board.session.state is before


def test_vautours_manches_found_for_positions_of_real_games() -> None:
    """Positions reached by random games: the search finds manches for almost all (the few it
    does not find are refused, never wrong), and the engine's replay gives the same hands,
    winnings and pile."""
    from tutor.games.vautours import history
    found = 0
    for seed in range(12):
        rng = random.Random(seed)
        players = ("A", "B", "C", "D", "E")[:rng.choice((2, 3, 4, 5))]
        state = svg.GAME.new_game(players, seed=seed)
        for _ in range(rng.randrange(2, 12) * len(players)):
            seat = svg.GAME.current_seats(state)[0]
            state, _ = svg.GAME.apply(state, rng.choice(svg.GAME.legal_actions(state, seat)))
        try:
            past = history.past_manches(players, dict(zip(players, state.played)),
                                        dict(zip(players, state.taken)), state.variant,
                                        state.pile[:-1])
        except IllegalAction:
            continue
        found += 1
        moves = [svg.Play(p, plays[p]) for _, plays in past for p in players]
        order = [card for card, _ in past] + list(state.pile[-1:])
        deck = tuple(order) + tuple(c for c in POINT_CARDS if c not in order)
        built = sc.build(svg.GAME, sc.Scenario(players, state.variant, Record((deck,)),
                                           tuple(moves)))
        again = built.state
        assert again.hands == state.hands and again.pile == state.pile
        assert [sorted(t) for t in again.taken] == [sorted(t) for t in state.taken]
    assert found >= 10


def test_vautours_explorers_take_any_names_and_two_to_five_players() -> None:
    board = sv.sandbox()
    tie = svx.tie_explorer()
    tie.count.value = 3
    tie.names[0].value = "Zoé"
    tie.names[2].value = "Édouard"
    assert tie.cards[0].description == "Zoé" and tie.seats[3].layout.display == "none"
    tie.cards[0].value, tie.cards[1].value, tie.cards[2].value = 5, 9, 11
    assert tie.result.winner == "Édouard"
    tie.opener.children[0].click()
    assert "tv-error" not in tie.error.value, tie.error.value
    assert board.session.state.players == ("Zoé", "Carla", "Édouard")
    tie.names[1].value = "Zoé"
    assert "Deux joueurs ont le même nom" in text(tie.error.value)
    tie.names[1].value = " "
    assert "Joueur 2 : tapez un prénom" in text(tie.error.value)

    compare = svx.tiebreak_compare()
    compare.count.value = 5
    compare.names[4].value = "Chloé"
    compare.inputs["Chloé"].value = "4, 2, 1"
    assert "tv-error" not in compare.error.value, compare.error.value
    assert "Chloé +4, +2, +1 +7" in text(compare.out.value)
    compare.count.value = 2
    assert list(compare.inputs) == ["Alex", "Carla"]
    compare.opener.children[0].click()
    assert "tv-error" not in compare.error.value, compare.error.value
    state = board.session.state
    assert state.players == ("Alex", "Carla") and [sorted(t) for t in state.taken] == [[6, 8],
                                                                                       [5, 9]]


def test_vampir_the_booklets_closing_table_opens_once_no_one_has_six_colours() -> None:
    """The hunts' cards are written above the deck, so no hand is dealt them: the booklet's
    four players' hunts fit in one deal; Anke's six colours would have ended the manche."""
    board = vp.sandbox()
    scoring = vpx.scoring_explorer()
    scoring.opener.children[0].click()
    assert "les six couleurs sont exposées" in text(scoring.error.value)
    scoring.cells[("Anke", "church")].value = 0
    scoring.opener.children[0].click()
    assert "tv-error" not in scoring.error.value, scoring.error.value
    state = board.session.state
    heads = hunt_heads(state)
    assert heads["Doro"] == {"graveyard": 3, "madhouse": 6, "docks": 7, "church": 6, "pub": 3}
    assert vpg.GAME.inventory(state) == vpg.GAME.inventory(vpg.GAME.new_game(state.players, seed=1))


def test_a_card_button_says_where_it_goes_and_follows_a_new_name() -> None:
    board = vp.sandbox()
    editor = editor_of(board)
    pile = editor.piles["pioche"].buttons[0]
    assert pile.tooltip.startswith("Pioche, du dessus vers le dessous\u202f: ajouter ")
    editor.names[1].value = "Zoé"
    editor.rename(1)
    hand = editor.fronts["mains"][1].buttons[0]
    assert hand.tooltip.startswith("Main — Zoé\u202f: ajouter "), hand.tooltip


def test_drahtseilakt_the_journal_states_the_position_set_up_before_the_first_move() -> None:
    """« Mettre en place » with sticks held and manches scored: the journal's first lines say
    what the table shows (the reserve less the sticks held, each holding, the earlier manches
    with the erased score said so), never the 25 of a new game."""
    board = dz.sandbox()
    editor = editor_of(board)
    for box, name in zip(editor.names, ("Alex", "Béa", "Chloé")):
        box.value = name
    editor.numbers["manche"].value = 3
    set_up_manche_3(editor, {(1, "rouges"): 5, (2, "bleus"): 3})
    text = fr.typography(board.journal.body.value).replace("\u202f", " ")
    assert "La réserve compte 25" not in text
    assert "Dans la réserve : 20 bâtonnets rouges et 22 bâtonnets bleus" in text
    assert "Devant Béa, avant le premier coup : 5 bâtonnets rouges." in text
    assert "Devant Chloé, avant le premier coup : 3 bâtonnets bleus." in text
    assert "Alex 4 (effacé), 0 (total 0 point)" in text
    assert "Béa 2, 5 (total 7 points)" in text


def test_editing_again_hides_the_old_position_set_up_blocks() -> None:
    """After « Jouer à partir d’ici », changing any control (a number, a card added) takes away
    both « Position mise en place » blocks (the editor's and the scenario panel's) and says the
    table still shows the position set up before; playing again brings them back."""
    from tutor.ui import html as h
    from tutor.ui.editor import EDITING

    board = dz.sandbox()
    editor = editor_of(board)
    for card in (4, "0 bleu", 7):
        editor.piles["score"].add(card)
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    assert "Position mise en place" in editor.status.value
    assert "Position mise en place" in board.scenario.status.value
    editor.counts["batons"][0]["rouges"].value = 2
    assert "Position mise en place" not in editor.status.value
    assert "tv-panel" not in board.scenario.status.value
    assert h.esc(EDITING) in editor.status.value
    editor.play_button.click()
    assert "Position mise en place" in editor.status.value
    editor.piles["score"].add(5)  # a card sequence counts as an edit too
    assert h.esc(EDITING) in editor.status.value


def test_drahtseilakt_a_finished_game_set_up_from_its_score_sheet() -> None:
    """The five-manche question (Alex keeps 4 sticks, 0, 7, 2, 0): « Mettre en place » takes
    every manche's score directly (manche « 6 : partie finie »), no card played; the journal
    counts it by the rules, each erased score said and cited, the table shows the end, and the
    short link carries it."""
    board = dz.sandbox()
    editor = editor_of(board)
    editor.count.value = 5
    names = ("Alex", "Béa", "Chloé", "Dario", "Léo")
    for box, name in zip(editor.names, names):
        box.value = name
    labels = [label for label, _ in editor.numbers["manche"].options]
    assert labels[-1] == "6 : partie finie (feuille de score)"
    editor.numbers["manche"].value = 6
    sheet = {"Alex": (4, 0, 7, 2, 0), "Béa": (3, 3, 3, 3, 3), "Chloé": (1, 2, 0, 5, 1),
             "Dario": (6, 1, 1, 1, 1), "Léo": (2, 2, 2, 2, 2)}
    for seat, name in enumerate(names):
        shown = [b for b in editor.series["scores"][seat] if b.layout.display != "none"]
        assert len(shown) == 5
        for box, score in zip(shown, sheet[name]):
            box.value = score
    editor.play_button.click()
    assert "tv-error" not in editor.error.value, editor.error.value
    state = board.session.state
    assert board.engine.is_over(state) and len(board.session.steps) == 1
    assert drahtseilakt_play.totals(state) == {"Alex": 2, "Béa": 15, "Chloé": 7, "Dario": 10,
                                               "Léo": 10}
    text = fr.typography(board.journal.body.value).replace("\u202f", " ")
    assert "le score d’Alex à la 1re manche (4 points) est effacé" in text
    assert "le score d’Alex à la 3e manche (7 points) est effacé" in text
    assert "le score de Chloé à la 2e manche (2 points) est effacé" in text
    assert "drahtseilakt/manche-propre" in board.journal.body.value
    assert "Alex 2 points" in text and "Alex" in board.engine.outcome(state).winners
    assert "vainqueur" in board.table.value
    board.scenario.link_button.click()
    url = board.scenario.url.value
    other = dz.sandbox()
    other.guard(other.scenario.from_query)("?" + urlsplit(url).query)
    assert other.session.state == board.session.state
    assert "tv-error" not in other.error.value
