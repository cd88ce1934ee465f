"""The Vampir page's explorers: worked examples, the hunt builder, the scoring explorer and the
exercises ("combien de points ?")."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import ipywidgets as w

from tutor import fr
from tutor.engine import IllegalAction, join_names
from tutor.games import vampir as v
from tutor.ui import html as h
from tutor.ui.widgets import (
    ErrorArea,
    Explainer,
    guarded,
    html,
    set_html,
)

from .base import (
    JOKER_SYMBOL,
    NAMES,
    SYMBOLS,
    book,
    cards_row,
    displays_html,
    hunt_heads,
    loc_name,
    score_table,
)

# --- worked examples ---------------------------------------------------------------------------


def example_explainer(example_id: str) -> w.VBox:
    """A worked example: the hunts on the table (for a scoring) and its steps one by one."""
    ex = book().examples[example_id]
    run = v.run_example(ex.data)
    table = html()
    data = ex.data
    note = f'<div class="tv-muted">{h.esc(data.get("note", ""))}</div>' if data.get("note") else ""
    body = f'<div class="tv-panel"><div class="tv-title">{h.esc(ex.title)}</div>{note}'
    if data.get("type") == "decompte":
        variant = v.Variant.coerce(data.get("variante"))
        shown = v.hunts_of_example(data)
        scoring = v.score(shown, variant)
        body += displays_html(shown, variant.joker_heads) + "</div>" + score_table(
            scoring, "Le décompte, couleur par couleur")
    else:
        body += "</div>"
    set_html(table, body)
    box = w.VBox([table, Explainer(book(), v.describe, run.events)])
    box.add_class("tv-example")
    return box


# --- hunt builder --------------------------------------------------------------------------------


class HuntBuilder(w.VBox):  # type: ignore[misc]
    """Pick cards one by one; the engine says at once whether they form a hunt, and why."""

    def __init__(self, cards: Sequence[v.Card] = (v.Vampire("castle", 1), v.Vampire("castle", 2),
                                                   v.JOKER)) -> None:
        self.error = ErrorArea(book())
        self.cards: list[v.Card] = list(cards)
        guard = guarded(self.error)
        buttons = []
        for kind in v.KINDS:
            if isinstance(kind, v.Vampire):
                text = f"{SYMBOLS[kind.location]} {v.LOCATION_NAMES[kind.location]} " \
                       f"{'●' * kind.heads}"
                tip = f"Ajouter un {v.card_text(kind)}"
            else:
                text, tip = f"{JOKER_SYMBOL} Joker", "Ajouter un joker Somewhere"
            b = w.Button(description=text, tooltip=tip)
            b.add_class("vp-pick")
            b.add_class("vp-pick-" + (kind.location if isinstance(kind, v.Vampire) else "joker"))
            b.on_click(guard(self._adder(kind)))
            buttons.append(b)
        self.remove_button = w.Button(description="Retirer la dernière", icon="undo")
        self.clear_button = w.Button(description="Tout retirer", icon="trash")
        self.remove_button.on_click(guard(lambda _: self.remove_last()))
        self.clear_button.on_click(guard(lambda _: self.clear()))
        self.hand = html()
        self.verdict = html()
        self.verdict.add_class("vp-verdict")
        hint = w.HTML('<span class="tv-muted">Cliquez sur une carte pour l’ajouter à la chasse '
                      "(● = une tête).</span>")
        super().__init__([hint, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap")),
                          w.HBox([self.remove_button, self.clear_button]), self.hand,
                          self.verdict, self.error])
        self.add_class("vp-hunt-builder")
        self.render()

    def _adder(self, card: v.Card) -> Callable[[object], None]:
        def add(_: object) -> None:
            self.add(card)

        return add

    def add(self, card: v.Card) -> None:
        if not v.is_card(card):
            raise IllegalAction("Ce n’est pas une carte de Vampir.", v.C_VAMPIRES)
        if len(self.cards) >= 20:
            raise IllegalAction("Vingt cartes suffisent pour essayer : retirez-en d’abord.",
                                v.C_HUNT)
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
        self.check = v.is_valid_hunt(self.cards)
        set_html(self.hand, '<div class="tv-panel"><div class="tv-title">Cartes choisies '
                            f"({len(self.cards)})</div>"
                            f"{cards_row(self.cards, small=False, empty='aucune carte')}</div>")
        clause_title = book().clause(self.check.clause).title
        if self.check:
            panel = h.message_panel("success", "✓ Chasse valide", self.check.reason)
        else:
            panel = h.message_panel("error", "✗ Pas une chasse", self.check.reason)
        set_html(self.verdict, panel + f'<span class="tv-step-clause">Règle : '
                                       f"{h.esc(clause_title)} "
                                       f'<span class="tv-clause-id">{self.check.clause}</span>'
                                       "</span>")


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


def hunt_of(location: str, heads: int) -> tuple[v.Card, ...]:
    """A valid hunt of ``location`` with exactly ``heads`` heads (at least 3), no joker."""
    if heads < 3:
        raise IllegalAction("Une chasse compte au moins 3 cartes, donc au moins 3 têtes.", v.C_HUNT)
    twos = (heads - 3) // 2
    ones = heads - 2 * twos
    return v.sort_cards([v.Vampire(location, 1)] * ones + [v.Vampire(location, 2)] * twos)


class ScoringExplorer(w.VBox):  # type: ignore[misc]
    """Set the heads of each player's hunt in each colour; see the colour-by-colour scoring."""

    def __init__(self) -> None:
        self.error = ErrorArea(book())
        self.count = w.ToggleButtons(options=[3, 4, 5], value=4, description="Joueurs",
                                     style={"button_width": "3rem"})
        options = [("— aucune", 0), *((str(k), k) for k in range(3, 16))]
        self.cells: dict[tuple[str, str], w.Dropdown] = {}
        rows = []
        header = [w.HTML("<strong>Têtes</strong>", layout=w.Layout(width="11rem"))] + [
            w.HTML(f"<strong>{h.esc(loc_name(loc))}</strong>", layout=w.Layout(width="8.5rem"))
            for loc in v.LOCATIONS]
        rows.append(w.HBox(header))
        for name in NAMES:
            line = [w.HTML(f"<strong>{h.esc(name)}</strong>", layout=w.Layout(width="11rem"))]
            for loc in v.LOCATIONS:
                dd = w.Dropdown(options=options, value=BOOKLET_HEADS[name].get(loc, 0),
                                layout=w.Layout(width="8.5rem"),
                                description_allow_html=False)
                dd.observe(lambda _: self.update(), names="value")
                self.cells[(name, loc)] = dd
                line.append(dd)
            row = w.HBox(line)
            row.add_class("vp-row-" + name)
            rows.append(row)
        self.rows = rows
        self.count.observe(lambda _: self.update(), names="value")
        self.out = html()
        self.out.add_class("vp-scoring-result")
        hint = w.HTML('<span class="tv-muted">Au départ : l’exemple final du livret (Anke 28, '
                      "Bernd 27, Chris 20, Doro 19). « — aucune » : pas de chasse de cette "
                      "couleur.</span>")
        super().__init__([self.count, hint, w.VBox(rows), self.error, self.out])
        self.add_class("vp-scoring-explorer")
        self.update()

    @property
    def players(self) -> list[str]:
        return list(NAMES[: int(self.count.value)])

    def update(self) -> None:
        guarded(self.error)(self._update)()

    def _update(self) -> None:
        for k, row in enumerate(self.rows[1:]):
            row.layout.display = "" if k < len(self.players) else "none"
        shown: dict[str, list[tuple[v.Card, ...]]] = {}
        for name in self.players:
            shown[name] = [hunt_of(loc, int(self.cells[(name, loc)].value))
                           for loc in v.LOCATIONS if self.cells[(name, loc)].value]
        self.scoring = v.score(shown)
        best = max(self.scoring.points.values())
        leaders = [p for p, s in self.scoring.points.items() if s == best]
        set_html(self.out, score_table(self.scoring, "Le décompte, couleur par couleur")
                 + h.message_panel("info", f"En tête : {join_names(leaders)} "
                                           f"({fr.count(best, 'point')})"))


def scoring_explorer() -> ScoringExplorer:
    return ScoringExplorer()


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> tuple[dict[str, list[tuple[v.Card, ...]]], str]:
    """A generated layout of 3 or 4 players over 3 colours, and the player asked about."""
    rng = random.Random(seed)
    players = list(NAMES[: rng.choice((3, 4))])
    colours = rng.sample(v.LOCATIONS, 3)
    shown: dict[str, list[tuple[v.Card, ...]]] = {p: [] for p in players}
    for loc in colours:
        low = rng.randint(3, 5)
        for p in players:
            if rng.random() < 0.15:
                continue  # this player lacks that colour
            heads = rng.choice((low, low, low + 1, low + 2, low + 3))
            hunt = list(hunt_of(loc, heads))
            if rng.random() < 0.3:  # a joker in place of a one-head card
                hunt[0] = v.JOKER
            shown[p].append(v.sort_cards(hunt))
    return shown, rng.choice(players)


class Exercises(w.VBox):  # type: ignore[misc]
    """"Combien de points marque … ?": generated layouts, immediate feedback, a score."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.asked = 0
        self.right = 0
        self.answered = False
        self.error = ErrorArea(book())
        self.situation = html()
        self.question = html()
        self.answers = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.feedback = html()
        self.feedback.add_class("tv-feedback")
        self.score = html()
        self.next_button = w.Button(description="Question suivante", icon="arrow-right")
        self.next_button.on_click(guarded(self.error)(lambda _: self.new_question()))
        super().__init__([self.situation, self.question, self.answers, self.error, self.feedback,
                          w.HBox([self.next_button, self.score])])
        self.add_class("vp-exercises")
        self.new_question()

    def new_question(self) -> None:
        self.shown, self.target = make_question(self.seed * 1000 + self.asked)
        self.result = v.score(self.shown)
        self.expected = self.result.points[self.target]
        naive = sum(hunt_heads(hunt) for hunt in self.shown[self.target])
        rng = random.Random(self.seed * 7919 + self.asked)
        options = {self.expected, naive}
        while len(options) < 4:
            options.add(max(0, self.expected + rng.choice((-4, -3, 3, 4, 5, 6))))
        self.options = sorted(options)
        self.answered = False
        set_html(self.situation, '<div class="tv-panel"><div class="tv-title">Fin de manche : '
                                 "les chasses exposées</div>"
                                 f"{displays_html(self.shown)}</div>")
        set_html(self.question, f"<strong>Combien de points marque {h.esc(self.target)} ?"
                                "</strong>")
        buttons = []
        for option in self.options:
            b = w.Button(description=str(option))
            b.add_class("tv-choice")
            b.on_click(guarded(self.error)(self._answer(option)))
            buttons.append(b)
        self.answers.children = buttons
        self.feedback.value = ""
        self._score()

    def _answer(self, option: int) -> Callable[[object], None]:
        def answer(_: object) -> None:
            self.answer(option)

        return answer

    def answer(self, option: int) -> None:
        if self.answered:
            set_html(self.feedback, self.feedback.value + h.message_panel(
                "info", "Vous avez déjà répondu à cette question.",
                "Passez à la question suivante."))
            return
        self.answered = True
        self.asked += 1
        good = option == self.expected
        self.right += good
        for b in self.answers.children:
            if b.description == str(self.expected):
                b.add_class("tv-right")
                b.description = f"✓ {self.expected}"
            elif b.description == str(option):
                b.add_class("tv-wrong")
                b.description = f"✗ {option}"
        title = ("Bonne réponse !" if good else
                 f"Pas tout à fait : {self.target} marque {fr.count(self.expected, 'point')}.")
        steps = h.steps_from(self.result.events, v.describe, book())
        items = "".join(f"<li>{h.esc(s.text)} <span class=\"tv-step-clause\">— "
                        f"{h.esc(s.clause.title)}</span></li>" for s in steps)
        set_html(self.feedback,
                 h.message_panel("success" if good else "error", title)
                 + score_table(self.result, "Correction, couleur par couleur")
                 + f'<div class="tv-panel"><ol class="tv-steps">{items}</ol></div>')
        self._score()

    def _score(self) -> None:
        set_html(self.score, f'<span class="tv-tag tv-score">Score : {self.right} / '
                             f"{self.asked}</span>")


def exercises(seed: int = 0) -> Exercises:
    return Exercises(seed)
