"""pnp's Python API, for notebooks and scripts; every `pnp` command calls the same recipes.

    from pnp.api import open_project

    project = open_project("my-project")       # the folder holding content/, or one below it
    project.games                               # ['my-game']
    project.validate("my-game").ok              # True: every check passed
    built = project.build("my-game")            # one GameBuild a game: state, files, drawn, diagnostics
    card = project.render_card("my-game", "scout")  # PNGs; in a notebook the front shows itself

Each recipe also stands alone, with a frozen request record and a report it returns (it never prints): build_games
(BuildRequest), validate_games (ValidateRequest), playtest_games (PlaytestRequest), preview_games (PreviewRequest),
diff_games (DiffRequest), export_rules (RulesRequest), export_deck (DeckExportRequest), render_card (CardRequest),
list_games, make_project, add_game, write_schemas. They are imported from their modules (pnp.api.build, ...): this
package imports them only when `open_project` is first used, so a command or a script starts quickly.
"""
__all__ = ["Project", "open_project"]


def __getattr__(name: str):
    """`Project` and `open_project`, imported when first asked for: a command importing one recipe (`pnp list`'s
    pnp.api.games) does not pay for all of them."""
    if name in __all__:
        from pnp.api import project

        return getattr(project, name)
    raise AttributeError(f"module 'pnp.api' has no attribute '{name}'")
