"""The Vaiko page's explorers: the memory exercise, the immediate discard seen by Carla, the
"Vaiko" call calculator, the exercises."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import IllegalAction
from tutor.games import vaiko as v
from tutor.games.vaiko import setup as vaiko_setup
from tutor.games.vaiko.deck import load_deck
from tutor.games.vaiko.scoring import score_round
from tutor.games.vaiko.state import C_DEAL, C_MEMORY, CALL_POINTS, HAND_SIZE
from tutor.games.vaiko.text import points_text
from tutor.ui import html as h
from tutor.ui.editor import Position, opener
from tutor.ui.htmlwidget import Html
from tutor.ui.quiz import Question, Quiz
from tutor.ui.widgets import ErrorArea, Explainer, guarded, html, set_html

from .base import FACES, PAGE, book, draw, keep, slot

# --- memory exercise -----------------------------------------------------------------------------


class MemoryExercise(w.VBox):  # type: ignore[misc]
    """Four cards shown, then hidden, sometimes moved by an Échange: where is the 2 now?"""

    def __init__(self, seed: int = 0) -> None:
        self.seed, self.asked, self.right = seed, 0, 0
        self.error = ErrorArea(book())
        guard = guarded(self.error)
        self.cards_html, self.prompt, self.feedback, self.score = html(), html(), html(), html()
        self.feedback.add_class("tv-feedback")
        self.hide_button = w.Button(description="J’ai retenu\u202f: cacher les cartes",
                                    button_style="primary", layout=w.Layout(width="auto"))
        self.hide_button.on_click(guard(lambda _: self.hide()))
        self.next_button = w.Button(description="Nouvelle série", icon="refresh")
        self.next_button.on_click(guard(lambda _: self.new_round()))
        self.buttons = [w.Button(description=f"Carte {k + 1}") for k in range(HAND_SIZE)]
        for k, b in enumerate(self.buttons):
            b.add_class("tv-choice")
            b.on_click(guard(lambda _, k=k: self.answer(k)))
        row = w.Layout(flex_flow="row wrap")
        super().__init__([self.cards_html, self.prompt, self.hide_button,
                          w.HBox(self.buttons, layout=row), self.error, self.feedback,
                          w.HBox([self.next_button, self.score], layout=row)])
        self.add_class("tv-memory")
        self.new_round()

    def new_round(self) -> None:
        rng = random.Random(self.seed * 1000 + self.asked)
        self.cards = rng.sample([f for f in load_deck().faces() if f != "2"], 3)
        self.cards.insert(rng.randrange(4), "2")
        self.swap = tuple(sorted(rng.sample(range(4), 2))) if self.asked % 2 else None
        self.hidden = self.answered = False
        self._show(True, "Retenez bien où est le 2, puis cachez les cartes.")
        self.hide_button.disabled = False
        for b in self.buttons:
            b.disabled = True
            b.remove_class("tv-right")
            b.remove_class("tv-wrong")
        self.feedback.value = ""
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")

    def _show(self, faces: bool, text: str) -> None:
        cells = "".join(slot(f if faces else None, f"carte {k + 1}")
                        for k, f in enumerate(self.cards))
        set_html(self.cards_html, f'<div class="tv-panel"><div class="tv-vk-cards">{cells}</div>'
                                  f'<p>{h.esc(text)}</p></div>')

    def hide(self) -> None:
        if self.hidden:
            return
        self.hidden = True
        text = "Les cartes sont face cachée. Où est le 2 ?"
        if self.swap is not None:
            a, b = self.swap
            self.cards[a], self.cards[b] = self.cards[b], self.cards[a]
            text = (f"Carla joue une carte Échange et échange votre carte {a + 1} avec votre "
                    f"carte {b + 1}, faces cachées. Où est le 2 maintenant ?")
        self._show(False, text)
        self.hide_button.disabled = True
        for b in self.buttons:
            b.disabled = False

    def answer(self, k: int) -> None:
        """The learner says the 2 is card ``k`` (0-based)."""
        if not self.hidden:
            raise IllegalAction("Cachez d’abord les cartes : la question porte sur leur place "
                                "une fois face cachée.", C_MEMORY)
        if self.answered or not 0 <= k < len(self.cards):
            return
        where, self.answered = self.cards.index("2"), True
        self.asked += 1
        self.right += k == where
        self.buttons[where].add_class("tv-right")
        if k != where:
            self.buttons[k].add_class("tv-wrong")
        self._show(True, "Les cartes sont retournées pour vérifier.")
        set_html(self.feedback, h.message_panel(
            "success" if k == where else "error",
            "Bonne réponse !" if k == where else f"Non : le 2 est en carte {where + 1}."))
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def memory_exercise(seed: int = 0) -> MemoryExercise:
    return MemoryExercise(seed)


# --- immediate-discard explorer (Carla's view) ---------------------------------------------------

EXPLORER_HANDS = {"Alex": ("7", "3", "9", "2"), "Carla": ("4", "6", "9", "1"),
                  "Dario": ("10", "0", "6", "8")}
#: the discard pile's first card, then the face-down pile (top first) of the explorer
EXPLORER_PILE = ("2", "6", "5", "8")


def peeks(players: Sequence[str]) -> list[dict[str, Any]]:
    """The first look of every player at their card 1, as a scenario writes it."""
    return [{"joueur": p, "action": "regarder", "carte": 1} for p in players]


class MatchExplorer(w.VBox):  # type: ignore[misc]
    """Alex has just thrown a 6. You are Carla: try one of your cards, or pass. The table and
    the steps tell only what Carla may know."""

    built = False

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.table, self.prompt = html(), html()
        self.table.add_class("tv-match-table")
        guard = guarded(self.error)
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        tries = [w.Button(description=f"Tenter ma carte {k + 1}",
                          layout=w.Layout(width="auto")) for k in range(4)]
        passer = w.Button(description="Passer", layout=w.Layout(width="auto"))
        for k, b in enumerate([*tries, passer]):
            b.on_click(guard(lambda _, k=k: self.act(k if k < 4 else None)))
        self.buttons.children = [*tries, passer]
        self.restart_button = w.Button(description="Recommencer", icon="refresh")
        self.restart_button.on_click(guard(lambda _: self.restart()))
        self.explainer = Explainer(book(), lambda e: v.GAME.describe(e, "Carla"))
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([self.table, self.prompt, self.buttons, self.error,
                          self.restart_button, self.explainer, self.opener])
        self.add_class("tv-match-explorer")
        self.restart()
        self.built = True

    def restart(self) -> None:
        state = vaiko_setup.situation(list(EXPLORER_HANDS), hands=EXPLORER_HANDS,
                            pile=list(EXPLORER_PILE[1:]), discard=list(EXPLORER_PILE[:1]),
                            known={"Carla": [("Carla", 0), ("Carla", 1)]})
        state, events = v.GAME.apply(state, v.Draw("Alex"))
        self.state, more = v.GAME.apply(state, v.Discard("Alex"))
        self.events = [*events, *more]
        self.render()

    def act(self, k: int | None) -> None:
        """Carla tries her card ``k`` (0-based), or passes with ``None``."""
        action: v.Action = v.Pass("Carla") if k is None else v.Match("Carla", k)
        self.state, events = v.GAME.apply(self.state, action)
        self.events.extend(events)
        self.render()
        if self.built:
            PAGE.explored(e.clause for e in events if keep(e, "Carla"))

    def render(self) -> None:
        set_html(self.table, draw(v.GAME.view(self.state, "Carla")))
        asked = v.GAME.current_seats(self.state) == ("Carla",)
        set_html(self.prompt, h.message_panel("info", "À vous, Carla", (
            "Alex vient de jeter un 6. Vous savez que votre carte 1 est un 4 et votre carte 2 "
            "un 6. Tentez une carte (la bonne, ou une autre pour voir l’erreur), ou passez.")
        ) if asked else h.message_panel(
            "info", "Votre occasion est passée.",
            "« Recommencer » remet la situation de départ pour essayer autre chose."))
        for b in self.buttons.children:
            b.disabled = not asked
        self.explainer.set_events(
            [e for e in self.events if keep(e, "Carla")], "Ce que Carla a vu")
        self.explainer.show_all()


    def position(self) -> Position:
        """The start of this situation in a game: these hands and this pile dealt, each player
        looks at their card 1, then Alex draws the 6 and throws it."""
        players = tuple(EXPLORER_HANDS)
        moves = [*peeks(players), {"joueur": "Alex", "action": "piocher"},
                 {"joueur": "Alex", "action": "jeter"}]
        return Position(players, "standard", {"pioche": EXPLORER_PILE},
                        {"mains": EXPLORER_HANDS}, tuple(moves), numbers={"manche": 1},
                        counts={"totaux": {}})


def match_explorer() -> MatchExplorer:
    return MatchExplorer()


# --- the Vaiko call: score calculator ------------------------------------------------------------

TIE_READINGS = (("standard", "Lecture retenue : l’égalité suffit au bonus"),
                ("egalite-stricte", "Égalité stricte : à égalité, malus"))


class CallCalculator(w.VBox):  # type: ignore[misc]
    """Type each player's points and who said "Vaiko": the round's scores under both readings
    of a tie, counted by the engine (which refuses impossible points)."""

    built = False

    def __init__(self) -> None:
        start = {"Alex": 4, "Carla": 9, "Dario": 15}
        self.error = ErrorArea(book())
        self.points = {p: w.IntText(value=n, description=p, layout=w.Layout(width="9rem"),
                                    style={"description_width": "3.5rem"})
                       for p, n in start.items()}
        self.caller = w.Dropdown(options=[("Personne", ""), *((p, p) for p in start)],
                                 value="Alex", description="Annonce",
                                 layout=w.Layout(width="14rem"))
        self.out = html()
        self.out.add_class("tv-call-result")
        for control in [*self.points.values(), self.caller]:
            control.observe(lambda _: self.update(), names="value")
        hint = Html('<span class="tv-muted">Points des cartes de chacun à la fin de la manche, '
                      "et qui a dit « Vaiko ».</span>")
        self.opener, _ = opener(PAGE, self.position, self.error)
        super().__init__([hint, w.HBox([*self.points.values(), self.caller],
                                       layout=w.Layout(flex_flow="row wrap")),
                          self.error, self.out, self.opener])
        self.add_class("tv-call")
        self.update()
        self.built = True

    def update(self) -> None:
        self.out.value = ""
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        points = {p: box.value for p, box in self.points.items()}
        caller = str(self.caller.value) or None
        columns, clauses = [], []
        for preset, label in TIE_READINGS:
            result = score_round(points, caller, preset)
            clauses += [e.clause for e in result.events]
            steps = "".join(f"<li>{h.esc(v.GAME.describe(e))} {PAGE.cite(e.clause)}</li>"
                            for e in result.events)
            cells = ", ".join(f"{p} {points_text(s)}" for p, s in result.points.items())
            columns.append(f'<div class="tv-panel" style="flex:1 1 16rem"><div class="tv-title">'
                           f"{h.esc(label)}</div><p><strong>{h.esc(cells)}</strong></p>"
                           f'<ol class="tv-steps">{steps}</ol></div>')
        set_html(self.out, f'<div class="tv-row" style="align-items:stretch">'
                           f'{"".join(columns)}</div>')
        if self.built:
            PAGE.explored(clauses)


    def position(self) -> Position:
        """These points in a game: each player holds four number cards that give them (the
        one who says « Vaiko » plays first: they draw, throw the card drawn, everyone passes on
        it, and it is their call); refused in French when four cards cannot give them."""
        points = {p: int(box.value) for p, box in self.points.items()}
        caller = str(self.caller.value) or None
        pool = [f for f in FACES for _ in range(4) if f.isdecimal()]
        hands = {}
        for p, n in points.items():
            hand = four_cards(n, pool)
            if hand is None:
                raise IllegalAction(fr.typography(
                    f"{p} : {fr.count(n, 'point')}, c’est impossible à tenir avec les quatre "
                    "cartes de la donne (des cartes de 0 à 10, chaque valeur en quatre "
                    "exemplaires) : changez ses points pour l’ouvrir dans le bac à sable."),
                    C_DEAL)
            hands[p] = hand
        players = tuple(points)
        moves: list[dict[str, Any]] = []
        pile: tuple[str, ...] = ()
        if caller is not None:
            at = players.index(caller)
            players = players[at:] + players[:at]
            pile = (pool[0], pool[1])  # the discard's first card, then the card drawn
            moves = [*peeks(players), {"joueur": caller, "action": "piocher"},
                     {"joueur": caller, "action": "jeter"},
                     *({"joueur": p, "action": "passer"} for p in players[1:] + players[:1])]
        return Position(players, "standard", {"pioche": pile}, {"mains": hands}, tuple(moves),
                        numbers={"manche": 1}, counts={"totaux": {}})


def four_cards(points: int, pool: list[str]) -> tuple[str, ...] | None:
    """Four number cards of ``pool`` (taken out of it) whose values add up to ``points``, the
    values as even as possible; ``None`` if there are none."""
    def search(left: int, slots: int, most: int) -> list[str] | None:
        if slots == 0:
            return [] if left == 0 else None
        for value in range(min(most, left), -1, -1):
            if value * slots < left:
                break
            if str(value) in pool:
                pool.remove(str(value))
                rest = search(left - value, slots - 1, value)
                if rest is not None:
                    return [str(value), *rest]
                pool.append(str(value))
        return None

    if not 0 <= points <= 10 * HAND_SIZE:
        return None
    start = -(-points // HAND_SIZE)  # the most even split first
    for most in range(start, 11):
        found = search(points, HAND_SIZE, most)
        if found is not None:
            return tuple(found)
    return None


def call_calculator() -> CallCalculator:
    return CallCalculator()


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> tuple[dict[str, int], str]:
    """A generated count: three players' points and who said "Vaiko" (ties now and then)."""
    rng = random.Random(seed)
    points = {p: rng.randint(0, 25) for p in ("Alex", "Carla", "Dario")}
    caller = rng.choice(list(points))
    if rng.random() < 0.3:
        other = rng.choice([p for p in points if p != caller])
        points[caller] = points[other] = min(points.values())
    elif rng.random() < 0.5:
        points[caller] = max(0, min(points.values()) - rng.randint(0, 3))
    return points, caller


def question(seed: int) -> Question:
    """"Combien de points compte cette manche pour l’annonceur, bonus ou malus compris ?" (the
    card points are shown: « score » would name both), graded with the tutor's reading."""
    points, caller = make_question(seed)
    result = score_round(points, caller)
    mine = points[caller]
    rows = [[h.esc(p) + (" (a dit « Vaiko »)" if p == caller else ""), h.esc(points_text(n))]
            for p, n in points.items()]
    tied = [p for p, n in points.items() if p != caller and n == mine]
    reading = (f"Égalité avec {fr.join(tied)} : corrigé selon la lecture retenue (l’égalité "
               "suffit au bonus) ; la variante « Égalité stricte » donnerait le malus."
               if tied and mine == min(points.values()) else
               "Pas d’égalité pour le plus petit score : les deux lectures donnent la même "
               "réponse.")
    return Question(
        situation=f'<div class="tv-panel"><div class="tv-title">Fin de manche</div>'
                  f'{h.table(["Joueur", "Points des cartes"], rows)}</div>',
        prompt=f"Combien de points compte cette manche pour {caller}, bonus ou malus compris ?",
        options=tuple(points_text(mine + d) for d in (-CALL_POINTS, 0, CALL_POINTS)),
        answer=points_text(result.points[caller]), correction="", events=result.events,
        reading=reading)


def exercises(seed: int = 0) -> Quiz:
    """Generated counts with immediate feedback and a score."""
    return Quiz(book(), v.GAME.describe, question, seed, page=PAGE)
