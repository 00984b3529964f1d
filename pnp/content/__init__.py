"""A game's content loaded, bound to its layouts, found in a project; lists, exports, starters, schemas."""
