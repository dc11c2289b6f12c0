"""Django's form fields and widgets as the deal form uses them, copied quickly.

Django copies every field of a form, and each field's widget, for each form it builds
(``copy.deepcopy`` of the class's fields, which calls ``copy.copy`` of each: through
pickling's protocol, the larger part of building the deal form's 25 fields). A field's and a
widget's state is their ``__dict__``; ``__copy__`` copies it as that protocol does, in a
third of the time. A choice field's and a select's choices are flat (value, label) pairs,
immutable: the copy takes the pairs as they are, where Django copies each pair deeply and
normalizes the select's again; choices set as plain (value, label) pairs are taken as
Django's normalizing would give them back, once for the field and its select. Same classes
otherwise, same names (``BoundField.widget_type`` reads the widget's class name).
"""

from __future__ import annotations

import copy

from django import forms
from django.utils.choices import normalize_choices


class QuickCopy:
    def __copy__(self):
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        return clone


def _pairs(choices):
    """A copy of normalized choices: a new list of the same pairs (a lazy iterator copied)."""
    return list(choices) if isinstance(choices, list) else copy.copy(choices)


class Select(QuickCopy, forms.Select):
    def __deepcopy__(self, memo):
        clone = copy.copy(self)
        clone.attrs = self.attrs.copy()
        clone._choices = _pairs(self._choices)
        memo[id(self)] = clone
        return clone


class NumberInput(QuickCopy, forms.NumberInput):
    pass


class CheckboxInput(QuickCopy, forms.CheckboxInput):
    pass


class HiddenInput(QuickCopy, forms.HiddenInput):
    pass


def _normalized(choices):
    """``normalize_choices``, which gives plain (value, label) pairs back as they are."""
    if isinstance(choices, list) and all(
            type(pair) is tuple and len(pair) == 2 and isinstance(pair[1], str)
            for pair in choices):
        return list(choices)
    return normalize_choices(choices)


class _QuickChoices(QuickCopy):
    def __deepcopy__(self, memo):
        clone = forms.Field.__deepcopy__(self, memo)  # the widget, its messages, validators
        clone._choices = _pairs(self._choices)
        return clone

    @property
    def choices(self):
        return self._choices

    @choices.setter
    def choices(self, value):
        self._choices = _normalized(value)
        self.widget._choices = _pairs(self._choices)  # the select's: normalized already


class ChoiceField(_QuickChoices, forms.ChoiceField):
    widget = Select


class TypedChoiceField(_QuickChoices, forms.TypedChoiceField):
    widget = Select


class IntegerField(QuickCopy, forms.IntegerField):
    widget = NumberInput


class BooleanField(QuickCopy, forms.BooleanField):
    widget = CheckboxInput
