"""A table's secret link, under ``s/<token>/``: that table's sheet in that series only."""

from django.urls import path

from tournament.views import sheets

urlpatterns = [
    path("", sheets.sheet, name="sheet"),
    path("deal/", sheets.deal_add, name="deal_add"),
    path("deal/<int:number>/", sheets.deal_edit, name="deal_edit"),
    path("deal/<int:number>/insert/", sheets.deal_insert, name="deal_insert"),
    path("preview/", sheets.deal_preview, name="deal_preview"),
    path("penalty/", sheets.penalty_add, name="penalty_add"),
    path("penalty/<int:pk>/delete/", sheets.penalty_delete, name="penalty_delete"),
    path("submit/", sheets.sheet_submit, name="sheet_submit"),
    path("confirm/", sheets.sheet_confirm, name="sheet_confirm"),
    # installed on a phone, the link opens as an app (docs/live.md, "Entry offline")
    path("manifest.webmanifest", sheets.manifest, name="sheet_manifest"),
]
