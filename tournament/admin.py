"""Admin registrations: a back door for organizers; the site's own pages do the daily work."""

from django.contrib import admin

from tournament.models import (
    AuditEntry,
    Club,
    Entry,
    KeepApart,
    Player,
    Seat,
    Series,
    Table,
    Tournament,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    search_fields = ["name", "city"]
    list_display = ["name", "city"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["first_name", "last_name"]
    list_display = ["last_name", "first_name", "created_at"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "start_date", "rule_set", "scoring_system", "public"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers", "assistants"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    list_display = ["number", "last_name", "first_name", "club", "tournament", "checked_in",
                    "withdrawn"]
    list_filter = ["tournament", "checked_in", "withdrawn"]
    search_fields = ["first_name", "last_name"]
    list_select_related = ["club", "tournament"]
    raw_id_fields = ["player"]


@admin.register(KeepApart)
class KeepApartAdmin(admin.ModelAdmin):
    list_display = ["tournament", "first", "second", "reason"]
    raw_id_fields = ["first", "second"]


@admin.register(Series)
class SeriesAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "status", "seating_method", "seed", "repeat_pairs"]
    list_filter = ["tournament", "status"]


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = ["series", "number"]
    list_filter = ["series__tournament"]


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["series", "table", "position", "entry"]
    list_select_related = ["series", "table", "entry"]
    raw_id_fields = ["entry", "table"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "actor", "action", "subject"]
    list_filter = ["action"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False  # the audit log is never edited
