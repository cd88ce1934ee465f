"""The Vaiko page's base: its style, cards, table and legal actions in French (the shared
:class:`~tutor.ui.table.Surface`), the game against the computer, the sandbox, the worked examples.

Every rule decision comes from :mod:`tutor.games.vaiko`; a table is drawn from the engine's
:class:`~tutor.games.vaiko.View` only (a player sees the faces they know), a journal line from
:func:`~tutor.games.vaiko.describe` for its viewer.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event
from tutor.games import vaiko as v
from tutor.games.vaiko import scenes
from tutor.games.vaiko.deck import DECK_FILE, coerce_deck, load_deck
from tutor.games.vaiko.events import VaikoEvent
from tutor.games.vaiko.examples import example_start, parse_move
from tutor.games.vaiko.state import CALL, DECIDE, DRAW, EXCHANGE, LOOKED, MATCH, PEEK, VISION
from tutor.games.vaiko.text import card_text, points_text
from tutor.ui import html as h
from tutor.ui import scenario
from tutor.ui.actions import ActionGroup
from tutor.ui.editor import Counts, EditorSpec, Front, Number, Pile, Position
from tutor.ui.htmlwidget import Html
from tutor.ui.page import GamePage, WorkedExample
from tutor.ui.table import PlayTable, Sandbox, Surface
from tutor.ui.widgets import set_html

SPECIALS = {"rejouer": ("×2", "rejouer"), "vision": ("◉", "regarder"),
            "echange": ("⇄", "échanger")}
CSS = """
.tv-vk-special { background: #e6fcf5; border-color: #087f5b; color: #064e3b; }
.tv-root .tv-vk-special .tv-kind { text-transform: none; letter-spacing: 0; font-size: 0.5rem; }
.tv-vk-slot { display: inline-flex; flex-direction: column; align-items: center; gap: 0.1rem; }
.tv-vk-slot .tv-muted { font-size: 0.75rem; white-space: nowrap; }
.tv-vk-center, .tv-vk-cards { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: flex-end; }
.tv-vk-center { gap: 1.2rem; margin-bottom: 0.5rem; }
.tv-vk-player { display: flex; align-items: center; gap: 0.6rem; padding: 0.45rem 0.6rem;
  border-radius: 10px; margin: 0.25rem 0; background: #f8f9fb; border: 1px solid transparent; }
.tv-vk-player.tv-vk-me { background: #eef6ff; border-color: #a5d8ff; }
.tv-vk-player.tv-vk-now { box-shadow: inset 4px 0 0 #f08c00; }
.tv-vk-name { flex: 0 0 9.5rem; font-weight: 650; overflow-wrap: anywhere; }
.tv-vk-name .tv-tag { display: table; margin-top: 0.15rem; }
.tv-vk-hypothesis { border-left: 5px solid #f08c00; background: #fff9db; color: #5c3c00; }
@media (max-width: 600px) {
  .tv-vk-player { flex-direction: column; align-items: flex-start; }
  .tv-vk-name { flex: none; }
  .tv-vk-name .tv-tag { display: inline-block; }
  .tv-vk-cards { gap: 0.3rem; }
}
"""
PAGE = GamePage(v.GAME, "Un jeu de mémoire et de défausse, que le tuteur propose de 2 à 6 "
                "joueurs : gardez le moins de points possible devant vous, en ne regardant "
                "vos cartes qu’aux moments où la règle le permet.",
                shown=lambda events: [e for e in events if not scenes.is_prompt(e)])
book, header, clause, clauses, example, open_points = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example, PAGE.open_points)
minute = PAGE.minute
progress = PAGE.progress_map  # « Ce que vous avez rencontré »
# a part of the page built when the learner reaches it (``sv.later(sv.exercises)``)
later, later_sandbox = PAGE.later, PAGE.later_sandbox


def style() -> h.StyleSheet:
    """The page's style sheet (the tutor's, plus the Vaiko table)."""
    return h.stylesheet(CSS)


# --- cards and tables ----------------------------------------------------------------------------


def card(face: str | None, note: str = "") -> str:
    """A small Vaiko card: a number, a special card (its name, symbol and effect) or a back."""
    if face is None:
        return (f'<div class="tv-card tv-back tv-small" role="img" aria-label="'
                f'{h.esc(note or "face cachée")}"><span class="tv-kind"></span>'
                '<span class="tv-value">?</span><span class="tv-kind"></span></div>')
    effect = load_deck().card(face).effect if face in load_deck().faces() else "aucun"
    if effect == "aucun":
        return h.hand_card(int(face), small=True, note=note).replace(">série<", ">Vaiko<")
    symbol, word = SPECIALS[effect]
    top = "spéciale" if symbol == face else face
    return (f'<div class="tv-card tv-vk-special tv-small" role="img" aria-label="Carte '
            f'{h.esc(face)} : {word}"><span class="tv-kind">{h.esc(top)}</span>'
            f'<span class="tv-value">{symbol}</span><span class="tv-kind">{h.esc(note or word)}'
            "</span></div>")


def slot(face: str | None, caption: str) -> str:
    return (f'<div class="tv-vk-slot">{card(face)}<span class="tv-muted">{h.esc(caption)}</span>'
            "</div>")


def deck_panel() -> h.Html:
    """The deck the tutor assumes, read from its data file and marked as a hypothesis."""
    deck = load_deck()
    cells = "".join(slot(k.face, f"×{n} — {fr.count(k.points, 'point')}") for k, n in deck.kinds)
    badge = "Hypothèse du tuteur" if deck.hypothesis else "Composition donnée par le fichier"
    body = (f'<div class="tv-panel tv-vk-hypothesis"><div class="tv-title">⚠ {h.esc(badge)} : '
            f"{h.esc(deck.title)} ({fr.count(len(deck.cards), 'carte')})</div>"
            f'<p>{h.esc(deck.note)}</p><p class="tv-muted">Fichier : {h.esc(DECK_FILE)} — un '
            f'autre fichier bien formé remplace celui-ci.</p><div class="tv-vk-cards">{cells}'
            "</div></div>")
    return h.Html(body, f"{badge} : " + ", ".join(
        f"{k.face} ({fr.count(n, 'exemplaire')}, {fr.count(k.points, 'point')})"
        for k, n in deck.kinds))


READING_WORDS = {
    "draw_from": {"deck": "pioche seulement", "deck_or_discard": "pioche ou défausse"},
    "look": {"never": "jamais", "before_swap": "oui, puis il faut échanger"},
    "matched_special": {"no_effect": "sans effet", "effect": "avec effet"},
    "caller_tie": {"bonus": "bonus", "malus": "malus"},
    "call_end": {"caller": "chacun rejoue une fois", "starter": "fin du tour de table"},
    "matches": {"several": "toutes ses cartes identiques", "one": "une seule carte"},
    "swapped_special": {"effect": "avec effet", "no_effect": "sans effet"}}


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    rows = [[h.esc(v.GAME.PRESET_LABELS[name].split(" (")[0])]
            + [h.esc(words[getattr(preset, key)]) for key, words in READING_WORDS.items()]
            for name, preset in v.GAME.PRESETS.items()]
    body = ('<div class="tv-panel"><div class="tv-title">Les lectures '
            "de la règle</div>" + h.table(
                ["Préréglage", "Piocher", "Regarder ses cartes après la pioche",
                 "Spéciale en défausse immédiate", "Annonceur à égalité", "Après l’annonce",
                 "Cartes jetées par défausse"],
                rows, stack=True) + "</div>")
    return h.Html(body, "Préréglages : " + ", ".join(v.GAME.PRESETS))


def round_summary(events: Sequence[Event]) -> str:
    """The count of the round ended by ``events``, if any: hands, bonus or malus, totals."""
    seen = scenes.last_round(events)
    if seen is None:
        return ""
    rows = [[h.esc(p), '<div class="tv-vk-cards">' + ("".join(card(f) for f in faces)
                                                       or h.empty_card("aucune carte")) + "</div>",
             f"<strong>{h.esc(points_text(seen.scores[p]))}</strong>",
             h.esc(points_text(seen.totals[p]))] for p, faces in seen.hands]
    notes = "".join(f"<li>{h.esc(v.GAME.describe(e))}</li>" for e in seen.told)
    return (f'<div class="tv-panel tv-success tv-vk-round" style="overflow-x:auto"><div '
            f'class="tv-title">Fin de la manche {seen.manche}</div>'
            + h.table(["Joueur", "Cartes", "Manche", "Total"], rows)
            + f'<ul class="tv-steps">{notes}</ul></div>')


def draw(view: v.View, events: Sequence[Event] = ()) -> str:
    """The table as ``view`` shows it (``seat=None``: the teacher's view, every face)."""
    head = (f"Partie terminée après {fr.count(view.manche, 'manche')}" if view.over else
            f"Manche {view.manche} — {view.acting} : {view.phase_label}")
    pile = card(None) if view.pile_size else h.empty_card("vide")
    top = card(view.discard_top) if view.discard_top else h.empty_card("vide")
    center = [f'<div class="tv-vk-slot">{pile}<span class="tv-muted">pioche '
              f"({view.pile_size})</span></div>",
              f'<div class="tv-vk-slot">{top}<span class="tv-muted">défausse '
              f"({view.discard_size})</span></div>"]
    if view.has_drawn:
        center.append(slot(view.drawn, f"piochée par {view.turn}"))
    rows = []
    for p in view.players:
        me, now = p.name == view.seat, not view.over and p.name == view.acting
        tags = [f'<span class="tv-tag">total {h.esc(points_text(p.total))}</span>']
        if p.caller:
            tags.append('<span class="tv-tag tv-ok">a dit « Vaiko »</span>')
        if now:
            tags.append(f'<span class="tv-tag">▶ {"à vous" if me else "joue"}</span>')
        cards = "".join(slot(f, f"carte {k + 1}") for k, f in enumerate(p.cards))
        rows.append(f'<div class="tv-vk-player{" tv-vk-me" * me}{" tv-vk-now" * now}">'
                    f'<div class="tv-vk-name">{h.esc(p.name)}{" (vous)" * me}{"".join(tags)}'
                    f'</div><div class="tv-vk-cards">{cards or h.empty_card("aucune carte")}'
                    "</div></div>")
    legend = ("Vue du professeur : toutes les faces sont visibles." if view.seat is None else
              f"Vue {fr.of(view.seat)} : « ? » est une carte jamais vue (ou perdue de vue).")
    return (round_summary(events) + f'<div class="tv-panel tv-vk-table"><div class="tv-title">'
            f'{h.esc(head)}</div><div class="tv-vk-center">{"".join(center)}</div>'
            f'{"".join(rows)}<div class="tv-muted">{h.esc(legend)}</div></div>')


# --- the learner's actions -----------------------------------------------------------------------


def _card_name(view: v.View, actor: str, owner: str, k: int) -> str:
    face = view.player(owner).cards[k] if k < view.player(owner).count else None
    known = f" ({card_text(face)})" if face is not None else ""
    return (f"ma carte {k + 1}" if owner == actor else f"carte {k + 1} {fr.of(owner)}") + known


def label(view: v.View, action: v.Action) -> str:
    """The French words on the control that plays ``action``."""
    actor = action.seat

    def name(owner: str, k: int) -> str:
        return _card_name(view, actor, owner, k)

    match action:
        case v.Draw(source="deck"):
            return "Piocher"
        case v.Draw():
            return f"Prendre la défausse ({card_text(view.discard_top or '')})"
        case v.Peek(slot=k):
            return f"Regarder ma carte {k + 1}"
        case v.Swap(slot=k):
            return f"Échanger avec {name(actor, k)}"
        case v.Match(slot=k):
            return f"Tenter {name(actor, k)}"
        case v.Look(owner=owner, slot=k):
            return fr.capitalize(name(owner, k))
        case v.Exchange(owner_a=a, slot_a=k, owner_b=b, slot_b=j):
            return f"{fr.capitalize(name(a, k))} ⇄ {name(b, j)}"
    return WORDS[type(action)]


WORDS: dict[type, str] = {v.Discard: "Jeter la carte piochée", v.LookHand: "Regarder mes cartes",
                          v.Pass: "Passer", v.Call: "Dire « Vaiko »",
                          v.EndTurn: "Finir mon tour"}


def groups(view: v.View, legal: Sequence[v.Action]) -> list[ActionGroup]:
    """The legal actions of the seat asked, grouped and labelled in French."""
    kinds = {type(a) for a in legal}

    def items(*types: type) -> tuple[tuple[str, v.Action], ...]:
        return tuple((label(view, a), a) for a in legal if type(a) in types)

    if kinds and kinds <= {v.Look}:
        return [ActionGroup("Carte à regarder", items(v.Look), button="Regarder")]
    if kinds and kinds <= {v.Exchange}:
        return [ActionGroup("Cartes à échanger", items(v.Exchange), button="Échanger")]
    return [ActionGroup("", items(v.Peek, v.Draw, v.Swap, v.Match)),
            ActionGroup("", items(v.Discard, v.LookHand, v.Pass, v.Call, v.EndTurn))]


PROMPTS = {
    PEEK: "Regardez une seule de vos cartes : elle restera face cachée ensuite.",
    DRAW: "Piochez une carte.",
    DECIDE: "Gardez la carte piochée à la place d’une des vôtres, ou jetez-la.",
    LOOKED: "Vous avez regardé vos cartes : échangez maintenant la carte piochée.",
    VISION: "Carte Vision : choisissez une carte à regarder.",
    EXCHANGE: "Carte Échange : choisissez deux cartes de deux joueurs différents.",
    MATCH: "Défausse immédiate : si vous pensez avoir la même carte, tentez-la ; sinon passez.",
    CALL: "Votre tour est joué. Dites « Vaiko » si vous pensez avoir le plus petit score.",
}


def keep(event: Event, viewer: str | None) -> bool:
    """The journal leaves out the prompts and the passes in an immediate discard."""
    return not scenes.is_quiet(event)


def write_position(position: Position) -> dict[str, Any]:
    """The scenario of a position set in the editor: the manche and the running totals of the
    earlier ones (the engine checks them, :func:`~tutor.games.vaiko.resume`); the cards are
    dealt from the game number."""
    totals = {p: held["total"] for p, held in position.counts["totaux"].items()}
    manche = position.numbers["manche"]
    data: dict[str, Any] = ({"manche": manche, "totaux": totals}
                            if manche > 1 or any(totals.values()) else {})
    hands = {p: list(h) for p, h in position.fronts.get("mains", {}).items() if h}
    if hands:
        data["mains"] = hands
    pile = position.piles.get("pioche", ())
    if pile:  # the first card turned starts the discard pile
        data["defausse"], data["pioche"] = pile[0], list(pile[1:])
    return data


FACES = tuple(dict.fromkeys(c.face for c in coerce_deck(None).cards))


EDITOR = EditorSpec(
    numbers=(Number("manche", "Manche", most=30),),
    piles=(Pile("pioche", "Pioche, du dessus vers le dessous (la première est retournée "
                "pour commencer la défausse ; les autres cartes suivent, mélangées) :",
                FACES, repeat=True),),
    fronts=(Front("mains", "Main, place 1 à 4 (le reste est distribué au hasard)", FACES,
                  repeat=True),),
    counts=(Counts("totaux", "Totaux des manches déjà jouées (le premier joueur commence "
                   "cette manche) :", (("total", "total"),), low=-99, high=69),),
    write=write_position,
    intro="Les cartes que vous ne placez pas sont distribuées au hasard du numéro de partie.")

SURFACE = Surface(PAGE, draw, groups,
                  prompt=lambda view: PROMPTS.get(view.phase, ""), keep=keep, tell=v.GAME.describe,
                  bots=("Alex", "Carla", "Dario", "Léo", "Emma"), opponents=(1, 2, 3, 4, 5),
                  level="memoire", players=(2, 3, 4, 5, 6), editor=EDITOR)


def play_vs_computer(seed: int = 1) -> PlayTable[v.State, v.Action, v.View, VaikoEvent]:
    """A whole game against 1 to 5 computer players; the journal tells each viewer only the
    faces they may know (the teacher's view tells every face)."""
    table = PlayTable(SURFACE, seed)
    table.settings.preset.layout.width = "auto"  # 34rem in GameSettings: wider than a phone
    table.settings.preset.layout.max_width = "100%"
    return table


class MemorySandbox(Sandbox[v.State, v.Action, v.View, VaikoEvent]):
    """The learner plays every seat; « Mémoire du joueur » draws the table as the seat asked
    sees it (its first look, its Vision, what it lost track of)."""

    children: Any

    def __init__(self, seed: int = 7) -> None:
        self.memory = w.Checkbox(value=True, description="Mémoire du joueur qui joue")
        # what the seat that has just played saw (« Regarder ma carte »), shown under the table
        # once it has turned to the next seat's memory
        self.seen = Html()
        super().__init__(SURFACE, seed)
        self.children[0].children += (self.memory,)
        parts = list(self.children)
        parts.insert(parts.index(self.table) + 1, self.seen)
        self.children = tuple(parts)
        self.memory.observe(lambda _: self.guard(self.render)(), names="value")

    def render(self) -> None:
        self.viewer = self.acting_seat(self.session.step) if self.memory.value else None
        try:
            super().render()
        finally:
            self.viewer = None
        self._show_seen()

    def _show_seen(self) -> None:
        step = self.session.step
        actor = step.chooser
        told = ([v.GAME.describe(e, actor) for e in step.events if keep(e, actor)]
                if self.memory.value and actor is not None
                and actor != self.acting_seat(step) else [])
        if actor is None or not told:
            set_html(self.seen, "")
            return
        set_html(self.seen, h.message_panel(
            "info", fr.typography(f"Ce {fr.elide('que', actor)} vient de faire et de voir :"),
            fr.typography(" ".join(told))))

    def _prompt(self, seat: str, view: Any) -> str:
        return fr.typography(f"À {seat} de jouer. {self.surface.prompt(view)}".strip())


def sandbox(seed: int = 7) -> MemorySandbox:
    return MemorySandbox(seed)


# --- worked examples -----------------------------------------------------------------------------


def _scene(example_id: str) -> Any:
    data = book().examples[example_id].data
    if data.get("type") == "scenario":
        return scenario.example_scene(PAGE, draw, data)
    if data.get("type") != "partie":
        points = data.get("points") or data.get("totaux") or {}
        who = data.get("annonceur")

        def count(events: Sequence[Event]) -> str:
            rows = [[h.esc(p) + (" (a dit « Vaiko »)" if p == who else ""),
                     h.esc(points_text(n))] for p, n in points.items()]
            head = "Points des mains" if "points" in data else "Totaux"
            return f'<div class="tv-panel">{h.table(["Joueur", head], rows)}</div>'
        return count
    state = example_start(data)
    after, told = [(0, state)], 0
    for move in data["coups"]:
        state, events = v.GAME.apply(state, parse_move(move))
        told += sum(not scenes.is_prompt(e) for e in events)
        after.append((told, state))

    def scene(events: Sequence[Event]) -> str:
        reached = [s for n, s in after if n <= len(events)][-1]
        return draw(v.GAME.view(reached, None))
    return scene


def stepper(example_id: str) -> WorkedExample:
    """A worked example of the rule file, opening onto its table step by step."""
    return PAGE.worked_example(example_id, _scene(example_id))
