"""The Vampir page's explorers: worked examples told step by step on their table, the hunt
builder, the scoring explorer and the exercises ("combien de points ?"). Each situation is
checked against the game's cards (:data:`tutor.games.vampir.COMPOSITION`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event, IllegalAction, join_names
from tutor.games import vampir as v
from tutor.games.vampir import state as vampir_state
from tutor.games.vampir.cards import (
    C_JOKERS,
    C_VAMPIRES,
    COMPOSITION,
    JOKER,
    JOKERS,
    KINDS,
    LOCATION_NAMES,
    LOCATIONS,
    Card,
    Vampire,
    card_text,
    is_card,
    of_location,
    sort_cards,
)
from tutor.games.vampir.examples import _card_list, _hunts_table, hunts_of_example, parse_move
from tutor.games.vampir.hunts import is_valid_hunt, score
from tutor.games.vampir.scenes import scoring_steps
from tutor.ui import html as h
from tutor.ui import scenario
from tutor.ui.editor import Position, opener
from tutor.ui.htmlwidget import Html
from tutor.ui.page import WorkedExample
from tutor.ui.quiz import Question, Quiz
from tutor.ui.widgets import ErrorArea, Refusal, guarded, html, set_html

from .base import (
    JOKER_SYMBOL,
    NAMES,
    PAGE,
    SYMBOLS,
    book,
    cards_row,
    cite,
    displays_html,
    hunt_heads,
    hunt_html,
    hunts_with_heads,
    score_table,
)
from .play import draw

# --- worked examples ---------------------------------------------------------------------------


def _positions(data: Mapping[str, Any]) -> list[tuple[int, v.State]]:
    """A ``tour`` example's position after each move, with the number of events told by then."""
    rules = v.Variant.coerce(data.get("variante"))
    state = vampir_state.situation(data["joueurs"],
                        hands={p: _card_list(p, c) for p, c in data["mains"].items()},
                        deck=_card_list("pioche", data["pioche"]),
                        under={loc: _card_list(loc, c) for loc, c in
                               data.get("lieux", {}).items()},
                        displays=_hunts_table("chasses", data.get("chasses", {})),
                        turn=data.get("trait"), variant=rules)
    out, told = [(0, state)], 0
    for k, spec in enumerate(data["coups"], 1):
        try:
            state, events = v.GAME.apply(state, parse_move(f"coup {k}", spec))
        except IllegalAction:
            break
        told += len(events)
        out.append((told, state))
    return out


def scene_of(example_id: str) -> Callable[[Sequence[Event]], str]:
    """What the table of a worked example looks like after the steps told so far."""
    data = book().examples[example_id].data
    note = (f'<div class="tv-muted">{h.esc(fr.typography(data["note"]))}</div>'
            if data.get("note") else "")
    if data.get("type") == "scenario":
        return scenario.example_scene(PAGE, draw, data)
    if data.get("type") == "decompte":
        rules = v.Variant.coerce(data.get("variante"))
        shown = hunts_of_example(data)
        scoring = score(shown, rules)

        def scoring_scene(events: Sequence[Event]) -> str:
            told = scoring_steps(events)
            return (f'<div class="tv-panel"><div class="tv-title">Les chasses exposées</div>'
                    f"{note}{displays_html(shown, rules.joker_heads)}</div>"
                    + score_table(scoring, "Le décompte, couleur par couleur", told))
        return scoring_scene
    if data.get("type") == "chasse":
        cards = _card_list("cartes", data["cartes"])
        return lambda events: (f'<div class="tv-panel"><div class="tv-title">Les cartes</div>'
                               f"{note}{hunt_html(None, cards)}</div>")
    positions = _positions(data)

    def turn_scene(events: Sequence[Event]) -> str:
        state = [s for told, s in positions if told <= len(events)][-1]
        return note + draw(v.GAME.view(state, None), ())
    return turn_scene


def stepper(example_id: str) -> WorkedExample:
    """A worked example of the rule file, opening onto its table step by step."""
    return PAGE.worked_example(example_id, scene_of(example_id))


# --- hunt builder --------------------------------------------------------------------------------


def _kind_text(card: Card) -> str:
    if isinstance(card, Vampire):
        return f"{card_text(card, COMPOSITION[card])} {of_location(card.location)}"
    return f"{JOKERS} jokers Somewhere"


class HuntBuilder(w.VBox):  # type: ignore[misc]
    """Pick cards one by one; the engine says at once whether they form a hunt, and why. The
    game has only so many cards of each kind: one more is refused."""

    built = False

    def __init__(self, cards: Sequence[Card] = (Vampire("castle", 1), Vampire("castle", 2),
                                                   JOKER)) -> None:
        self.error = ErrorArea(book())
        self.cards: list[Card] = list(cards)
        guard = guarded(self.error)
        buttons = []
        for kind in KINDS:
            if isinstance(kind, Vampire):
                loc = kind.location
                text = f"{SYMBOLS[loc]} {LOCATION_NAMES[loc]} {'●' * kind.heads}"
                tip, cls = f"Ajouter un {card_text(kind)}", loc
            else:
                text, tip, cls = f"{JOKER_SYMBOL} Joker", "Ajouter un joker Somewhere", "joker"
            b = w.Button(description=text, tooltip=tip)
            b.add_class("vp-pick")
            b.add_class("vp-pick-" + cls)
            b.on_click(guard(lambda _, card=kind: self.add(card)))
            buttons.append(b)
        self.remove_button = w.Button(description="Retirer la dernière", icon="undo")
        self.clear_button = w.Button(description="Tout retirer", icon="trash")
        self.remove_button.on_click(guard(lambda _: self.remove_last()))
        self.clear_button.on_click(guard(lambda _: self.clear()))
        self.hand, self.verdict = html(), html()
        self.verdict.add_class("vp-verdict")
        hint = Html('<span class="tv-muted">Cliquez sur une carte pour l’ajouter à la chasse '
                      "(● = une tête).</span>")
        row = w.Layout(flex_flow="row wrap")
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([hint, w.HBox(buttons, layout=row),
                          w.HBox([self.remove_button, self.clear_button], layout=row), self.hand,
                          self.verdict, self.error, self.opener])
        self.add_class("vp-hunt-builder")
        self.render()
        self.built = True

    def add(self, card: Card) -> None:
        if not is_card(card):
            raise IllegalAction("Ce n’est pas une carte de Vampir.", C_VAMPIRES)
        if self.cards.count(card) >= COMPOSITION[card]:
            c = C_JOKERS if card is JOKER else C_VAMPIRES
            raise IllegalAction(fr.typography(f"Le jeu n’a que {_kind_text(card)} : tous "
                                              "sont déjà dans la chasse."), c)
        self.cards.append(card)
        self.render()

    def remove_last(self) -> None:
        if self.cards:
            self.cards.pop()
        self.render()

    def clear(self) -> None:
        self.cards = []
        self.render()

    def render(self) -> None:
        self.error.clear()
        self.check = is_valid_hunt(self.cards)
        set_html(self.hand, '<div class="tv-panel"><div class="tv-title">Cartes choisies '
                            f"({len(self.cards)})</div>"
                            f"{cards_row(self.cards, small=False, empty='aucune carte')}</div>")
        kind, title = (("success", "✓ Chasse valide") if self.check
                       else ("error", "✗ Pas une chasse"))
        set_html(self.verdict, f'<div class="tv-panel tv-{kind}" role="status"><div '
                               f'class="tv-title">{title}</div><div>{h.esc(self.check.reason)}'
                               f"</div><div>Règle : {cite(self.check.clause)}</div></div>")
        if self.built:
            PAGE.explored([self.check.clause])


    def position(self) -> Position:
        """A manche where Anke has already exposed this hunt (refused if it is not one)."""
        check = is_valid_hunt(self.cards)
        if not check:
            raise IllegalAction(check.reason, check.clause)
        players = NAMES[:3]
        heads = {players[0]: {str(check.location): check.heads}}
        return Position(players, "manche-unique", {}, {}, choices={"premier": players[0]},
                        counts={"chasses": heads})


def hunt_builder() -> HuntBuilder:
    return HuntBuilder()


# --- scoring explorer --------------------------------------------------------------------------


BOOKLET_HEADS: dict[str, dict[str, int]] = {
    "Anke": {"graveyard": 5, "docks": 3, "pub": 4, "madhouse": 6, "church": 6, "castle": 7},
    "Bernd": {"graveyard": 5, "docks": 4, "pub": 5, "church": 6, "castle": 7},
    "Chris": {"graveyard": 3, "docks": 5, "pub": 5, "madhouse": 5, "castle": 5},
    "Doro": {"graveyard": 3, "docks": 7, "pub": 3, "madhouse": 6, "church": 6},
    "Emil": {"graveyard": 4, "castle": 4},
}


class ScoringExplorer(w.VBox):  # type: ignore[misc]
    """Set the heads of each player's hunt in each colour; see the colour-by-colour scoring.
    One block per player, its six colours wrapping on a narrow screen."""

    built = False

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[3, 4, 5], value=4, description="Joueurs",
                                     style={"button_width": "3rem"})
        options = [("— aucune", 0), *((str(k), k) for k in range(3, 27))]
        self.cells: dict[tuple[str, str], w.Dropdown] = {}
        self.rows: list[w.VBox] = []
        for name in NAMES:
            line = []
            for loc in LOCATIONS:
                dd = w.Dropdown(options=options, value=BOOKLET_HEADS[name].get(loc, 0),
                                description=f"{SYMBOLS[loc]} {LOCATION_NAMES[loc]}",
                                style={"description_width": "5rem"},
                                layout=w.Layout(width="11rem"))
                dd.observe(lambda _: self.update(), names="value")
                self.cells[(name, loc)] = dd
                line.append(dd)
            box = w.HBox(line, layout=w.Layout(flex_flow="row wrap"))
            row = w.VBox([Html(f"<strong>{h.esc(name)}</strong>"), box])
            row.add_class("vp-row-" + name)
            self.rows.append(row)
        self.count.observe(lambda _: self.update(), names="value")
        self.out = html()
        self.out.add_class("vp-scoring-result")
        hint = Html(fr.typography(
            '<span class="tv-muted">Au départ : l’exemple final du livret (Anke 28, Bernd 27, '
            "Chris 20, Doro 19). « — aucune » : pas de chasse de cette couleur.</span>"))
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([self.count, hint, *self.rows, self.error, self.out, self.opener])
        self.add_class("vp-scoring-explorer")
        self.update()
        self.built = True

    def update(self) -> None:
        """The scoring of the hunts chosen (a French refusal if the cards cannot make them)."""
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        self.error.clear()
        self.out.value = ""
        self.players = list(NAMES[: int(self.count.value)])
        for k, row in enumerate(self.rows):
            row.layout.display = "" if k < len(self.players) else "none"
        shown = hunts_with_heads({p: {loc: int(self.cells[(p, loc)].value)
                                      for loc in LOCATIONS if self.cells[(p, loc)].value}
                                  for p in self.players})
        self.scoring = score(shown)
        best = max(self.scoring.points.values())
        leaders = [p for p, s in self.scoring.points.items() if s == best]
        set_html(self.out, score_table(self.scoring, "Le décompte, couleur par couleur")
                 + h.message_panel("info", fr.typography(f"En tête : {join_names(leaders)} "
                                                         f"({fr.count(best, 'point')})")))
        if self.built:
            PAGE.explored(e.clause for e in self.scoring.events)


    def position(self) -> Position:
        """A manche where these hunts are already exposed (their cards taken from the deck)."""
        players = NAMES[: int(self.count.value)]
        heads = {p: {loc: int(self.cells[(p, loc)].value) for loc in LOCATIONS}
                 for p in players}
        return Position(players, "manche-unique", {}, {}, choices={"premier": players[0]},
                        counts={"chasses": heads})


def scoring_explorer() -> ScoringExplorer:
    return ScoringExplorer()


# --- exercises -----------------------------------------------------------------------------------


def make_layout(seed: int) -> tuple[dict[str, list[tuple[Card, ...]]], str]:
    """A generated layout of 3 or 4 players over 3 colours, and the player asked about."""
    rng = random.Random(seed)
    players = list(NAMES[: rng.choice((3, 4))])
    colours = rng.sample(LOCATIONS, 3)
    heads: dict[str, dict[str, int]] = {p: {} for p in players}
    for loc in colours:
        low = rng.randint(3, 5)
        for p in players:
            if rng.random() >= 0.15:  # else this player lacks that colour
                heads[p][loc] = rng.choice((low, low, low + 1, low + 2, low + 3))
    try:
        shown = hunts_with_heads(heads)
    except Refusal:  # more heads than the game's cards: another layout
        return make_layout(seed + 7919)
    jokers = sum(hunt.count(JOKER) for hunts in shown.values() for hunt in hunts)
    for hunts in shown.values():
        for k, hunt in enumerate(hunts):
            ones = [c for c in hunt if isinstance(c, Vampire) and c.heads == 1]
            if jokers < JOKERS and len(ones) > 1 and rng.random() < 0.3:  # a joker for a 1
                cards = list(hunt)
                cards.remove(ones[0])
                hunts[k] = sort_cards([*cards, JOKER])
                jokers += 1
    return shown, rng.choice(players)


def make_question(seed: int) -> Question:
    """« Combien de points marque … ? » on a generated end of manche."""
    shown, target = make_layout(seed)
    result = score(shown)
    expected = result.points[target]
    naive = sum(hunt_heads(hunt) for hunt in shown[target])
    rng = random.Random(seed * 7919)
    options = {expected, naive}
    while len(options) < 4:
        options.add(max(0, expected + rng.choice((-4, -3, 3, 4, 5, 6))))
    return Question(
        situation=('<div class="tv-panel"><div class="tv-title">Fin de manche : les chasses '
                   f"exposées</div>{displays_html(shown)}</div>"),
        prompt=fr.typography(f"Combien de points marque {target} ?"),
        options=tuple(fr.count(n, "point") for n in sorted(options)),
        answer=fr.count(expected, "point"),
        correction=score_table(result, "Correction, couleur par couleur"),
        events=result.events,
        reading=fr.typography("Règle standard : un joker compte une tête ; le plus faible de "
                              "chaque couleur la défausse, tous en cas d’égalité."))


def exercises(seed: int = 0) -> Quiz:
    return Quiz(book(), v.GAME.describe, make_question, seed, page=PAGE)
