"""The French text helpers: one rule, tested once, used everywhere."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import fr


def test_signed_numbers_use_the_true_minus_sign() -> None:
    assert (fr.signed(7), fr.signed(-2), fr.signed(0)) == ("+7", "\u22122", "0")
    assert fr.number(-12) == "\u221212" and fr.number(1250) == "1\u202f250"


@pytest.mark.parametrize(("n", "expected"), [(0, "0 point"), (1, "1 point"), (2, "2 points"),
                                             (-1, "\u22121 point"), (-3, "\u22123 points")])
def test_counts_agree_with_their_noun(n: int, expected: str) -> None:
    assert fr.count(n, "point") == expected


def test_irregular_plurals_are_given() -> None:
    assert fr.count(2, "bâtonnet bleu", "bâtonnets bleus") == "2 bâtonnets bleus"
    assert fr.plural(1, "œil", "yeux") == "œil" and fr.plural(2, "œil", "yeux") == "yeux"


def test_lists_of_names() -> None:
    assert fr.join([]) == "" and fr.join(["Alex"]) == "Alex"
    assert fr.join(["Alex", "Carla"]) == "Alex et Carla"
    assert fr.join(["Alex", "Bea", "Carla"], "ou") == "Alex, Bea ou Carla"


def test_the_victory_sentence_names_one_winner_or_a_shared_victory() -> None:
    assert fr.victory(["Alex"], "3 points", lowest=True) == (
        "Alex gagne avec le total le plus bas (3 points).")
    assert fr.victory(["Alex", "Léo"], "+12") == (
        "Alex et Léo partagent la victoire avec le total le plus haut (+12).")


@pytest.mark.parametrize(("word", "name", "expected"), [
    ("de", "Anke", "d\u2019Anke"), ("de", "Bernd", "de Bernd"), ("de", "Émile", "d\u2019Émile"),
    ("de", "Hugo", "de Hugo"), ("de", "homme", "d\u2019homme"), ("que", "un", "qu\u2019un"),
    ("le", "as", "l\u2019as"), ("la", "Yvette", "l\u2019Yvette"), ("à", "Anke", "à Anke"),
])
def test_elision_before_vowels_and_mute_h_only(word: str, name: str, expected: str) -> None:
    assert fr.elide(word, name) == expected


def test_of_and_ordinals() -> None:
    assert fr.of("Anke") == "d\u2019Anke" and fr.of("Carla") == "de Carla"
    assert (fr.ordinal(1), fr.ordinal(1, feminine=False), fr.ordinal(3)) == ("1re", "1er", "3e")


def test_typography_spaces_punctuation_and_guillemets() -> None:
    assert fr.typography("Règle : « oui » ; non ? Bravo !") == (
        "Règle\u202f: «\u202foui\u202f»\u202f; non\u202f? Bravo\u202f!")
    assert fr.typography("Refusé: la carte") == "Refusé\u202f: la carte"
    assert fr.typography("l'as d'Anke") == "l\u2019as d\u2019Anke"
    assert fr.quote("Vaiko") == "«\u202fVaiko\u202f»"


def test_typography_leaves_urls_times_and_code_alone() -> None:
    for text in ("http://127.0.0.1:8866/voila", "à 10:30", "a?b=c"):
        assert fr.typography(text) == text


@given(st.text(alphabet=st.sampled_from(list("ab :;!?«»' \u00a0\u202f")), max_size=30))
def test_typography_is_idempotent(text: str) -> None:
    once = fr.typography(text)
    assert fr.typography(once) == once


def test_message_capitalises_only_the_first_letter() -> None:
    assert fr.message("la carte 12 : refusée") == "La carte 12\u202f: refusée"
    assert fr.capitalize("éCLAIR") == "ÉCLAIR"


def test_shown_quotes_untrusted_values_without_python_repr() -> None:
    assert fr.shown(12.0) == "«\u202f12.0\u202f»"
    assert fr.shown("Zoé") == "«\u202fZoé\u202f»" and "'" not in fr.shown("Zoé")
    assert fr.shown([1, 2]) == "«\u202f1, 2\u202f»"
    assert fr.shown("x" * 100, limit=5) == "«\u202fxxxx…\u202f»"


def test_typography_html_sets_the_text_only() -> None:
    markup = ('<div style="width: 3rem" title="a: b">Score : 2 / 3 <code>x: 1</code> '
              "l&#x27;as, <b>Alex</b> : 3 « oui »<style>p { margin: 0 }</style></div>")
    assert fr.typography_html(markup) == (
        '<div style="width: 3rem" title="a: b">Score\u202f: 2 / 3 <code>x: 1</code> '
        "l’as, <b>Alex</b>\u202f: 3 «\u202foui\u202f»<style>p { margin: 0 }</style></div>")
    assert fr.typography_html(fr.typography_html(markup)) == fr.typography_html(markup)


def test_punctuation_before_a_closing_guillemet_gets_its_narrow_space() -> None:
    assert fr.typography("« Et si… ? »") == "«\u202fEt si…\u202f?\u202f»"
    assert fr.typography("« Quoi ! »") == fr.typography(fr.typography("« Quoi ! »"))


def test_typography_html_leaves_escaped_characters_whole() -> None:
    # the « ; » ending an escaped quote or bracket is not punctuation: no space before it
    markup = "<p>joueurs = [&quot;Alex&quot;, &quot;Chloé&quot;] ; si a &lt; b : x&amp;y !</p>"
    assert fr.typography_html(markup) == (
        "<p>joueurs = [&quot;Alex&quot;, &quot;Chloé&quot;]\u202f; si a &lt; b\u202f: "
        "x&amp;y\u202f!</p>")
    assert fr.typography_html(fr.typography_html(markup)) == fr.typography_html(markup)


def test_a_percentage_keeps_its_sign_on_its_line() -> None:
    assert fr.typography("à 95 % (la vraie chance)") == "à 95\u202f% (la vraie chance)"
    assert fr.typography("95%, 5\u00a0%") == "95\u202f%, 5\u202f%"
    assert fr.typography("100 % : 3 %") == fr.typography(fr.typography("100 % : 3 %"))
    assert fr.typography_html("<td>48 %</td>") == "<td>48\u202f%</td>"
