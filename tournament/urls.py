from django.urls import path, register_converter

from tournament.parsing import TokenConverter
from tournament.views import accounts, organize, players, public, series, sheets

register_converter(TokenConverter, "token")

app_name = "tournament"

urlpatterns = [
    # organizers
    path("organize/", organize.tournament_list, name="list"),
    path("organize/new/", organize.tournament_create, name="create"),
    path("organize/<slug:slug>/", organize.dashboard, name="dashboard"),
    path("organize/<slug:slug>/edit/", organize.tournament_edit, name="edit"),
    path("organize/<slug:slug>/audit/", organize.audit_log, name="audit"),
    path("organize/<slug:slug>/staff/", accounts.staff_page, name="staff"),
    path("organize/<slug:slug>/staff/<int:user_id>/remove/", accounts.staff_remove,
         name="staff_remove"),
    path("organize/<slug:slug>/players/", players.player_list, name="players"),
    path("organize/<slug:slug>/players/add/", players.player_add, name="player_add"),
    path("organize/<slug:slug>/players/import/", players.player_import, name="player_import"),
    path("organize/<slug:slug>/players/<int:number>/", players.entry_edit, name="entry_edit"),
    path("organize/<slug:slug>/players/<int:number>/check-in/", players.entry_check_in,
         name="entry_check_in"),
    path("organize/<slug:slug>/players/<int:number>/withdraw/", players.entry_withdraw,
         name="entry_withdraw"),
    path("organize/<slug:slug>/door/", players.door, name="door"),
    path("organize/<slug:slug>/clubs/", players.club_list, name="clubs"),
    path("organize/<slug:slug>/keep-apart/", players.keep_apart, name="keep_apart"),
    path("organize/<slug:slug>/series/<int:number>/", series.series_plan, name="series"),
    path("organize/<slug:slug>/series/<int:number>/seat/", series.series_seat,
         name="series_seat"),
    path("organize/<slug:slug>/series/<int:number>/swap/", series.series_swap,
         name="series_swap"),
    path("organize/<slug:slug>/series/<int:number>/move/", series.series_move,
         name="series_move"),
    path("organize/<slug:slug>/series/<int:number>/publish/", series.series_publish,
         name="series_publish"),
    # the room and the public
    path("t/<slug:slug>/", public.tournament_page, name="public"),
    path("t/<slug:slug>/series/<int:number>/tables/", public.chart_by_table, name="chart"),
    path("t/<slug:slug>/series/<int:number>/players/", public.chart_by_player, name="where"),
    path("t/<slug:slug>/series/<int:number>/table/<int:table>/", public.table_page,
         name="table"),
    # score sheets: the table's secret link, and the organizer's sheet pages
    path("s/<token:token>/", sheets.sheet, name="sheet"),
    path("s/<token:token>/deal/", sheets.deal_add, name="deal_add"),
    path("s/<token:token>/deal/<int:number>/", sheets.deal_edit, name="deal_edit"),
    path("s/<token:token>/preview/", sheets.deal_preview, name="deal_preview"),
    path("s/<token:token>/penalty/", sheets.penalty_add, name="penalty_add"),
    path("s/<token:token>/penalty/<int:pk>/delete/", sheets.penalty_delete,
         name="penalty_delete"),
    path("s/<token:token>/submit/", sheets.sheet_submit, name="sheet_submit"),
    path("s/<token:token>/confirm/", sheets.sheet_confirm, name="sheet_confirm"),
    path("organize/<slug:slug>/series/<int:number>/table/<int:table>/sheet/",
         sheets.organizer_sheet, name="organizer_sheet"),
    path("organize/<slug:slug>/series/<int:number>/table/<int:table>/deal/<int:deal>/delete/",
         sheets.deal_delete, name="deal_delete"),
    path("organize/<slug:slug>/series/<int:number>/table/<int:table>/reopen/",
         sheets.sheet_reopen, name="sheet_reopen"),
    path("organize/<slug:slug>/series/<int:number>/sheets/", sheets.series_sheets_page,
         name="series_sheets"),
]
