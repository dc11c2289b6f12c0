"""Django's form fields and widgets as the deal form uses them, copied quickly.

Django copies every field of a form, and each field's widget, for each form it builds
(``copy.deepcopy`` of the class's fields, which calls ``copy.copy`` of each: through
pickling's protocol, the larger part of building the deal form's 25 fields). A field's and a
widget's state is their ``__dict__``; ``__copy__`` copies it as that protocol does, in a
third of the time. Same classes otherwise, same names (``BoundField.widget_type`` reads the
widget's class name).
"""

from __future__ import annotations

from django import forms


class QuickCopy:
    def __copy__(self):
        clone = object.__new__(type(self))
        clone.__dict__.update(self.__dict__)
        return clone


class Select(QuickCopy, forms.Select):
    pass


class NumberInput(QuickCopy, forms.NumberInput):
    pass


class CheckboxInput(QuickCopy, forms.CheckboxInput):
    pass


class HiddenInput(QuickCopy, forms.HiddenInput):
    pass


class ChoiceField(QuickCopy, forms.ChoiceField):
    widget = Select


class TypedChoiceField(QuickCopy, forms.TypedChoiceField):
    widget = Select


class IntegerField(QuickCopy, forms.IntegerField):
    widget = NumberInput


class BooleanField(QuickCopy, forms.BooleanField):
    widget = CheckboxInput
