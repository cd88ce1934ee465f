"""The Stupides Vautours page: each public function builds one part of the notebook.

The game against the computer, the sandbox and the exercises are the shared components
(:mod:`tutor.ui.table`, :mod:`tutor.ui.quiz`) fed by this page's :class:`Surface`; the worked
examples are steppers drawn by :func:`scene_for`. Every rule decision comes from
:mod:`tutor.games.vautours`.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from tutor import fr
from tutor.engine import Event
from tutor.engine import scenario as sc
from tutor.games import vautours as v
from tutor.games.vautours import history, scenes
from tutor.games.vautours.engine import resolve_round
from tutor.games.vautours.events import VautoursEvent
from tutor.games.vautours.state import C_POINTS, HAND, POINT_CARDS
from tutor.games.vautours.text import pile_text
from tutor.ui import html as h
from tutor.ui import scenario
from tutor.ui.actions import ActionGroup
from tutor.ui.editor import EditorSpec, Front, Pile, Position
from tutor.ui.page import GamePage, WorkedExample
from tutor.ui.quiz import Question, Quiz, options_of
from tutor.ui.table import PlayTable, Surface
from tutor.ui.table import Sandbox as SharedSandbox
from tutor.ui.widgets import Refusal

NAMES = ("Alex", "Carla", "Dario", "Léo", "Emma")
LABELS = v.GAME.PRESET_LABELS
TIES = {"repeated": "Annulation répétée (lecture retenue)",
        "one_level": "Un seul niveau (livret «\u202fsuricate\u202f» à la lettre)"}
SHARED = "Pile finale partagée (variante)"
NOTE = fr.typography(f"La case « {SHARED} », au-dessus de la partie et du bac à sable, ajoute "
                     "la variante à chacune de ces lectures.")
CSS = """
.jupyter-button.tv-cardbtn, .widget-button.tv-cardbtn { width: auto; min-width: 3.2rem;
  padding: 0 0.35rem; text-overflow: clip; overflow: visible; }
.tv-vautours-seats { display: flex; flex-wrap: wrap; gap: 0.8rem; align-items: flex-start; }
.tv-vautours .tv-seat { max-width: 100%; }
.tv-tiebreak-cols { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: stretch; }
.tv-tiebreak-cols > .tv-panel { flex: 1 1 16rem; min-width: 0; }
@media (max-width: 640px) {
  .tv-root .tv-card { width: auto; min-width: 3.3rem; padding-left: 0.2rem;
    padding-right: 0.2rem; }
  .tv-root .tv-card .tv-kind { font-size: 0.55rem; letter-spacing: 0; }
}
@media (max-width: 600px) {
  .tv-table, .tv-table thead, .tv-table tbody { display: block; width: 100%; }
  .tv-table tr { display: flex; flex-wrap: wrap; gap: 0 0.6rem; padding: 0.3rem 0;
    border-bottom: 1px solid #dee2e6; }
  .tv-table th, .tv-table td { display: block; border: 0; padding: 0.1rem 0; }
  .widget-toggle-buttons .widget-toggle-button { max-width: 100%; }
  .widget-toggle-buttons { flex-wrap: wrap; }
}
"""

PAGE = GamePage(v.GAME, "Hol’s der Geier, un jeu d’Alex Randolph selon l’éditeur, "
                "que le tuteur propose de 2 à 5 joueurs.",
                shown=lambda events: [e for e in events if not scenes.is_choice(e)])
book, header, clause, clauses, example = (
    PAGE.book, PAGE.header, PAGE.clause, PAGE.clauses, PAGE.example)
progress = PAGE.progress_map  # « Ce que vous avez rencontré »
# a part of the page built when the learner reaches it (``sv.later(sv.exercises)``)
later, later_sandbox = PAGE.later, PAGE.later_sandbox


def style() -> h.StyleSheet:
    """The page's style sheet (shared rules, then this page's)."""
    return h.stylesheet(CSS)


def minute() -> w.HTML:
    """« La règle en une minute »: the rule on one phone screen, under the banner."""
    return PAGE.minute()


def open_points() -> h.Html:
    """« Ce que la règle ne dit pas »: the points the booklets leave open."""
    return PAGE.open_points()


def material() -> h.Html:
    """The cards of the game: the fifteen point cards and one player's series."""
    points = "".join(h.point_card(c, small=True) for c in sorted(POINT_CARDS, reverse=True))
    hand = "".join(h.hand_card(c, small=True) for c in HAND)
    body = (f'<div class="tv-panel"><div class="tv-title">Les 15 cartes Points</div>'
            f'<div class="tv-row">{points}</div><div class="tv-title">La série d’un joueur '
            f'(1 à 15)</div><div class="tv-row">{hand}</div></div>')
    return h.Html(body, "Cartes Points : +10 … +1, −1 … −5. Série d’un joueur : 1 … 15.")


def readings() -> h.Html:
    """The presets and the reading each one applies, as a table."""
    rows = [[h.esc(LABELS[name]), h.esc(TIES[p.ties]),
             h.esc("deuxième meilleur score" if p.final_tiebreak == "second_best"
                   else "plus haute carte Suricate"),
             h.esc("perdue" if p.last_pile == "lost" else "partagée")]
            for name, p in v.GAME.PRESETS.items()]
    body = ('<div class="tv-panel"><div class="tv-title">Les lectures de la règle</div>'
            + h.table(["Préréglage", "Égalités", "Départage final", "Pile de la dernière manche"],
                      rows, stack=True)
            + f"<p>{h.esc(NOTE)}</p></div>")
    return h.Html(body, "Préréglages : " + ", ".join(v.GAME.PRESETS))


# --- tables --------------------------------------------------------------------------------------


def round_html(plays: Mapping[str, int] | None, pile: Sequence[int], winner: str | None = None,
               done: bool = False, cancelled: Sequence[int] = (), title: str = "") -> str:
    """One manche: the pile at stake, each player's card, the cards cancelled so far and, once
    ``done``, who takes the pile (``winner=None``: nobody)."""
    seats = []
    for name, card in (plays or {}).items():
        extra, note = ("tv-cancelled", "annulée") if card in cancelled else ("", "")
        if done and name == winner:
            extra, note = "tv-winner", "gagne"
        seats.append(h.seat(name, h.hand_card(card, extra=extra, note=note)))
    if not seats:
        seats.append('<span class="tv-muted">Les joueurs choisissent leur carte en secret…</span>')
    verdict = ""
    if done and winner is None:
        verdict = '<span class="tv-tag tv-no">Personne ne remporte la pile</span>'
    elif done:
        verdict = (f'<span class="tv-tag tv-ok">{h.esc(winner)} remporte la pile '
                   f"({h.esc(pile_text(pile))})</span>")
    total = sum(pile)
    kind = "Suricate ▲" if total >= 0 else "Vautour ▼"
    head = f'<div class="tv-title">{h.esc(title)}</div>' if title else ""
    return (f'<div class="tv-panel tv-vautours">{head}{h.pile_row(pile)}<div class="tv-muted">'
            f"Pile en jeu : {h.esc(fr.signed(total))}, se joue comme une carte {kind}</div>"
            f'<div class="tv-vautours-seats">{"".join(seats)}</div>'
            f'<div class="tv-verdict">{verdict}</div></div>')


def events_scene(events: Sequence[Event], pile: Sequence[int] = (),
                 played: Mapping[str, int] | None = None) -> str:
    """The manche being resolved, as far as ``events`` go (``pile``: the one at stake first,
    ``played``: the cards already shown in it), then the manche resolved before it, if any."""
    seen = scenes.manches_seen(events, pile, played)
    now, before = seen.current, seen.previous
    note = h.message_panel("error", "Coup refusé.", seen.refused) if seen.refused else ""
    previous = "" if before is None else round_html(
        before.played, before.pile, before.winner, before.resolved, list(before.cancelled),
        "Manche précédente")
    current = "" if now is None else round_html(now.played, now.pile, now.winner,
                                                now.resolved, list(now.cancelled))
    return current + note + previous


def count_scene(data: Mapping[str, Any], events: Sequence[Event]) -> str:
    """A final count: each player's winnings, then (at its step) the winners."""
    winners = scenes.winners_told(events)
    rows = [[h.esc(p), h.esc(", ".join(fr.signed(c) for c in cards) or "—"),
             f"<strong>{h.esc(fr.signed(sum(cards)))}</strong>",
             '<span class="tv-tag tv-ok">vainqueur</span>' if p in winners else ""]
            for p, cards in data["gains"].items()]
    headers = ["Joueur", "Cartes gagnées", "Total", "Résultat"]
    return f'<div class="tv-panel">{h.table(headers, rows)}</div>'


def scene_for(example_id: str) -> Callable[[Sequence[Event]], str]:
    """The table of a worked example after the steps told so far (a table from the first)."""
    data = book().examples[example_id].data
    if data["type"] == "scenario":
        return scenario.example_scene(PAGE, draw, data)
    if data["type"] == "manche":
        return lambda events: events_scene(events, data["pile"], data["cartes"])
    if data["type"] == "decompte":
        return lambda events: count_scene(data, events)
    return lambda events: events_scene(events, data["revelees"][:1])


def stepper(example_id: str) -> WorkedExample:
    """A worked example of the rule file, opening onto its table step by step."""
    return PAGE.worked_example(example_id, scene_for(example_id))


def _played(events: Sequence[Event]) -> str:
    """The last manche resolved by ``events``, told as "Manche précédente" (empty: none)."""
    last = scenes.last_manche(events)
    if last is None:
        return ""
    return round_html(last.played, last.pile, last.winner, True, list(last.cancelled),
                      "Manche précédente")


def draw(view: v.View, events: Sequence[Event]) -> str:
    """The table as ``view`` shows it, then the manche just resolved."""
    head = ("Partie terminée" if view.over else
            f"Manche {view.manche} sur 15 — pioche : {fr.count(view.deck_size, 'carte')}")
    pile = "" if view.over else (f"<div>{h.pile_row(view.pile)}<div class=\"tv-muted\">Pile en "
                                 f"jeu : {h.esc(fr.signed(view.total))}</div></div>")
    seats = []
    for p in view.players:
        if p.chosen is not None:
            card = h.hand_card(p.chosen, small=True, note="choisie")
        elif p.has_chosen:
            card = h.back_card()
        elif p.top is not None:
            card = h.hand_card(p.top, small=True, note="dernière")
        else:
            card = h.empty_card("pas encore joué")
        won = (", ".join(fr.signed(c) for c in p.taken) if p.taken is not None else
               fr.count(p.taken_count, "carte"))
        caption = f"gains : {won or 'aucun'}"
        if p.score is not None:
            caption += f" — total {fr.signed(p.score)}"
        seats.append(h.seat(p.name, card, caption))
    deck = ""
    if view.deck:
        deck = ('<div class="tv-muted">Vue du professeur — pioche à venir : '
                f"{h.esc(', '.join(fr.signed(c) for c in view.deck))}</div>")
    return (f'<div class="tv-panel tv-vautours"><div class="tv-title">{h.esc(head)}</div>'
            f'<div class="tv-vautours-seats">{pile}{"".join(seats)}</div>{deck}</div>'
            + _played(events))


def groups(view: v.View, legal: Sequence[v.Play]) -> list[ActionGroup]:
    """The cards the acting player may lay face down, as card buttons."""
    return [ActionGroup("", tuple((str(a.card), a) for a in legal), cards=True)]


def prompt(view: v.View) -> str:
    return "Cliquez sur la carte à poser face cachée."


# --- « Mettre en place » ---------------------------------------------------------------------


def won_moves(players: Sequence[str], won: Mapping[str, Sequence[int]]) -> list[dict[str, Any]]:
    """The manches that give each player the cards ``won`` (in seat order, each card in the
    order given): the winner lays their strongest card for a Suricate (their weakest for a
    Vautour), the others the opposite, so that the winner's card is the only extreme one."""
    hands = {p: list(HAND) for p in players}
    moves = []
    for p in players:
        for card in won.get(p, ()):
            for q in players:
                pick = max if (card > 0) == (q == p) else min
                laid = pick(hands[q])
                hands[q].remove(laid)
                moves.append({"joueur": q, "carte": laid})
    return moves


def write_position(position: Position) -> dict[str, Any]:
    """The scenario of a position set in the editor. The engine takes each part out of the
    fifteen point cards first (a card twice is refused, naming the part). Without cards
    played, the cards already won come first in the pile and are won in as many manches
    played first (:func:`won_moves`). With the cards each player has played (the others are
    in their hand), the manches that lead there are searched with the engine's rule
    (:func:`~tutor.games.vautours.history.past_manches`): one manche per card won, then, for
    each card played beyond them, a manche without a winner, its point card (the first ones of
    the pile set) still at stake."""
    pool = list(POINT_CARDS)
    won = position.fronts["gains"]
    order: list[int] = []
    for p in position.players:
        order += sc.take(f"Gains {fr.of(p)}", won.get(p, ()), pool, C_POINTS, fr.signed,
                         POINT_CARDS)
    pile = sc.take("Pioche", position.piles["pioche"], pool, C_POINTS, fr.signed,
                   POINT_CARDS)
    played = {p: cards for p, cards in position.fronts.get("joues", {}).items()
              if p in position.players}
    if not any(played.values()):
        return {"pioche": order + pile, "coups": won_moves(position.players, won)}
    manches = max(len(cards) for cards in played.values())
    spare = [*pile, *sorted(pool, reverse=True)]
    carried = spare[:max(0, manches - len(order))]
    past = history.past_manches(position.players, played, won, v.GAME.PRESETS[position.preset],
                                carried)
    wins = [card for card, _ in past[:len(past) - len(carried)]]
    moves = [{"joueur": p, "carte": plays[p]} for _, plays in past for p in position.players]
    return {"pioche": wins + carried + [c for c in pile if c not in carried], "coups": moves}


def check_position(position: Position, state: Any) -> None:
    """The built position gives each player exactly the cards asked for, won and in hand."""
    played = position.fronts.get("joues", {})
    for p, taken, hand in zip(state.players, state.taken, state.hands):
        asked = position.fronts["gains"].get(p, ())
        if sorted(taken) != sorted(asked):
            raise Refusal(fr.typography(
                f"Le tuteur ne sait pas faire gagner toutes ces cartes à {p} en jouant les "
                "manches d’avant : donnez-lui-en moins, ou placez-les dans la pioche."))
        if any(played.values()) and set(hand) & set(played.get(p, ())):
            raise Refusal(fr.typography(
                f"Le tuteur ne sait pas faire jouer à {p} toutes les cartes indiquées."))


EDITOR = EditorSpec(
    piles=(Pile("pioche", "Pioche, du dessus vers le dessous (la première est retournée "
                "aussitôt ; celles que vous ne placez pas suivent, mélangées) :",
                tuple(sorted(POINT_CARDS, reverse=True)), fr.signed),),
    fronts=(Front("gains", "Cartes Points déjà gagnées", tuple(sorted(POINT_CARDS,
                                                                     reverse=True)),
                  fr.signed),
            Front("joues", "Cartes déjà jouées, une par manche (les autres sont en main)",
                  HAND)),
    write=write_position, check=check_position,
    intro="Les cartes déjà gagnées le sont lors de manches jouées avant, que le tuteur rejoue ; "
          "avec les cartes déjà jouées (autant pour chacun), il cherche qui a posé quoi à "
          "chaque manche. Une manche de plus que de cartes gagnées a fini sans gagnant : sa "
          "carte Points, la première de la pioche, reste en jeu.")

SURFACE = Surface(page=PAGE, draw=draw, groups=groups, prompt=prompt,
                  keep=lambda e, viewer: not scenes.is_private(e, viewer),
                  bots=("Alex", "Carla", "Dario", "Léo", "Emma"), opponents=(1, 2, 3, 4),
                  level="prudent", signed=True, editor=EDITOR)


def variant_of(preset: str, shared: bool) -> v.Variant:
    """The preset's reading, with the last pile shared when ``shared`` is ticked."""
    base = v.GAME.PRESETS[preset]
    return dataclasses.replace(base, last_pile="shared") if shared else base


class Game(PlayTable[v.State, v.Play, v.View, VautoursEvent]):
    """A whole game against the computer, with the "pile partagée" reading as a tick box."""

    def __init__(self, seed: int = 1) -> None:
        self.shared = w.Checkbox(value=False, description=SHARED, indent=False,
                                 layout=w.Layout(width="auto", max_width="100%"))
        super().__init__(SURFACE, seed)
        self.settings.preset.options = [(LABELS[k], k) for k in v.GAME.PRESETS]
        self.settings.preset.layout = w.Layout(width="auto", max_width="100%")
        self.settings.children = (*self.settings.children[:-1], self.shared,
                                  self.settings.children[-1])
        self.shared.observe(lambda _: self.guard(self.reading_note)(), names="value")

    def variant_for(self, preset: str) -> v.Variant:
        return variant_of(preset, bool(self.shared.value))


class Sandbox(SharedSandbox[v.State, v.Play, v.View, VautoursEvent]):
    """Every seat played by the learner, with the "pile partagée" tick box."""

    def __init__(self, seed: int = 7) -> None:
        self.shared = w.Checkbox(value=False, description=SHARED, indent=False,
                                 layout=w.Layout(width="auto", max_width="100%"))
        super().__init__(SURFACE, seed)
        self.preset.options = [(LABELS[k], k) for k in v.GAME.PRESETS]
        settings = self.children[0]
        settings.children = (*settings.children[:-1], self.shared, settings.children[-1])
        self.shared.observe(lambda _: self.guard(self.change_reading)(), names="value")

    def variant_for(self, preset: str) -> v.Variant:
        return variant_of(preset, bool(self.shared.value))

    def show_reading(self, variant: Any) -> None:
        """The preset and the "pile partagée" tick box together say the reading."""
        shared = variant.last_pile == "shared"
        super().show_reading(dataclasses.replace(variant, last_pile="lost") if shared
                             else variant)
        self.shared.value = shared


def play_vs_computer(seed: int = 1) -> Game:
    return Game(seed)


def sandbox(seed: int = 7) -> Sandbox:
    return Sandbox(seed)


# --- exercises -----------------------------------------------------------------------------------


def make_situation(seed: int) -> tuple[dict[str, int], tuple[int, ...]]:
    """A "who takes the pile?" situation, with ties more often than chance would give."""
    rng = random.Random(seed)
    low = rng.randint(1, 8)
    values = list(range(low, low + rng.randint(3, 7)))
    plays = {name: rng.choice(values) for name in NAMES[:rng.randint(3, 5)]}
    return plays, tuple(rng.sample(list(POINT_CARDS), rng.choice((1, 1, 1, 2, 2, 3))))


def make_question(seed: int) -> Question:
    plays, pile = make_situation(seed)
    result = resolve_round(plays, pile)
    cancelled = [value for value, _ in result.cancelled]
    return Question(
        situation=round_html(plays, pile, title="Situation"),
        prompt="Qui remporte la pile ?", options=options_of(list(plays)),
        answer=result.winner or "Personne",
        correction=round_html(plays, pile, result.winner, True, cancelled, "Correction"),
        events=tuple(result.events),
        reading=fr.typography(
            "Lecture retenue : les égalités s’annulent tant qu’il en reste (vautours/egalite)."
            if cancelled else
            "Pas d’égalité : aucune carte ne s’annule, toutes les lectures donnent la même "
            "réponse."))


def exercises(seed: int = 0) -> Quiz:
    """"Qui remporte la pile ?": generated manches (3 to 5 players), graded by the engine."""
    quiz = Quiz(book(), v.GAME.describe, make_question, seed, page=PAGE)
    quiz.reserve(len(NAMES) + 1)  # every option button made once: no model grows later
    return quiz
