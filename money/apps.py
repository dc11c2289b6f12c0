from django.apps import AppConfig


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = "Money"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # the money's part of the tournament file (exports.tournament_file.parts)
        from exports.tournament_file.parts import register
        from money.file_part import PART

        register(PART)
