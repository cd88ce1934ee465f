"""The Drahtseilakt table drawn from the engine's view, for the shared game against the computer
and sandbox, and the generated exercises "qui reçoit des bâtonnets ?"."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.games import drahtseilakt as d
from tutor.games.drahtseilakt.core import (
    HAND_SIZE,
    SCORE_CARDS,
    TRICKS,
    ZERO_BLUE,
    ZERO_RED,
    ScoreCard,
    card_text,
    resolve_trick,
    reveal,
)
from tutor.games.drahtseilakt.events import DrahtseilaktEvent
from tutor.games.drahtseilakt.scenes import TrickSeen, last_trick, trick_seen
from tutor.games.drahtseilakt.text import colour_count
from tutor.ui import html as h
from tutor.ui.actions import ActionGroup
from tutor.ui.drahtseilakt.cards import (
    PAGE,
    holding_html,
    muted,
    number_card,
    pay_text,
    score_card,
)
from tutor.ui.editor import (
    Choice,
    Counts,
    EditorSpec,
    Front,
    Number,
    Pile,
    Position,
    Series,
)
from tutor.ui.quiz import Question, Quiz
from tutor.ui.table import PlayTable, Sandbox, Surface

NAMES = ("Alex", "Béa", "Carla", "Dario", "Emma")


def table_html(seen: d.View) -> str:
    """The table as ``seen`` shows it (the teacher's view, ``seat=None``, shows everything)."""
    teacher = seen.seat is None
    head = "Partie terminée" if seen.over else (
        f"Manche {seen.manche} sur {seen.manches} — donneur : {seen.dealer} — "
        f"pli {seen.trick_number} sur {TRICKS}")
    parts = [f'<div class="tv-title">{h.esc(head)}</div>']
    if not seen.over and seen.stake is not None:
        last = len(seen.revealed) - 1
        cards = "".join(score_card(c, extra="dz-now" if k == last else "",
                                   note="en jeu" if k == last else "")
                        for k, c in enumerate(seen.revealed))
        plays = [h.seat(name, number_card(card) if card is not None
                        else h.back_card(label="a choisi")) for name, card in seen.trick]
        plays += [h.seat(name, h.empty_card("à vous" if name == seen.seat else "à jouer"))
                  for name in seen.to_play if name not in dict(seen.trick)]
        parts.append(muted("Cartes score retournées cette manche (visibles de tous) :")
                     + f'<div class="tv-row">{cards}</div><div class="dz-pay"><strong>'
                     f"Enjeu du pli : {h.esc(pay_text(seen.stake))}</strong></div>"
                     + muted("Pli en cours :") + f'<div class="tv-row">{"".join(plays)}</div>')
        if seen.played_this_manche:
            parts.append(muted("Déjà jouées cette manche (défaussées face cachée, mais tout le "
                               "monde les a vues) : "
                               f"{fr.join(map(str, sorted(seen.played_this_manche)))}."))
    players = []
    for p in seen.players:
        history = " · ".join(
            f'<span class="dz-cancelled">{s}</span> (effacé)' if k in p.cancelled else str(s)
            for k, s in enumerate(p.history)) or "—"
        total = sum(s for k, s in enumerate(p.history) if k not in p.cancelled)
        hand = (muted("Main : " + (", ".join(map(str, p.hand)) or "vide"))
                if p.hand is not None and p.name != seen.seat else "")
        players.append(f'<div class="dz-player"><div><strong>{h.esc(p.name)}</strong> — total '
                       f"<strong>{total}</strong></div><div>{holding_html(p.red, p.blue)}</div>"
                       f'<div class="tv-muted">Manches : {history}</div>{hand}</div>')
    red_left, blue_left = seen.reserve
    out_of_play = ("" if seen.over else
                   f" Cartes hors jeu pour cette manche : {seen.unseen_count}.")
    parts.append(f'<div class="dz-players">{"".join(players)}</div>'
                 + muted(f"Réserve : {colour_count(red_left, 'red')} ▼, "
                         f"{colour_count(blue_left, 'blue')} ▲.{out_of_play}"))
    if teacher and seen.score_deck:
        parts.append(muted("Vue du professeur — cartes score à venir : "
                           + ", ".join(map(card_text, seen.score_deck))))
    return f'<div class="tv-panel">{"".join(parts)}</div>'


def trick_scene(trick: TrickSeen, title: str = "") -> str:
    """A finished trick: its score card, the cards played and who took what."""
    got: dict[str, list[str]] = {}
    for g in trick.gains:
        if g.change in ("blue", "red"):
            got.setdefault(g.seat, []).append(colour_count(g.count, g.change)
                                              + (" ▲" if g.change == "blue" else " ▼"))
        elif g.change == "pairs":
            got.setdefault(g.seat, []).append(f"rend {fr.count(g.count, 'paire')}")
        elif g.change == "short":
            got.setdefault(g.seat, []).append(f"n’en reçoit que {g.got}")
    values = [c for _, c in trick.played]
    seats = "".join(h.seat(p, number_card(c, note="plus forte" if c == max(values) else
                                          "plus faible" if c == min(values) else ""),
                           "; ".join(got.get(p, []))) for p, c in trick.played)
    card = score_card(trick.turned[-1]) if trick.stake is not None else ""
    pay = "" if trick.stake is None else h.esc(pay_text(trick.stake))
    return (f'<div class="tv-panel dz-scene dz-last"><div class="tv-title">{h.esc(title)}</div>'
            f'<div class="tv-row" style="align-items:center">{card}<div class="dz-pay">{pay}'
            f'</div></div><div class="tv-row" style="margin-top:0.5rem">{seats}</div></div>')


def last_trick_html(events: Sequence[Event]) -> str:
    """The last trick finished in ``events``, if any."""
    trick = last_trick(events)
    return "" if trick is None else trick_scene(trick, "Dernier pli")


def draw(seen: d.View, events: Sequence[Event]) -> str:
    return table_html(seen) + last_trick_html(events)


def groups(seen: d.View, legal: Sequence[d.Play]) -> list[ActionGroup]:
    if not legal:
        return []
    seat = legal[0].seat
    label = "Votre main" if seat == seen.seat else f"Main {fr.of(seat)}"
    return [ActionGroup(label, tuple((str(a.card), a) for a in legal), cards=True)]


def prompt(seen: d.View) -> str:
    return ("Choisissez la carte à poser. Visez le milieu pour ne rien prendre, ou prenez la "
            "couleur qui vous manque pour rendre des paires.")


def write_position(position: Position) -> dict[str, Any]:
    """The scenario of a position set in the editor: the manche to start at, its dealer, the
    scores of the earlier manches, the sticks in front, the top of this manche's score pile
    (the engine checks each part, :func:`~tutor.games.drahtseilakt.resume`)."""
    players = position.players
    n, manche = len(players), position.numbers["manche"]
    dealer = players.index(position.choices["donneur"])
    data: dict[str, Any] = {"donneur": players[(dealer - manche + 1) % n], "manche": manche}
    if manche > 1:
        data["manches_jouees"] = {p: list(s) for p, s in position.series["scores"].items()}
    sticks = {p: {k: v for k, v in held.items() if v}
              for p, held in position.counts["batons"].items()}
    if any(sticks.values()):
        data["batons"] = {p: held for p, held in sticks.items() if held}
    deal: dict[str, Any] = {}
    if position.piles["score"]:
        deal["score"] = list(position.piles["score"])
    hands = {p: list(h) for p, h in position.fronts.get("mains", {}).items() if h}
    if hands:
        deal["mains"] = hands
    if deal and manche <= n:  # a game over deals nothing more
        data["donnes"] = [{} for _ in range(manche - 1)] + [deal]
    return data


EDITOR = EditorSpec(
    numbers=(Number("manche", "Manche", after="partie finie (feuille de score)"),),
    choices=(Choice("donneur", "Donneur de cette manche"),),
    series=(Series("scores", "Scores des manches déjà jouées (bâtonnets gardés) :", "manche"),),
    counts=(Counts("batons", "Bâtonnets déjà devant chaque joueur dans cette manche :",
                   (("rouges", "▼ rouges"), ("bleus", "▲ bleus"))),),
    piles=(Pile("score", "Cartes score de cette manche, du dessus vers le dessous (la "
                "première est retournée aussitôt ; les autres suivent, mélangées) :",
                SCORE_CARDS, card_text),),
    fronts=(Front("mains", f"Main ({HAND_SIZE} cartes au plus ; celles que vous ne choisissez "
                  "pas sont distribuées au hasard)", tuple(range(1, 51)), most=HAND_SIZE),),
    write=write_position,
    intro="Ce que vous ne choisissez pas est distribué au hasard du numéro de partie. Une fin "
          "de partie se met en place par sa feuille de score : choisissez la manche « partie "
          "finie », entrez le score de chaque manche (les bâtonnets gardés à sa fin) ; le "
          "décompte suit la règle, chaque score effacé cité.")

SURFACE = Surface(page=PAGE, draw=draw, groups=groups, prompt=prompt,
                  bots=("Alex", "Béa", "Dario", "Emma"), opponents=(2, 3, 4), level="prudent",
                  players=(3, 4, 5), editor=EDITOR)


def play_vs_computer(seed: int = 1) -> PlayTable[d.State, d.Play, d.View, DrahtseilaktEvent]:
    """A whole game against 2 to 4 computer players."""
    return PlayTable(SURFACE, seed)


def sandbox(seed: int = 7) -> Sandbox[d.State, d.Play, d.View, DrahtseilaktEvent]:
    """Play every seat yourself, everything visible."""
    return Sandbox(SURFACE, seed)


# --- exercises -----------------------------------------------------------------------------------


def make_question(seed: int) -> Question:
    """A generated trick (cards played, score cards turned, more often with a 0 than chance would
    give): who takes which sticks? The options name players and colours, never a count."""
    rng = random.Random(seed)
    n = rng.randint(3, 5)
    plays = dict(zip(NAMES[:n], rng.sample(range(1, 51), n)))
    value = rng.randint(1, 9)
    zeros = [ZERO_RED, ZERO_BLUE]
    rng.shuffle(zeros)
    shapes: list[tuple[ScoreCard, ...]] = [
        (value,), (ZERO_BLUE, value), (ZERO_RED, value), (*zeros, value)]
    turned = rng.choice(shapes)
    revealed = reveal(turned)
    result = resolve_trick(plays, revealed)
    hi, lo = result.highest, result.lowest
    both, blue_only, red_only, swapped = (
        f"bleus ▲ pour {hi}, rouges ▼ pour {lo}", f"seulement des bleus ▲, pour {hi}",
        f"seulement des rouges ▼, pour {lo}", f"bleus ▲ pour {lo}, rouges ▼ pour {hi}")
    answer = both if result.blue and result.red else blue_only if result.blue else red_only
    cards = "".join(score_card(c) for c in turned)
    seats = "".join(h.seat(p, number_card(c)) for p, c in plays.items())
    situation = (f'<div class="tv-panel"><div class="tv-title">Situation</div>'
                 f'{muted("Cartes score retournées, dans l’ordre :")}<div class="tv-row">{cards}'
                 f'</div>{muted("Cartes posées :")}<div class="tv-row">{seats}</div></div>')
    events = (*revealed.events, *result.events)
    return Question(
        situation, fr.typography(f"La carte score vaut {value}. Qui reçoit des bâtonnets ?"),
        (both, blue_only, red_only, swapped), answer,
        trick_scene(trick_seen(events, played=tuple(plays.items())), "Le pli résolu"),
        events, "Règle de base : un 0 supprime sa couleur pour ce pli, deux 0 d’affilée "
                "s’annulent (aucune variante ne change ce point).")


def exercises(seed: int = 0) -> Quiz:
    """"Qui reçoit des bâtonnets ?": generated tricks, immediate feedback, a score."""
    return Quiz(PAGE.book(), d.GAME.describe, make_question, seed, page=PAGE)
