"""Drahtseilakt's worked examples on their table, step by step: the deal, a trick (score cards
turned, cards played, sticks before and after) or the manche scores, never ahead of the step
told; a ``type = "scenario"`` example on the game's own table (:func:`.play.draw`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tutor import fr
from tutor.engine import Event
from tutor.games import drahtseilakt as d
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
    turned: list[d.ScoreCard] = []
    void: set[d.ScoreCard] = set()
    stake: d.Stake | None = None
    plays: dict[str, int] = {}
    chosen: set[str] = set()
    hands = data.get("mains") or {}
    notes = {p: [f"main : {fr.join(map(str, hands[p]))}"] if p in hands else [] for p in names}
    for e in events:
        who = str(e.seat)
        if e.kind == "zero":
            turned.append(e.data["card"])
        elif e.kind == "double_zero":
            void.update(e.data["cards"])
        elif e.kind == "reveal":
            turned.append(e.data["card"])
            stake = d.Stake(e.data["value"], e.data["blue"], e.data["red"])
        elif e.kind == "play":
            plays[who] = e.data["card"]
        elif e.kind == "choose":
            chosen.add(who)
        elif e.kind == "show":
            plays.update(e.data["plays"])
        elif e.kind in ("blue", "red"):
            held[who][e.kind == "blue"] += e.data["count"]
            notes[who].append(f"reçoit {colour_count(e.data['count'], e.kind)}")
        elif e.kind == "short":
            held[who][e.data["colour"] == "blue"] -= e.data["wanted"] - e.data["got"]
            notes[who].append(f"réserve presque vide : {e.data['got']} seulement")
        elif e.kind == "tokens":
            notes[who].append(f"dont {fr.count(e.data['missing'], 'jeton')}")
        elif e.kind == "pairs":
            held[who] = [e.data["red"], e.data["blue"]]
            notes[who].append(f"rend {fr.count(e.data['pairs'], 'paire')}")
        elif e.kind == "refused":
            notes.setdefault(str(data["coup"]["joueur"]), []).append("coup refusé")
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
    red_left, blue_left = (max(0, d.STICKS_PER_COLOUR - sum(x[k] for x in held.values()))
                           for k in (0, 1))
    reserve = muted(f"Réserve : {colour_count(red_left, 'red')} ▼, "
                    f"{colour_count(blue_left, 'blue')} ▲.")
    return (f'<div class="tv-panel dz-scene"><div class="tv-row" style="align-items:center">'
            f'{cards or h.empty_card("pioche")}{pay}</div>'
            f'<div class="dz-players" style="margin:0.6rem 0">{"".join(seats)}</div>{reserve}'
            "</div>")


def deal_scene(data: Mapping[str, Any], events: Sequence[Event]) -> str:
    kinds = {e.kind: e for e in events}
    deal = kinds.get("deal")
    seats = "".join(
        h.seat(p, h.back_card(label="9 cartes") if deal else h.empty_card("à donner"),
               "entame" if "lead" in kinds and kinds["lead"].seat == p else "")
        for p in data["joueurs"])
    hidden = (muted(f"Cartes non distribuées : {deal.data['unseen']}.") if deal else "")
    return panel("La donne", f'<div class="tv-row">{seats}</div>{hidden}', "dz-scene")


def count_scene(data: Mapping[str, Any], events: Sequence[Event]) -> str:
    cancelled = {(str(e.seat), e.data["target"][0] - 1) for e in events
                 if e.kind == "clean" and e.data["target"]}
    totals = next((e.data["totals"] for e in events if e.kind == "totals"), None)
    winners = next((e.data["winners"] for e in events if e.kind == "winner"), ())
    rows = []
    for p, scores in data["scores"].items():
        marks = " · ".join(f'<span class="dz-cancelled">{s}</span> (effacé)'
                           if (p, k) in cancelled else str(s) for k, s in enumerate(scores))
        rows.append([h.esc(p), marks, "" if totals is None else f"<strong>{totals[p]}</strong>"
                     + (' <span class="tv-tag tv-ok">vainqueur</span>' if p in winners else "")])
    return panel("Les scores des manches", h.table(["Joueur", "Manches", "Total"], rows),
                 "dz-scene")


def stepper(example_id: str) -> WorkedExample:
    """A worked example of the rule file, opening onto its table step by step."""
    data = book().examples[example_id].data
    return PAGE.worked_example(example_id, lambda events: scene(data, events))
