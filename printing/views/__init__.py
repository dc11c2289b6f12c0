"""The PDF views, a module per kind of document; `common` holds what they share."""
