"""Every click handler registered with the one dispatcher, and the DynamicItems the client adds (import this)."""

from bot.views import again_clicks, lobby_clicks, look_clicks, stop_clicks, turn_clicks
from bot.views.click import dispatch
from bot.views.items import DYNAMIC_ITEMS, dispatch_clicks_to

dispatch_clicks_to(dispatch)

__all__ = ["DYNAMIC_ITEMS", "again_clicks", "lobby_clicks", "look_clicks", "stop_clicks", "turn_clicks"]
