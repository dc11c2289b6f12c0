from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    label = "scoring"
    verbose_name = _("Scoring")

    def ready(self):
        # the audit log says the results' stored settings in the reader's language (the
        # tournament app, an inner ring, cannot import them)
        from scoring.models import CustomPrize, MissingDeals, Substitutes
        from tournament.audit_words import register_values

        register_values("kind", CustomPrize.KINDS)
        register_values("substitutes", Substitutes.choices)
        register_values("missing_deals", MissingDeals.choices)
