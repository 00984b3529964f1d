"""The game packages that ship with pnp, one per game: `pnp.games.<name>`, named by a game.yaml's
`plugin:` key (see pnp.content.discovery). Generic code never imports them by name."""
