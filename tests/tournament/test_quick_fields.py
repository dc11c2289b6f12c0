"""The deal form's quickly copied fields (``tournament.sheets.fields``) are Django's fields:
the same state after a form copies them, the same choices after they are set."""

import copy

from django import forms

from tournament.sheets import fields as quick
from tournament.sheets.forms import DealForm

PAIRS = [("", "–"), (1, "1 Anna Becker"), (2, "2 Bernd Cramer")]


def _state(field) -> dict:
    state = {k: v for k, v in vars(field).items() if k != "widget"}
    return {**state, "widget": (type(field.widget).__name__, vars(field.widget))}


def test_a_copied_form_field_has_the_state_of_djangos_copy():
    for name, field in DealForm.base_fields.items():
        django_class = getattr(forms, type(field).__name__)
        assert isinstance(field, django_class), name
        mine = copy.deepcopy(field)
        theirs = django_class.__deepcopy__(field, {})
        assert _state(mine) == _state(theirs), name
        assert mine is not field and mine.widget is not field.widget
        assert mine.widget.attrs is not field.widget.attrs
        if hasattr(field, "_choices"):
            assert mine._choices is not field._choices
            assert mine.widget._choices is not field.widget._choices


def test_choices_set_are_djangos_normalized_choices():
    mine, theirs = quick.TypedChoiceField(coerce=int), forms.TypedChoiceField(coerce=int)
    for choices in (PAIRS, [], [("a", "A"), ("Group", [("b", "B")])], {"x": "X"}):
        mine.choices, theirs.choices = choices, choices
        assert mine.choices == theirs.choices and mine.widget.choices == theirs.widget.choices
        assert mine.widget.choices is not mine.choices  # the select's own list, as Django's
