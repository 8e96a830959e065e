"""The game: its models, its scored state and clock, its JSON, API, pages and offline app."""
