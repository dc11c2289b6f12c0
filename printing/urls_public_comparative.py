"""Comparative Skat's public PDFs, under ``t/<slug>/`` beside the pages that show the same:
each view has its page's ``public_page`` rule (released series only for the public)."""

from django.urls import path

from printing.views import comparative

urlpatterns = [
    path("series/<int:number>/hands.pdf", comparative.public_hands_pdf, name="public_hands_pdf"),
    path("comparative/standings.pdf", comparative.standings_pdf, name="comparative_pdf"),
    path("comparative/series/<int:number>/standings.pdf", comparative.series_standings_pdf,
         name="comparative_series_pdf"),
    path("comparative/series/<int:number>/travellers.pdf", comparative.travellers_pdf,
         name="travellers_pdf"),
    path("comparative/series/<int:number>/deck/<int:deck>/traveller.pdf",
         comparative.traveller_pdf, name="traveller_pdf"),
]
