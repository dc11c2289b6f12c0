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
from tournament.versions import changed_on_commit


class ChangesResults(admin.ModelAdmin):
    """The admin writes no audit entry: the cached results of the tournaments it touched are
    told directly (``versions.changed``)."""

    def tournaments_of(self, obj) -> list[int]:
        return [obj.tournament_id]

    def save_model(self, request, obj, form, change):
        # an edit may move the row to another tournament: both are told
        before = (self.tournaments_of(type(obj).objects.get(pk=obj.pk))
                  if change and obj.pk else [])
        super().save_model(request, obj, form, change)
        changed_on_commit([*before, *self.tournaments_of(obj)])

    def delete_model(self, request, obj):
        touched = self.tournaments_of(obj)
        super().delete_model(request, obj)
        changed_on_commit(touched)

    def delete_queryset(self, request, queryset):
        touched = [t for obj in queryset for t in self.tournaments_of(obj)]
        super().delete_queryset(request, queryset)
        changed_on_commit(touched)


@admin.register(Club)
class ClubAdmin(ChangesResults):
    search_fields = ["name", "city"]
    list_display = ["name", "city"]

    def tournaments_of(self, obj) -> list[int]:
        return list(obj.entries.values_list("tournament_id", flat=True).distinct())


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    search_fields = ["first_name", "last_name"]
    list_display = ["last_name", "first_name", "created_at"]


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Tournament)
class TournamentAdmin(ChangesResults):
    list_display = ["name", "start_date", "rule_set", "scoring_system", "public"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["organizers", "assistants"]

    def tournaments_of(self, obj) -> list[int]:
        return [obj.pk]


@admin.register(Entry)
class EntryAdmin(ChangesResults):
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
class SeriesAdmin(ChangesResults):
    list_display = ["tournament", "number", "status", "seating_method", "seed", "repeat_pairs"]
    list_filter = ["tournament", "status"]


@admin.register(Table)
class TableAdmin(ChangesResults):
    list_display = ["series", "number"]
    list_filter = ["series__tournament"]

    def tournaments_of(self, obj) -> list[int]:
        return [obj.series.tournament_id]


@admin.register(Seat)
class SeatAdmin(ChangesResults):
    list_display = ["series", "table", "position", "entry"]
    list_select_related = ["series", "table", "entry"]
    raw_id_fields = ["entry", "table"]

    def tournaments_of(self, obj) -> list[int]:
        return [obj.series.tournament_id]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "tournament", "actor", "action", "subject"]
    list_filter = ["action"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    def has_change_permission(self, request, obj=None):
        return False  # the audit log is never edited
