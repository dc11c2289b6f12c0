from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = "Seasons"
    default_auto_field = "django.db.models.BigAutoField"
