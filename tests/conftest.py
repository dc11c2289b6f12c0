"""Settings of the whole suite."""

from hypothesis import settings

# Hypothesis checks properties, not speed: its per-example deadline would make a property fail
# on a busy machine (speed is measured in bench/, never by the unit tests).
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")
