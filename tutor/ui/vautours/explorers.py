"""Stupides Vautours' explorers: the tie explorer (cards and pile set by hand, the engine
cancels the ties step by step) and the two booklets' tie-breaks compared."""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from tutor import fr
from tutor.engine import IllegalAction
from tutor.games import vautours as v
from tutor.games.vautours.engine import resolve_round
from tutor.games.vautours.score import final_result
from tutor.games.vautours.state import C_POINTS, C_TIEBREAK, HAND, POINT_CARDS
from tutor.ui import html as h
from tutor.ui.editor import Position, opener, read_names
from tutor.ui.widgets import (
    NAME_FIELD,
    ErrorArea,
    Explainer,
    Refusal,
    capped,
    guarded,
    html,
    set_html,
)

from .base import NAMES, PAGE, TIES, book, round_html

CARDS_FIELD = 120  # a seat's cards typed as numbers: 15 cards at most, with spaces


def seat_row(names: list[w.Text], k: int, control: w.Widget) -> w.HBox:
    """One seat of an explorer: the player's name (any letters), then their control, labelled
    with that name."""
    box = w.HBox([names[k], control], layout=w.Layout(flex_flow="row wrap",
                                                      align_items="center"))
    box.add_class("tv-explorer-seat")
    return box


def name_boxes(count: int) -> list[w.Text]:
    """The name fields of ``count`` seats, with the page's first names."""
    boxes = [capped(w.Text(value=name, description=f"Joueur {k + 1}",
                           layout=w.Layout(width="12rem", max_width="100%"),
                           style={"description_width": "4.5rem"}), NAME_FIELD)
             for k, name in enumerate(NAMES[:count])]
    for box in boxes:
        box.add_class("tv-explorer-name")
    return boxes



def seated(count: w.Widget, seats: Sequence[w.Widget], names: Sequence[w.Text],
           labelled: Sequence[w.Widget]) -> tuple[str, ...]:
    """An explorer's players: the first ``count`` seats shown, the others hidden, their names
    read (refused in French: a seat empty, a name twice) and given to each seat's control in
    ``labelled`` as its label."""
    n = int(count.value)
    for k, seat in enumerate(seats):
        seat.layout.display = "" if k < n else "none"
    players = read_names(box.value for box in names[:n])
    for name, control in zip(players, labelled):
        control.description = name
    return players

class TieExplorer(w.VBox):  # type: ignore[misc]
    """Set 2 to 5 players (their names and cards) and the pile; watch the engine cancel ties
    step by step."""

    built = False

    def __init__(self) -> None:
        plays, pile = {"Alex": 14, "Carla": 12, "Dario": 14, "Léo": 10}, (7,)
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[2, 3, 4, 5], value=4, description="Joueurs",
                                     style={"button_width": "3rem"})
        self.names = name_boxes(len(NAMES))
        self.cards = [w.Dropdown(options=list(HAND), value=plays.get(name, 15 - 2 * k),
                                 description=name, layout=w.Layout(width="9rem"),
                                 style={"description_width": "3.5rem"})
                      for k, name in enumerate(NAMES)]
        self.seats = [seat_row(self.names, k, dd) for k, dd in enumerate(self.cards)]
        self.pile = {c: w.ToggleButton(value=c in pile, description=fr.signed(c),
                                       tooltip=f"Ajouter {fr.signed(c)} à la pile",
                                       layout=w.Layout(width="3.3rem"))
                     for c in sorted(POINT_CARDS, reverse=True)}
        self.reading = w.ToggleButtons(options=[(label, key) for key, label in TIES.items()],
                                       value="repeated", description="Égalités",
                                       style={"button_width": "auto"})
        self.table = html()
        self.explainer = Explainer(book(), v.GAME.describe)
        for control in [self.count, *self.names, *self.cards, *self.pile.values(),
                        self.reading]:
            control.observe(lambda _: self.update(), names="value")
        row = w.Layout(flex_flow="row wrap")
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([self.count, w.VBox(self.seats),
                          html('<span class="tv-muted">Cartes Points de la pile en jeu (cliquez '
                               "pour en ajouter ou en retirer) :</span>"),
                          w.HBox(list(self.pile.values()), layout=row), self.reading, self.error,
                          self.table, self.explainer, self.opener])
        self.add_class("tv-tie-explorer")
        self.update()
        self.built = True  # from now on, what the learner sets up counts as met

    def players(self) -> tuple[str, ...]:
        """The names of the seats in play (refused in French: a seat empty, a name twice)."""
        return seated(self.count, self.seats, self.names, self.cards)

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        set_html(self.table, "")
        self.explainer.set_events(())
        players = self.players()
        plays = {name: int(self.cards[k].value) for k, name in enumerate(players)}
        pile = [c for c, t in self.pile.items() if t.value]
        result = resolve_round(plays, pile, {"ties": self.reading.value})
        cancelled = [value for value, _ in result.cancelled]
        set_html(self.table, round_html(plays, pile, result.winner, True, cancelled))
        self.explainer.set_events(result.events, "Comment le moteur décide")
        self.explainer.show_all()
        self.result = result
        if self.built:
            PAGE.explored(e.clause for e in result.events)


    def position(self) -> Position:
        """This manche in a game: the players, the reading, the pile at stake (its first cards
        carried over by manches where every player lays the same card, so nobody takes them),
        then each player's card."""
        players = self.players()
        plays = {name: int(self.cards[k].value) for k, name in enumerate(players)}
        pile = tuple(c for c, t in self.pile.items() if t.value)
        if not pile:
            raise Refusal("Ajoutez au moins une carte Points à la pile en jeu.")
        free = [c for c in HAND if c not in plays.values()]
        moves = [{"joueur": p, "carte": free[k]} for k in range(len(pile) - 1) for p in players]
        moves += [{"joueur": p, "carte": c} for p, c in plays.items()]
        preset = "standard" if self.reading.value == "repeated" else "livret-suricate"
        return Position(players, preset, {"pioche": pile}, {"gains": {}}, tuple(moves))


def tie_explorer() -> TieExplorer:
    """The tie explorer, starting from the booklet's example (two 14s, Carla's 12)."""
    return TieExplorer()


def parse_cards(text: str, who: str, seen: dict[int, str]) -> list[int]:
    """Read "10, −3" into point cards won by ``who``; each card exists once in the game, so a
    card already in ``seen`` (card → player) is refused, as is any value outside −5..−1, +1..+10
    (:class:`IllegalAction` in French, citing the clause on point cards)."""
    cards: list[int] = []
    for part in text.replace("\u2212", "-").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.lstrip("+-").isdecimal() or not part.isascii():
            raise IllegalAction(f"{who} : {fr.shown(part, 20)} n’est pas une valeur "
                                "de carte Points.", C_POINTS)
        value = int(part)
        if value not in POINT_CARDS:
            raise IllegalAction(f"{who} : {fr.signed(value)} n’est pas une carte Points "
                                "(−5 à −1, +1 à +10).", C_POINTS)
        if value in seen:
            owner = "déjà" if seen[value] == who else f"déjà à {seen[value]}"
            raise IllegalAction(f"{who} : la carte {fr.signed(value)} est {owner} ; chaque "
                                "carte Points n’existe qu’une fois.", C_POINTS)
        seen[value] = who
        cards.append(value)
    return cards


class TiebreakCompare(w.VBox):  # type: ignore[misc]
    """Set 2 to 5 players (their names and winnings); see the winner under both final
    tie-break readings."""

    built = False

    def __init__(self) -> None:
        start = ("8, 6", "9, 5", "10, 3", "−2, 7", "")
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[2, 3, 4, 5], value=4, description="Joueurs",
                                     style={"button_width": "3rem"})
        self.names = name_boxes(len(NAMES))
        self.fields = [capped(w.Text(value=value, description=name,
                                     layout=w.Layout(width="15rem", max_width="100%"),
                                     style={"description_width": "3.5rem"}), CARDS_FIELD)
                       for name, value in zip(NAMES, start)]
        self.seats = [seat_row(self.names, k, box) for k, box in enumerate(self.fields)]
        for box in [self.count, *self.names, *self.fields]:
            box.observe(lambda _: self.update(), names="value")
        self.out = html()
        self.out.add_class("tv-tiebreak-result")
        hint = html('<span class="tv-muted">Cartes Points gagnées par chaque joueur, séparées '
                    "par des virgules (par exemple «\u202f10, −3\u202f»).</span>")
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([self.count, hint, w.VBox(self.seats), self.error, self.out,
                          self.opener])
        self.update()
        self.built = True

    @property
    def inputs(self) -> dict[str, w.Text]:
        """The winnings field of each seat in play, by the name it shows."""
        n = int(self.count.value)
        return {box.description: box for box in self.fields[:n]}

    def winnings(self) -> dict[str, list[int]]:
        """Each player's winnings as typed (refused in French: a seat's name, a card that is
        not a point card or is already someone's)."""
        names = seated(self.count, self.seats, self.names, self.fields)
        seen: dict[int, str] = {}
        return {name: parse_cards(box.value, name, seen)
                for name, box in zip(names, self.fields)}

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        set_html(self.out, "")
        taken = self.winnings()
        scores = {p: sum(c) for p, c in taken.items()}
        columns, clauses = [], []
        for preset, label in (("standard", "Règle des deux livrets : deuxième meilleur score"),
                              ("livret-souris-alternative",
                               "Variante : la plus haute carte Suricate")):
            out = final_result(scores, taken, preset)
            clauses.append(out.clause)
            columns.append(f'<div class="tv-panel"><div class="tv-title">{h.esc(label)}</div>'
                           f"<p><strong>Vainqueur : {h.esc(fr.join(out.winners))}</strong></p>"
                           f"<p>{h.esc(out.reason)}</p>{PAGE.cite(out.clause)}</div>")
        open_point = tiebreak_open_point(scores, taken)
        if open_point:
            columns.append(f'<div class="tv-panel tv-tiebreak-open"><p>{h.esc(open_point)}</p>'
                           f"{PAGE.cite(C_TIEBREAK)}</div>")
        rows = [[h.esc(p), h.esc(", ".join(fr.signed(c) for c in taken[p]) or "—"),
                 f"<strong>{h.esc(fr.signed(scores[p]))}</strong>"] for p in taken]
        set_html(self.out, h.table(["Joueur", "Cartes gagnées", "Total"], rows)
                 + f'<div class="tv-tiebreak-cols">{"".join(columns)}</div>')
        if self.built:
            PAGE.explored(clauses)


    def position(self) -> Position:
        """These winnings in a game: each player has won them in the manches played so far."""
        taken = {name: tuple(cards) for name, cards in self.winnings().items()}
        return Position(tuple(taken), "standard", {"pioche": ()}, {"gains": taken})


def tiebreak_open_point(scores: dict[str, int], taken: dict[str, list[int]]) -> str:
    """When the winnings fall where the booklets say nothing (the second best total shared by
    several, or no second total; in the variant, no tied player with a Suricate card): one
    French paragraph saying it is an open point, what the tutor keeps and where the page says
    so (the clause « Le départage », and « Ce que la règle ne dit pas »); empty otherwise."""
    totals = sorted(set(scores.values()), reverse=True)
    first = [p for p, t in scores.items() if t == totals[0]]
    if len(first) < 2:
        return ""
    said = []
    second = [p for p, t in scores.items() if len(totals) > 1 and t == totals[1]]
    if len(totals) == 1:
        said.append("tout le monde est à égalité : il n’y a pas de deuxième total, et le tuteur "
                    "retient que tout le monde partage la victoire")
    elif len(second) > 1:
        said.append(f"le deuxième total est lui-même partagé ({fr.join(second)}) : le tuteur "
                    "retient qu’ils gagnent ensemble")
    if not any(c > 0 for p in first for c in taken[p]):
        said.append(f"dans la variante, aucun des joueurs à égalité ({fr.join(first)}) n’a de "
                    "carte Suricate : le tuteur retient qu’ils partagent la victoire")
    if not said:
        return ""
    return fr.typography(
        f"Point ouvert : les livrets ne disent pas quoi faire ici ; {' ; '.join(said)}. La "
        "page le règle dans l’article « Le départage » (paragraphe « Précision », lien "
        "ci-dessous) et le rappelle dans la partie « Ce que la règle ne dit pas ».")


def tiebreak_compare() -> TiebreakCompare:
    return TiebreakCompare()
