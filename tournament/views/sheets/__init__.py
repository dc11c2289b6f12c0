"""Score sheets: a table's secret link for its scorekeeper, and the organizer's sheet pages.

Everything under ``s/<token>/`` acts on the one table the token names. Anyone with the link
enters and corrects that table's deals; the tournament's assistants do the same for every table;
deleting deals, removing an organizer's penalty and reopening a sheet are for organizers.

``requests``: what every sheet view reads of the request; ``entry``: the sheet and its deals;
``steps``: penalties, submitting and confirming; ``edits``: deleting and inserting deals;
``series``: the organizer's way in and a series' tables; ``offline``: the link's service worker,
its manifest and what the page's outbox reads (entry without network).
"""

from tournament.sheets.page import SHEETS_PER_PAGE
from tournament.views.sheets.edits import deal_delete, deal_insert
from tournament.views.sheets.entry import deal_add, deal_edit, deal_preview, sheet
from tournament.views.sheets.offline import manifest, service_worker
from tournament.views.sheets.series import organizer_sheet, series_sheets_page, sheet_reopen
from tournament.views.sheets.steps import (
    penalty_add,
    penalty_delete,
    sheet_confirm,
    sheet_submit,
)

__all__ = [
    "SHEETS_PER_PAGE", "deal_add", "deal_delete", "deal_edit", "deal_insert", "deal_preview",
    "manifest", "organizer_sheet", "penalty_add", "penalty_delete", "series_sheets_page", "sheet",
    "service_worker", "sheet_confirm", "sheet_reopen", "sheet_submit",
]
