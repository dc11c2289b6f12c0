"""The live room's public pages, under ``t/<slug>/``."""

from django.urls import path

from live.views import projector

urlpatterns: list = [
    path("projector/", projector.projector_page, name="projector"),
]
