"""The whole-tournament file's pages under ``organize/``: a tournament's download (its
organizers), and a new tournament from a file (any account, as ``tournament:create``), which
belongs to no tournament yet. "new/from-file/" lies beside ``organize/new/``, where no
tournament's short name can stand."""

from django.urls import path

from exports.tournament_file import views

urlpatterns = [
    path("new/from-file/", views.upload, name="tournament_file_upload"),
    path("new/from-file/preview/", views.preview, name="tournament_file_preview"),
    path("<slug:slug>/tournament-file/", views.download, name="tournament_file"),
]
