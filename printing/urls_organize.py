"""The PDFs of a tournament, under ``organize/<slug>/`` in the namespace ``printing``."""

from django.urls import path

from printing import views

urlpatterns = [
    path("series/<int:number>/table/<int:table>/sheet.pdf", views.sheet_pdf, name="sheet_pdf"),
    path("series/<int:number>/sheets.pdf", views.series_sheets_pdf, name="series_sheets_pdf"),
    path("series/<int:number>/table-cards.pdf", views.table_cards_pdf, name="table_cards_pdf"),
]
