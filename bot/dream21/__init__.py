"""Dream 21 in Discord: what the bot adds for the second game (its words so far; its views come with issue 13)."""
