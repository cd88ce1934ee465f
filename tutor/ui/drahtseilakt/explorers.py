"""The Drahtseilakt explorers: score cards stacked by the learner and turned trick by trick
(the 0 cards chaining), and the pairs a holding gives back; the engine validates both."""

from __future__ import annotations

import random
from collections.abc import Sequence

import ipywidgets as w

from tutor import fr
from tutor.engine import IllegalAction
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt.core import (
    C_PAIRS,
    C_SCORE_CARDS,
    SCORE_CARDS,
    STICKS_PER_COLOUR,
    TRICKS,
    ZERO_BLUE,
    Reveal,
    ScoreCard,
    card_text,
    check_count,
    check_score_cards,
    reveal,
    settle,
    shown,
)
from tutor.games.drahtseilakt.text import holding_text
from tutor.ui import html as h
from tutor.ui.drahtseilakt.cards import PAGE, book, muted, panel, pay_text, score_card, sticks
from tutor.ui.editor import Position, opener
from tutor.ui.widgets import ErrorArea, guarded, html, set_html


def chain(deck: Sequence[ScoreCard]) -> tuple[list[Reveal], tuple[ScoreCard, ...]]:
    """The successive tricks that ``deck`` (top first) gives, and the cards left over that do
    not give a value (a 0 at the bottom)."""
    out: list[Reveal] = []
    rest = tuple(deck)
    while rest:
        try:
            r = reveal(rest)
        except IllegalAction:
            break
        out.append(r)
        rest = r.rest
    return out, rest


def chain_html(deck: Sequence[ScoreCard]) -> str:
    """Each trick of the chain: the cards turned, the value and the colours paid, the clauses."""
    if not deck:
        return h.message_panel("info", "La pioche est vide.",
                               "Choisissez des cartes score pour les empiler.")
    tricks, left = chain(deck)
    steps = []
    for k, r in enumerate(tricks, 1):
        void = set(r.revealed[:-1]) if len(r.revealed) == 3 else set()
        cards = "".join(score_card(c, extra="dz-void" if c in void else "",
                                   note="annulé" if c in void else "") for c in r.revealed)
        lines = "".join(f"<li>{h.esc(d.GAME.describe(e))} {PAGE.cite(e.clause)}</li>"
                        for e in r.events)
        steps.append(f'<div class="dz-chain-step"><div class="tv-title">Pli {k}</div>'
                     f'<div class="tv-row">{cards}</div><div class="dz-pay"><strong>'
                     f'{h.esc(pay_text(r))}</strong></div><ol class="tv-steps">{lines}</ol></div>')
    if not left:
        tail = ""
    elif len(tricks) >= TRICKS:
        tail = h.message_panel(
            "info", f"La manche est finie après {TRICKS} plis.",
            fr.typography(f"{fr.capitalize(fr.join(map(card_text, left)))} "
                          + ("restent sous la pioche : ils ne sont jamais retournés."
                             if len(left) > 1 else
                             "reste sous la pioche : il n’est jamais retourné.")))
    else:
        tail = h.message_panel(
            "info", "Il manque une carte pour finir la chaîne.",
            f"Sous {fr.join(map(card_text, left))}, il faut encore une carte de 1 à 9 : "
            "un 0 oblige toujours à retourner la carte suivante.")
    return f'<div class="dz-chain">{"".join(steps)}</div>{tail}'


class ChainExplorer(w.VBox):  # type: ignore[misc]
    """Stack score cards in the order of your choice and watch the 0 cards chain trick by
    trick; the engine checks the pile (each card once, score cards only)."""

    built = False

    def __init__(self, deck: Sequence[ScoreCard] = (ZERO_BLUE, 4, 3)) -> None:
        self.error = ErrorArea(book())
        guard = guarded(self.error)
        self.deck: list[ScoreCard] = []
        self.buttons: dict[ScoreCard, w.Button] = {}
        for card in SCORE_CARDS:
            b = w.Button(description=card_text(card),
                         tooltip=fr.typography(f"Poser le {card} sous la pioche"))
            b.add_class("dz-scorebtn")
            b.on_click(guard(lambda _, c=card: self.add(c)))
            self.buttons[card] = b
        self.undo_button = w.Button(description="↶ Retirer la dernière",
                                    layout=w.Layout(width="auto"))
        self.clear_button = w.Button(description="Vider la pioche", layout=w.Layout(width="auto"))
        self.shuffle_button = w.Button(description="Battre les 11 cartes", icon="random",
                                       layout=w.Layout(width="auto"))
        self.shuffles = 0
        self.undo_button.on_click(guard(lambda _: self.set_deck(self.deck[:-1])))
        self.clear_button.on_click(guard(lambda _: self.set_deck(())))
        self.shuffle_button.on_click(guard(lambda _: self.shuffle()))
        self.pile, self.out = html(), html()
        self.out.add_class("dz-chain-result")
        hint = html(muted("Choisissez les cartes score dans l’ordre où vous voulez les empiler : "
                          "la première choisie est sur le dessus de la pioche. Le tuteur "
                          "retourne ensuite les cartes pli par pli."))
        row = w.Layout(flex_flow="row wrap")
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([hint, w.HBox(list(self.buttons.values()), layout=row),
                          w.HBox([self.undo_button, self.clear_button, self.shuffle_button],
                                 layout=row), self.error, self.pile, self.out, self.opener])
        self.add_class("dz-chain-explorer")
        self.set_deck(deck)
        self.built = True

    def add(self, card: object) -> None:
        """Put ``card`` at the bottom of the pile being built."""
        if card not in SCORE_CARDS or type(card) is bool:
            raise IllegalAction(f"{shown(card)} n’est pas une carte score.", C_SCORE_CARDS)
        if card in self.deck:
            raise IllegalAction(f"La carte {card} est déjà dans la pioche : chaque carte score "
                                "n’existe qu’une fois.", C_SCORE_CARDS)
        self.set_deck((*self.deck, card))

    def shuffle(self) -> None:
        self.shuffles += 1
        self.set_deck(random.Random(self.shuffles).sample(SCORE_CARDS, len(SCORE_CARDS)))

    def set_deck(self, deck: Sequence[ScoreCard]) -> None:
        check_score_cards(tuple(deck))
        self.deck = list(deck)
        for card, b in self.buttons.items():
            b.disabled = card in self.deck
            (b.add_class if b.disabled else b.remove_class)("dz-used")
        top = "".join(score_card(c) for c in self.deck) or h.empty_card("vide")
        set_html(self.pile, panel("La pioche, du dessus vers le dessous",
                                  f'<div class="tv-row">{top}</div>'))
        set_html(self.out, chain_html(self.deck))
        self.tricks = chain(self.deck)[0]
        if self.built:
            PAGE.explored(e.clause for r in self.tricks for e in r.events)


    def position(self) -> Position:
        """A game whose first manche turns this pile (the cards not placed follow)."""
        players = ("Alex", "Béa", "Chloé")
        return Position(players, "standard", {"score": tuple(self.deck)}, {},
                        numbers={"manche": 1}, choices={"donneur": players[-1]},
                        counts={"batons": {}}, series={"scores": {}})


def chain_explorer() -> ChainExplorer:
    """The 0-card chaining explorer, starting with the rule's example (0 bleu, then 4) and a 3."""
    return ChainExplorer()


class PairView(w.VBox):  # type: ignore[misc]
    """Choose how many red and blue sticks a player holds; see the pairs go back."""

    built = False

    def __init__(self, red: int = 5, blue: int = 3) -> None:
        self.error = ErrorArea(book())
        style = {"description_width": "5rem"}
        self.red = w.IntSlider(value=red, min=0, max=STICKS_PER_COLOUR, description="▼ Rouges",
                               style=style, layout=w.Layout(max_width="100%"))
        self.blue = w.IntSlider(value=blue, min=0, max=STICKS_PER_COLOUR,
                                description="▲ Bleus", style=style,
                                layout=w.Layout(max_width="100%"))
        self.out = html()
        self.out.add_class("dz-pairs-result")
        guard = guarded(self.error)
        self.red.observe(lambda _: guard(self.update)(), names="value")
        self.blue.observe(lambda _: guard(self.update)(), names="value")
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([w.HBox([self.red, self.blue], layout=w.Layout(flex_flow="row wrap")),
                          self.error, self.out, self.opener])
        self.add_class("dz-pair-view")
        self.update()
        self.built = True

    def update(self) -> None:
        red = check_count(self.red.value, "Le nombre de bâtonnets rouges")
        blue = check_count(self.blue.value, "Le nombre de bâtonnets bleus")
        self.left = left = settle(red, blue)
        pairs = min(red, blue)
        rows = "".join(
            f'<div class="dz-sticks"><span class="dz-label dz-row-label">{label}</span>'
            + (f'<span class="tv-muted">rendus :</span>{sticks(pairs, colour, paired=pairs)}'
               '<span class="dz-gap"></span>' if pairs else "")
            + (f'<span class="tv-muted">gardés :</span>{sticks(count - pairs, colour)}'
               if count > pairs else "")
            + ("" if count else '<span class="tv-muted">aucun</span>') + "</div>"
            for label, colour, count in (("Rouges ▼", "red", red), ("Bleus ▲", "blue", blue)))
        points = fr.count(sum(left), "point")
        held = fr.capitalize(holding_text(red, blue))
        if pairs:
            back = fr.plural(pairs, "retourne", "retournent")
            rest = f"Il reste {holding_text(*left)}" if sum(left) else "Il ne reste aucun " \
                "bâtonnet"
            verdict = (f"{held} : {fr.count(pairs, 'paire')} rouge + bleu {back} à la réserve "
                       f"(les bâtonnets rendus sont barrés). {rest}, soit {points} si la manche "
                       "finissait ici.")
        else:
            verdict = (f"{held} : une seule couleur, aucune paire à rendre ({points} si la "
                       "manche finissait ici).")
        set_html(self.out, f'<div class="tv-panel">{rows}<p class="dz-verdict">'
                           f"{h.esc(fr.typography(verdict))}</p>{PAGE.cite(C_PAIRS)}</div>")
        if self.built:
            PAGE.explored([C_PAIRS])


    def position(self) -> Position:
        """A game where Alex holds these sticks (both colours only where pairs go back at the
        end of the manche)."""
        players = ("Alex", "Béa", "Chloé")
        red, blue = int(self.red.value), int(self.blue.value)
        preset = "paires-en-fin-de-manche" if red and blue else "standard"
        return Position(players, preset, {"score": ()}, {}, numbers={"manche": 1},
                        choices={"donneur": players[-1]},
                        counts={"batons": {"Alex": {"rouges": red, "bleus": blue}}},
                        series={"scores": {}})


def pair_view() -> PairView:
    """The pair-return view, starting from the rule's example: 5 red and 3 blue."""
    return PairView()
