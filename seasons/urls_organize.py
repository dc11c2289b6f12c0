"""A club's pages for its organizers, under ``organize/clubs/`` (docs/seasons.md)."""

from django.urls import path

from seasons.views import clubs, season_settings

urlpatterns = [
    path("clubs/", clubs.club_list, name="clubs"),
    path("clubs/<int:club>/", clubs.club_page, name="club"),
    path("clubs/<int:club>/members/", clubs.members, name="members"),
    path("clubs/<int:club>/organizers/", clubs.club_organizers, name="club_organizers"),
    path("clubs/<int:club>/next-evening/", clubs.next_evening, name="next_evening"),
    path("clubs/<int:club>/seasons/new/", season_settings.season_create, name="season_create"),
    path("clubs/<int:club>/seasons/<slug:season>/rules/", season_settings.season_edit,
         name="season_edit"),
]
