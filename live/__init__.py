"""The live room (issue 24): pages that update themselves while the room plays, the
director's board and the projector view. Every number is read from the results the other
apps compute; this app only shows them as they move (docs/live.md)."""
