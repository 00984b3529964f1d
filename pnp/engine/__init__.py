"""The generic engine API, effect vocabularies, playout runner and coverage."""
