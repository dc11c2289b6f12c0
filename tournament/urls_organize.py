"""Organizers' and assistants' pages of the tournament app, under ``organize/``.

Who may open each is decided by the view's decorator (``tournament.permissions``).
"""

from django.urls import path

from tournament.views import (
    absence,
    accounts,
    comparative,
    organize,
    players,
    privacy,
    series,
    sheets,
)

urlpatterns = [
    path("", organize.tournament_list, name="list"),
    path("new/", organize.tournament_create, name="create"),
    path("<slug:slug>/", organize.dashboard, name="dashboard"),
    path("<slug:slug>/edit/", organize.tournament_edit, name="edit"),
    path("<slug:slug>/audit/", organize.audit_log, name="audit"),
    path("<slug:slug>/anonymize/", privacy.anonymize_tournament, name="anonymize"),
    path("<slug:slug>/staff/", accounts.staff_page, name="staff"),
    path("<slug:slug>/staff/<int:user_id>/remove/", accounts.staff_remove, name="staff_remove"),
    path("<slug:slug>/comparative/", comparative.comparative_settings, name="comparative"),
    # registration and the door
    path("<slug:slug>/players/", players.player_list, name="players"),
    path("<slug:slug>/players/add/", players.player_add, name="player_add"),
    path("<slug:slug>/players/import/", players.player_import, name="player_import"),
    path("<slug:slug>/players/<int:number>/", players.entry_edit, name="entry_edit"),
    path("<slug:slug>/players/<int:number>/check-in/", players.entry_check_in,
         name="entry_check_in"),
    path("<slug:slug>/players/<int:number>/withdraw/", players.entry_withdraw,
         name="entry_withdraw"),
    path("<slug:slug>/door/", players.door, name="door"),
    path("<slug:slug>/clubs/", players.club_list, name="clubs"),
    path("<slug:slug>/clubs/<int:club>/", players.club_detail, name="club"),
    path("<slug:slug>/keep-apart/", players.keep_apart, name="keep_apart"),
    # seating
    path("<slug:slug>/series/<int:number>/", series.series_plan, name="series"),
    path("<slug:slug>/series/<int:number>/seat/", series.series_seat, name="series_seat"),
    path("<slug:slug>/series/<int:number>/swap/", series.series_swap, name="series_swap"),
    path("<slug:slug>/series/<int:number>/move/", series.series_move, name="series_move"),
    path("<slug:slug>/series/<int:number>/late/", series.series_seat_late,
         name="series_seat_late"),
    path("<slug:slug>/series/<int:number>/sit-out/", series.series_sit_out,
         name="series_sit_out"),
    path("<slug:slug>/series/<int:number>/publish/", series.series_publish,
         name="series_publish"),
    # every table's sheet
    path("<slug:slug>/series/<int:number>/sheets/", sheets.series_sheets_page,
         name="series_sheets"),
    path("<slug:slug>/series/<int:number>/table/<int:table>/sheet/", sheets.organizer_sheet,
         name="organizer_sheet"),
    path("<slug:slug>/series/<int:number>/table/<int:table>/deal/<int:deal>/delete/",
         sheets.deal_delete, name="deal_delete"),
    path("<slug:slug>/series/<int:number>/table/<int:table>/reopen/", sheets.sheet_reopen,
         name="sheet_reopen"),
    # a table that cannot finish: a substitute, or the sheet ended early
    path("<slug:slug>/series/<int:number>/table/<int:table>/substitute/",
         absence.substitute_add, name="substitute_add"),
    path("<slug:slug>/series/<int:number>/table/<int:table>/substitute/<int:pk>/remove/",
         absence.substitute_remove, name="substitute_remove"),
    path("<slug:slug>/series/<int:number>/table/<int:table>/end/", absence.sheet_end,
         name="sheet_end"),
    path("<slug:slug>/series/<int:number>/table/<int:table>/end/undo/",
         absence.sheet_end_undo, name="sheet_end_undo"),
]
