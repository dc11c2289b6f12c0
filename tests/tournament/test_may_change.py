"""One answer to "may this sheet change" (``confirmation.change_refusal``): the services refuse
with it and the sheet page offers its forms only where it is empty."""

import pytest

from tournament.models import Series, SeriesStatus, SheetStatus, Table, Tournament
from tournament.permissions import Role
from tournament.sheets.confirmation import SheetError, change_refusal, require_open
from tournament.sheets.loaders import TableInfo
from tournament.sheets.page import SheetPage

PLAYING, CONFIRMED = SeriesStatus.PLAYING, SheetStatus.CONFIRMED


def table(series_status=PLAYING, sheet_status=SheetStatus.OPEN) -> Table:
    return Table(series=Series(tournament=Tournament(pk=1), number=2, status=series_status),
                 number=7, sheet_status=sheet_status)


@pytest.mark.parametrize(("series_status", "sheet_status", "role", "seated", "words"), [
    (PLAYING, SheetStatus.OPEN, Role.NONE, 4, ""),
    (PLAYING, SheetStatus.SUBMITTED, Role.NONE, 3, ""),
    (SeriesStatus.SEATED, SheetStatus.OPEN, Role.NONE, 4, ""),
    (SeriesStatus.DRAFT, SheetStatus.OPEN, Role.ORGANIZER, 4, "not published"),
    (PLAYING, SheetStatus.OPEN, Role.ORGANIZER, 5, "has 5 players"),
    (PLAYING, CONFIRMED, Role.NONE, 4, "only an organizer"),
    (PLAYING, CONFIRMED, Role.ASSISTANT, 4, "only an organizer"),
    (SeriesStatus.CONFIRMED, CONFIRMED, Role.ORGANIZER, 4, ""),
    (SeriesStatus.RELEASED, CONFIRMED, Role.ORGANIZER, 4, "reopen this sheet"),
    (SeriesStatus.CORRECTING, CONFIRMED, Role.ORGANIZER, 4, "reopen this sheet"),
])
def test_who_may_change_which_sheet(series_status, sheet_status, role, seated, words):
    sheet = table(series_status, sheet_status)
    refusal = change_refusal(sheet, role, seated)
    assert (words in refusal) if words else refusal == ""
    page = SheetPage(info=TableInfo(sheet, None, {}, (None,) * seated, 48), sheet=None,
                     role=role, rows=[])
    assert page.can_enter is (refusal == "")
    assert SheetPage(info=page.info, sheet=None, role=role, rows=[],
                     read_only=True).can_enter is False


@pytest.mark.django_db
def test_the_service_refuses_with_the_same_words(django_user_model):
    sheet = table(PLAYING, CONFIRMED)
    stranger = django_user_model.objects.create_user("helper")
    with pytest.raises(SheetError) as refused:
        require_open(sheet, stranger, seated=4)  # no role in the tournament
    assert str(refused.value) == change_refusal(sheet, Role.NONE, 4)
    require_open(table(PLAYING, SheetStatus.OPEN), None, seated=4)  # open: anyone
