"""Drahtseilakt's worked examples on their table, step by step: the deal, a trick (score cards
turned, cards played, sticks before and after) or the manche scores, never ahead of the step
told; a ``type = "scenario"`` example on the game's own table (:func:`.play.draw`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.games.drahtseilakt.core import STICKS_PER_COLOUR
from tutor.games.drahtseilakt.scenes import count_seen, deal_seen, trick_seen
from tutor.games.drahtseilakt.text import colour_count
from tutor.ui import html as h
from tutor.ui import scenario
from tutor.ui.drahtseilakt.cards import (
    PAGE,
    book,
    holding_html,
    muted,
    number_card,
    panel,
    pay_text,
    score_card,
)
from tutor.ui.drahtseilakt.play import draw
from tutor.ui.page import WorkedExample

# --- worked examples: the table after each step ------------------------------------------------


def scene(data: Mapping[str, Any], events: Sequence[Event]) -> str:
    """The example's table after ``events``: the deal, the trick (score cards turned, cards
    played, sticks before and after) or the manche scores, never ahead of the step told."""
    kind = data.get("type")
    if kind == "scenario":
        return scenario.example_scene(PAGE, draw, data)(events)
    if kind == "donne":
        return deal_scene(data, events)
    if kind == "decompte":
        return count_scene(data, events)
    names = list(data.get("cartes") or data.get("mains") or ())
    held = {p: [int(data.get("avant", {}).get(p, {}).get("rouges", 0)),
                int(data.get("avant", {}).get(p, {}).get("bleus", 0))] for p in names}
    hands = data.get("mains") or {}
    notes = {p: [f"main : {fr.join(map(str, hands[p]))}"] if p in hands else [] for p in names}
    seen = trick_seen(events)
    for g in seen.gains:
        if g.change in ("blue", "red"):
            held[g.seat][g.change == "blue"] += g.count
            notes[g.seat].append(f"reçoit {colour_count(g.count, g.change)}")
        elif g.change == "short":
            held[g.seat][g.colour == "blue"] -= g.count - g.got
            notes[g.seat].append(f"réserve presque vide : {g.got} seulement")
        elif g.change == "tokens":
            notes[g.seat].append(f"dont {fr.count(g.count, 'jeton')}")
        elif g.change == "pairs":
            held[g.seat] = [g.red, g.blue]
            notes[g.seat].append(f"rend {fr.count(g.count, 'paire')}")
    if seen.refused:
        notes.setdefault(str(data["coup"]["joueur"]), []).append("coup refusé")
    turned, void, stake, plays, chosen = (seen.turned, seen.void, seen.stake, dict(seen.played),
                                          seen.chose)
    cards = "".join(score_card(c, extra="dz-void" if c in void else "",
                               note="annulé" if c in void else "") for c in turned)
    pay = f'<div class="dz-pay">{h.esc(pay_text(stake))}</div>' if stake else ""
    hi = max(plays.values()) if len(plays) == len(names) else None
    lo = min(plays.values()) if len(plays) == len(names) else None
    seats = []
    for p in names:
        card = plays.get(p)
        shown_card = (number_card(card, note="plus forte" if card == hi else
                                  "plus faible" if card == lo else "") if card is not None
                      else h.back_card(label="a choisi") if p in chosen
                      else h.empty_card("à jouer"))
        seats.append(f'<div class="dz-player"><div class="tv-row">{h.seat(p, shown_card)}'
                     f"<div>{holding_html(*held[p])}"
                     f'{muted("; ".join(notes.get(p, [])))}</div></div></div>')
    red_left, blue_left = (max(0, STICKS_PER_COLOUR - sum(x[k] for x in held.values()))
                           for k in (0, 1))
    reserve = muted(f"Réserve : {colour_count(red_left, 'red')} ▼, "
                    f"{colour_count(blue_left, 'blue')} ▲.")
    return (f'<div class="tv-panel dz-scene"><div class="tv-row" style="align-items:center">'
            f'{cards or h.empty_card("pioche")}{pay}</div>'
            f'<div class="dz-players" style="margin:0.6rem 0">{"".join(seats)}</div>{reserve}'
            "</div>")


def deal_scene(data: Mapping[str, Any], events: Sequence[Event]) -> str:
    deal = deal_seen(events)
    seats = "".join(
        h.seat(p, h.back_card(label="9 cartes") if deal.dealt else h.empty_card("à donner"),
               "entame" if deal.lead == p else "")
        for p in data["joueurs"])
    hidden = muted(f"Cartes non distribuées : {deal.unseen}.") if deal.dealt else ""
    return panel("La donne", f'<div class="tv-row">{seats}</div>{hidden}', "dz-scene")


def count_scene(data: Mapping[str, Any], events: Sequence[Event]) -> str:
    count = count_seen(events)
    rows = []
    for p, scores in data["scores"].items():
        marks = " · ".join(f'<span class="dz-cancelled">{s}</span> (effacé)'
                           if (p, k) in count.cancelled else str(s)
                           for k, s in enumerate(scores))
        rows.append([h.esc(p), marks, "" if count.totals is None else
                     f"<strong>{count.totals[p]}</strong>"
                     + (' <span class="tv-tag tv-ok">vainqueur</span>'
                        if p in count.winners else "")])
    return panel("Les scores des manches", h.table(["Joueur", "Manches", "Total"], rows),
                 "dz-scene")


def stepper(example_id: str) -> WorkedExample:
    """A worked example of the rule file, opening onto its table step by step."""
    data = book().examples[example_id].data
    return PAGE.worked_example(example_id, lambda events: scene(data, events))
