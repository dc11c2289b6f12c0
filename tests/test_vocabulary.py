"""One vocabulary across the apps: each word is defined once, in the engine or a pure module,
and the models' choices, the forms and the pages take it from there."""

import engine
from engine import FLAGS, Revoker, Suit
from scoring import standings
from tournament import demo, models
from tournament.seating import algorithms
from tournament.sheets import forms, page


def test_scoring_system_is_the_engines():
    assert models.ScoringSystem is engine.ScoringSystem
    assert standings.ScoringSystem is engine.ScoringSystem
    field = models.Tournament._meta.get_field("scoring_system")
    assert field.choices == [(s.value, s.label) for s in engine.ScoringSystem]
    assert field.default == "league"


def test_table_policy_is_the_seating_algorithms():
    assert models.TablePolicy is algorithms.TablePolicy
    assert [(p.value, p.label) for p in algorithms.TablePolicy] == [
        ("prefer_four", "As many four-tables as possible"),
        ("three_only", "Three-tables only"),
        ("four_only", "Four-tables only"),
    ]
    field = models.Tournament._meta.get_field("table_policy")
    assert field.choices == [(p.value, p.label) for p in algorithms.TablePolicy]
    assert field.default == "prefer_four"


def test_the_deal_form_has_a_checkbox_for_every_flag_of_the_record():
    assert all(getattr(module, "FLAGS", FLAGS) is FLAGS for module in (forms, page))
    booleans = {name for name, f in forms.DealForm.base_fields.items()
                if f.__class__.__name__ == "BooleanField"}
    assert booleans - {"without"} == set(FLAGS)
    assert set(FLAGS) <= set(page.FIELD_ORDER)


def test_suit_and_revoke_choices_come_from_the_engine():
    trump = forms.DealForm.base_fields["trump"]
    assert [key for key, _ in trump.choices][1:] == ["clubs", "spades", "hearts", "diamonds"]
    assert dict(trump.choices)["hearts"] == "♥ Hearts"
    revoke = forms.DealForm.base_fields["revoke"]
    assert [key for key, _ in revoke.choices] == ["", *Revoker]
    assert dict(revoke.choices)[Revoker.OPPONENT] == Revoker.OPPONENT.label


def test_the_demo_uses_the_engines_words():
    assert sorted(Suit, reverse=True) == demo.SUITS  # clubs first, the engine's own suits
    assert all(isinstance(key, engine.GameKey) for key in demo.GAME_WEIGHTS)


def test_custom_prize_kinds_are_the_prize_modules():
    from scoring.models import CustomPrize
    from scoring.prizes import PrizeKind

    field = CustomPrize._meta.get_field("kind")
    assert field.choices == [(k.name, k.label) for k in PrizeKind]
    assert PrizeKind.LOWEST_POINTS.label == "Lowest Points (booby prize)"
