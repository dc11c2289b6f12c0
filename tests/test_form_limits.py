"""Every integer field of the site's forms has a range its database column can hold."""

import importlib
import inspect
import pkgutil

import pytest
from django import forms
from django.db.backends.base.operations import BaseDatabaseOperations

import scoring
import tournament
import tournament.sheets.forms

INT_MIN, INT_MAX = BaseDatabaseOperations.integer_field_ranges["IntegerField"]
# every module named forms in the apps, so a new one is checked without being listed here
MODULES = [importlib.import_module(info.name)
           for app in (tournament, scoring)
           for info in pkgutil.walk_packages(app.__path__, f"{app.__name__}.")
           if info.name.rsplit(".", 1)[-1] == "forms"]
FORMS = sorted({cls for module in MODULES for _, cls in inspect.getmembers(module, inspect.isclass)
                if issubclass(cls, forms.BaseForm) and cls.__module__ == module.__name__},
               key=lambda cls: f"{cls.__module__}.{cls.__name__}")


def integer_fields(form_class):
    fields = dict(form_class.base_fields)
    if form_class is tournament.sheets.forms.ConfirmForm:
        fields.update(form_class(seats=4, blind=True).fields)  # the blind totals
    return {name: f for name, f in fields.items() if isinstance(f, forms.IntegerField)}


def test_the_forms_are_found():
    names = {cls.__name__ for cls in FORMS}
    assert {"PlayerForm", "KeepApartForm", "DealForm", "ConfirmForm", "TeamForm",
            "CustomPrizeForm", "TournamentForm", "SwapForm"} <= names


@pytest.mark.parametrize("form_class", FORMS, ids=lambda cls: cls.__name__)
def test_every_integer_field_has_a_max_value_the_database_holds(form_class):
    for name, field in integer_fields(form_class).items():
        assert field.max_value is not None, f"{form_class.__name__}.{name} has no max_value"
        assert field.max_value <= INT_MAX, f"{form_class.__name__}.{name}"
        assert field.min_value is not None and field.min_value >= INT_MIN, (
            f"{form_class.__name__}.{name} has no min_value")
        assert any(getattr(v, "limit_value", None) == field.max_value for v in field.validators)


@pytest.mark.django_db
@pytest.mark.parametrize("field", ["series_count", "deals_per_player"])
def test_a_tournament_of_more_than_99_series_or_deals_is_refused(field):
    data = {"name": "Cup", "start_date": "2027-05-01", "rule_set": "nasl-1908",
            "scoring_system": "league", "series_count": "3", "deals_per_player": "12",
            "table_policy": "prefer_four", field: "100"}
    form = tournament.forms.TournamentForm(data)
    assert not form.is_valid()
    assert form.errors[field] == ["Ensure this value is less than or equal to 99."]
    data[field] = "99"
    assert tournament.forms.TournamentForm(data).is_valid()
