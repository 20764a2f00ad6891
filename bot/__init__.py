"""The Dreamcats Discord bot: commands, views, the game service, storage and configuration.

Where RULES.md and the issues are silent, the bot does what players would expect:

- Wake up! asks for a private confirmation first; a confirmation from an earlier moment is refused.
- Every turn button carries the move number, so a double click or a button from an earlier turn acts at most once.
- A person presses My dream (or any turn button) to make the initial peek; for a person whose turn timed out first
  the stand-in peeks, and My dream then shows them those two cards once, privately, for the reveal time.
- Timed-out turns, handed-over seats and the seats of people who left are played by the normal computer player.
- A person who leaves a running match is recorded with a loss and cannot share the win (§7 setting).
- A lobby nobody touches for 30 minutes closes itself, so an abandoned lobby never blocks a channel.
- `/dreamcats stop` ends the game without recording a result; so does deleting its channel or thread, archiving or
  locking its thread, or removing the bot from the server (bot.places_gone), at once.
- Computer players take part in rating updates with a fixed rating per strength and are never listed.
- Reveals vanish after the reveal time, also when the bot restarted in between (the deadline is stored).
- A private button of a game that is over turns into a line saying so (its buttons are removed).
"""
