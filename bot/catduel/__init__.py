"""Cat Duel at a Discord table: the lobby's cat pick, the public table, the private Choose your move step."""
