from django.apps import AppConfig


class MoneyConfig(AppConfig):
    name = "money"
    verbose_name = "Money"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The inner rings offer hooks and money fills them (they never import money): the
        # prize money beside the places of the standings, the money's part of the file.
        from exports.tournament_file.parts import register
        from money.columns import prize_money
        from money.file_part import PART
        from scoring.results.extras import register_standings_column

        register_standings_column("prize_money", prize_money)
        register(PART)
