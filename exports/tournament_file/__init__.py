"""A whole tournament as one JSON document (docs/tournament-file.md): written by ``dump``,
checked by ``document`` (the bytes, the format and its version) and ``shape`` (every key, its
type and range, the numbers that refer to each other), read into the database as a new
tournament by ``load`` (every deal scored again by the engine, ``sheets``), and offered to an
organizer as a download and an upload with a preview (``preview``, ``pending``, ``views``)."""
