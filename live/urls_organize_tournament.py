"""The live room's staff pages, under ``organize/<slug>/``."""

from django.urls import path

from live.views import board, projector

urlpatterns: list = [
    path("series/<int:number>/board/", board.series_board, name="board"),
    path("projector/", projector.projector_form, name="projector_form"),
]
