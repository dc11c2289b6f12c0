"""The PDFs of a tournament, under ``organize/<slug>/`` in the namespace ``printing``."""

from django.urls import path

from printing.views import comparative, seating, sheets

urlpatterns = [
    path("series/<int:number>/table/<int:table>/sheet.pdf", sheets.sheet_pdf, name="sheet_pdf"),
    path("series/<int:number>/sheets.pdf", sheets.series_sheets_pdf, name="series_sheets_pdf"),
    path("series/<int:number>/table-cards.pdf", sheets.table_cards_pdf, name="table_cards_pdf"),
    path("series/<int:number>/print-progress/", sheets.print_progress, name="print_progress"),
    path("series/<int:number>/seating.pdf", seating.seating_pdf, name="seating_pdf"),
    path("series/<int:number>/seat-slips.pdf", seating.seat_slips_pdf, name="seat_slips_pdf"),
]
# comparative Skat: the hands are secret before play (printing/views/comparative.py)
urlpatterns += [
    path("series/<int:number>/hands.pdf", comparative.hands_pdf, name="hands_pdf"),
    path("series/<int:number>/deck-labels.pdf", comparative.deck_labels_pdf,
         name="deck_labels_pdf"),
]
