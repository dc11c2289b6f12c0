from django.apps import AppConfig


class TournamentConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournament"
    label = "tournament"
    verbose_name = "Tournaments"
