"""The organizer's downloads and the whole-tournament file, under ``organize/<slug>/``."""

from django.urls import path

from exports import (
    converters,  # noqa: F401  (registers <fmt:…>)
    views,
)

urlpatterns: list = [
    # the organizer's tables as CSV, XLSX or ODS (docs/exports.md)
    path("players.<fmt:fmt>", views.players, name="players"),
    path("audit.<fmt:fmt>", views.audit, name="audit"),
]
