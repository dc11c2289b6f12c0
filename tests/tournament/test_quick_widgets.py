"""``sheets.widgets.QuickWidgets`` writes the sheet's inputs and selects exactly as Django's
widget templates do (the page is rendered after every deal: the templates cost a third of it)."""

import re
from pathlib import Path

import pytest
from django.forms.renderers import DjangoTemplates
from django.template import Context, Template

from tournament.models import Deal
from tournament.sheets.entry_forms import edit_deal_form, form_fields, new_deal_form
from tournament.sheets.forms import (
    ConfirmForm,
    DealForm,
    EndSheetForm,
    PenaltyForm,
    SubmitForm,
    SubstituteForm,
)
from tournament.sheets.services import table_info
from tournament.sheets.widgets import QUICK

pytestmark = pytest.mark.django_db

ODD = 'Anna <b>&amp; "Ann\'s" & Co</b>'


def assert_same_markup(form):
    assert form.renderer is QUICK
    loaded = []
    QUICK.get_template = lambda name: loaded.append(name)  # the quick path loads none
    try:
        quick = {b.name: str(b) for b in form}
    finally:
        del QUICK.get_template
    assert loaded == []
    form.renderer = DjangoTemplates()
    django = {b.name: str(b) for b in form}
    assert quick == django
    return quick


def test_every_field_of_the_sheets_forms_is_written_as_django_writes_it(four):
    info = table_info(four)
    blank = new_deal_form(info, 1)
    blank.fields["declarer"].choices = [("", "–"), (1, ODD), (2, "Bert")]
    written = assert_same_markup(blank)
    assert "autofocus" in written["game"] and "&lt;b&gt;" in written["declarer"]
    posted = new_deal_form(info, 1, {"game": "solo", "declarer": "2", "trump": "hearts",
                                     "matadors": '"><script>', "card_points": "95",
                                     "hand": "on", "version": "-3", "number": "x"})
    assert not posted.is_valid()
    written = assert_same_markup(posted)
    assert 'value="&quot;&gt;&lt;script&gt;"' in written["matadors"]
    assert "checked" in written["hand"] and "selected" in written["trump"]
    deal = Deal(table=four, number=1, dealer=1, declarer=2, version=3,
                record={"game": "grand", "matadors": -2, "card_points": 70})
    assert_same_markup(edit_deal_form(info, deal))
    assert_same_markup(DealForm(info, 2, {"game": "null"}))
    for form in (PenaltyForm(info, initial={"version": 4, "deal": 2}),
                 PenaltyForm(info, {"seat": "9", "reason": "other", "points": "x"}),
                 SubstituteForm(info, initial={"from_deal": 3}), EndSheetForm(),
                 ConfirmForm(seats=4, blind=True), ConfirmForm({"name": ODD}, seats=3,
                                                               blind=True),
                 SubmitForm(initial={"name": ODD})):
        if form.is_bound:
            form.is_valid()
        assert_same_markup(form)


# the loop _deal_form.html had before ``{% deal_form_fields %}`` wrote it
LOOP = (Path(__file__).parent / "deal_fields_before.html").read_text()


def words(html: str) -> str:
    return re.sub(r"\s+", " ", html).replace("> <", "><").strip()


def test_the_deal_forms_fields_are_written_as_the_template_wrote_them(four):
    info = table_info(four)
    deal = Deal(table=four, number=1, dealer=1, declarer=2, version=3,
                record={"game": "grand", "matadors": -2, "card_points": 70})
    bad = new_deal_form(info, 1, {"game": "grand", "declarer": "2", "matadors": "12",
                                  "without": "maybe", "card_points": "130", "version": "0"})
    bad.fields["card_points"].help_text = ODD  # before its bound fields are made
    assert not bad.is_valid() and "matadors" in bad.errors
    for form in (new_deal_form(info, 1), edit_deal_form(info, deal), bad):
        context = Context({"form": form, "fields": form_fields(form)})
        template = Template(LOOP).render(context)
        tag = Template("{% load sheets %}{% deal_form_fields form fields %}").render(context)
        assert words(tag) == words(template)
        assert 'data-field="matadors"' in tag
    assert "has-error" in tag
    assert "&lt;b&gt;" in tag

