"""What a score sheet on paper says in words (``printing.score_sheets``): its title, the rate
of its settlement ("¼ cent a point") and who answers for a filled sheet."""

from __future__ import annotations

import datetime
from fractions import Fraction

from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.translation import gettext

from tournament.models import SheetStatus
from tournament.models import Table as SheetTable
from tournament.numbers import grouped
from tournament.sheets.loaders import TableInfo


def title(info: TableInfo) -> str:
    return gettext("%(tournament)s · Series %(series)s · Table %(table)s") % {
        "tournament": info.tournament.name, "series": info.table.series.number,
        "table": info.table.number}


def rate_text(rate: Fraction) -> str:
    """"¼ cent a point", "1 cent a point", "0.1 cents a point"."""
    words = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}
    amount = words.get(rate) or (grouped(rate.numerator) if rate.denominator == 1
                                 else number_format(f"{float(rate):g}"))
    if rate > 1:
        return gettext("%(amount)s cents a point") % {"amount": amount}
    return gettext("%(amount)s cent a point") % {"amount": amount}


def _when(moment: datetime.datetime | None) -> str:
    return date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT") if moment else ""


def answered(table: SheetTable) -> str:
    """Who answers for a filled sheet: "Submitted by … · confirmed by …", with the times."""
    if not table.submitted_by:
        return gettext("Not submitted yet: the scorekeeper submits the complete sheet, another "
                       "player of the table confirms it.")
    submitted = _when(table.submitted_at)
    words = (gettext("Submitted by %(name)s (%(when)s)") if submitted
             else gettext("Submitted by %(name)s")) % {"name": table.submitted_by,
                                                        "when": submitted}
    if table.sheet_status != SheetStatus.CONFIRMED or not table.confirmed_by:
        return " · ".join([words, gettext("not confirmed yet")])
    notes = [note for note in (gettext("organizer override") if table.confirmation_override
                               else "", _when(table.confirmed_at)) if note]
    confirmed = (gettext("confirmed by %(name)s (%(notes)s)") if notes
                 else gettext("confirmed by %(name)s")) % {"name": table.confirmed_by,
                                                            "notes": ", ".join(notes)}
    return " · ".join([words, confirmed])
