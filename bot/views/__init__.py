"""The Discord side of a table: messages, buttons (DynamicItems) and the handlers behind them.

Empty on purpose: importing any module here runs this file first, so it imports nothing (bot.views.handlers
registers the click handlers).
"""
