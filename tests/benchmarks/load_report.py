"""The load benchmark's printed figures."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tests.benchmarks.load_people import Tally


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` of the values lie (0 for none)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _ms(values: list[float]) -> str:
    return " ".join(f"{name} {percentile(values, q) * 1000:.1f}" for name, q in
                    (("p50", 0.5), ("p90", 0.9), ("p99", 0.99))) + f" max {max(values, default=0) * 1000:.1f} ms"


def _slowest(acks: Sequence[float], actions: Sequence[str]) -> str:
    """How many of the slowest 1 % of acknowledgements each action had, and its own share of all clicks."""
    if not acks:
        return "none"
    cut = percentile(list(acks), 0.99)
    slow = Counter(a for a, latency in zip(actions, acks, strict=True) if latency >= cut)
    every = Counter(actions)
    return ", ".join(f"{action} {count} ({every[action] / len(acks):.0%} of clicks)"
                     for action, count in slow.most_common())


def _by_action(acks: Sequence[float], actions: Sequence[str], share: float = 0.05) -> str:
    """Acknowledgement p50 / p99 of each action that makes at least `share` of the clicks, most frequent first."""
    times: dict[str, list[float]] = {}
    for action, latency in zip(actions, acks, strict=True):
        times.setdefault(action, []).append(latency)
    common = sorted((a for a, t in times.items() if len(t) >= share * len(acks)), key=lambda a: -len(times[a]))
    return ", ".join(f"{a} {percentile(times[a], 0.5) * 1000:.1f} / {percentile(times[a], 0.99) * 1000:.1f}"
                     for a in common) or "none"


def _quantiles(values: Sequence[float]) -> str:
    """p50, p90, p99 and max in ms, from the bot's own figures (bot_quantiles in load_bot.py)."""
    return " ".join(f"{name} {value * 1000:.1f}" for name, value in zip(("p50", "p90", "p99", "max"), values,
                                                                          strict=False)) + " ms"


@dataclass
class Window:
    """The measured stretch: bot stats before and after, the driver's CPU, what the people saw."""

    games: int
    before: dict[str, Any]
    after: dict[str, Any]
    driver_cpu: float
    tally: Tally

    @property
    def seconds(self) -> float:
        """How long the window lasted."""
        return float(self.after["now"] - self.before["now"])

    def delta(self, key: str) -> float:
        """How much a bot counter grew in the window."""
        return float(self.after[key] - self.before[key])


def report_window(window: Window) -> list[str]:
    """The figures of the measured window, one line each."""
    tally, seconds = window.tally, window.seconds
    interactions = max(1.0, window.delta("interactions"))
    failures = Counter(f.split(":")[0] for f in tally.failures)
    return [
        f"window: {seconds:.1f} s, {interactions:.0f} interactions ({interactions / seconds:.1f}/s), "
        f"{tally.clicks} clicks by people, {tally.refused} refused (stale button, not your turn)",
        f"acknowledgement: {_ms(tally.acks)}",
        f"the slowest 1 % of acknowledgements, by action: {_slowest(tally.acks, tally.ack_actions)}",
        "acknowledgement p50 / p99 ms by action (5 % of the clicks or more): "
        + _by_action(tally.acks, tally.ack_actions),
        "of that, inside the bot (its gateway event parsed -> its callback request begun): "
        + _quantiles(window.after.get("bot_acks", ())),
        "a live game's save, from the service's call to its return (a click that changes the table waits for it, "
        "and the table's next change for the one before): " + _quantiles(window.after.get("bot_saves", ()))
        + _grouping(window),
        f"answer (the reply complete; after a defer, filled): {_ms(tally.answers)}",
        f"accepted moves: {window.delta('moves') / seconds:.1f}/s (people and computer players; "
        f"{tally.person_moves / seconds:.1f}/s by people); {window.delta('finished'):.0f} matches finished",
        f"table edit after a move: {_ms(tally.edit_lags)} ({len(tally.edit_lags)} measured); of those, shown by a "
        f"new table message (below a reveal): {_ms(tally.repost_lags)} ({len(tally.repost_lags)})",
        f"table pictures' spacing (bot.frames), sampled each second: mean {window.after.get('spacing', 0.0):.2f} s",
        f"clicks late at their handlers (bot.lateness), sampled each second: up to "
        f"{window.after.get('lateness', 0.0):.2f} s; busy (no new table opens) {window.after.get('busy_seconds', 0)} s "
        "of the window",
        f"failed clicks: {len(tally.failures)}" + (f" ({dict(failures)})" if failures else ""),
        f"new tables refused while the bot was busy (bot.lateness): {tally.busy_refusals} in the window, "
        f"{tally.busy_refusals_in_all} since the run began",
        f"event loop: longest stall {window.after['max_stall'] * 1000:.1f} ms, "
        f"{window.after['stalls_over_50ms']} stalls over 50 ms (half or more of it: the collector's pauses "
        f"{window.after.get('stalls_in_collections', 0)}, else the loop's own running "
        f"{window.after.get('stalls_running', 0)}; the rest waited); garbage collector: longest pause "
        f"{window.after['max_gc_pause'] * 1000:.1f} ms, {window.after['full_collections']} full collections of "
        f"{window.after['collections']} (the longest: {_gc(window.after['longest_gc'])}; "
        f"{window.after.get('gc_seconds', 0.0) * 1000:.0f} ms paused in all)" + _generations(window),
        f"bot CPU: {window.delta('cpu') / interactions * 1000:.2f} ms per interaction "
        f"({window.delta('cpu') / seconds * 100:.0f}% of a core); fake Discord and people (other process): "
        f"{window.driver_cpu / interactions * 1000:.2f} ms per interaction ({window.driver_cpu / seconds * 100:.0f}%)",
        "bot CPU by thread (ms per interaction): " + ", ".join(
            f"{name} {(spent - window.before['threads'].get(name, 0.0)) / interactions * 1000:.2f}"
            for name, spent in sorted(window.after["threads"].items(), key=lambda kv: -kv[1])),
    ]


def report_memory(games: int, empty: dict[str, Any], opened: dict[str, Any], end: dict[str, Any]) -> list[str]:
    """RSS with no table, with every table open, and at the end of play."""
    mib = 1024 * 1024
    return [
        f"bot RSS: {empty['rss'] / mib:.1f} MiB before any table, {opened['rss'] / mib:.1f} MiB with {games} playing, "
        f"{end['rss'] / mib:.1f} MiB at the end: {(end['rss'] - empty['rss']) / games / 1024:.0f} KiB per live table "
        f"({(opened['rss'] - empty['rss']) / games / 1024:.0f} KiB right after opening)"
        + (f"; of that, the picture processes' PSS: {empty.get('apart_rss', 0) / mib:.1f} MiB before any table, "
           f"{end['apart_rss'] / mib:.1f} MiB at the end" if end.get("apart_rss") else ""),
    ]


def _grouping(window: Window) -> str:
    """How many writes the writer's transactions committed together (bot.storage.group_commit), where counted."""
    transactions = window.after.get("transactions", 0) - window.before.get("transactions", 0)
    if not transactions:
        return ""
    works = window.after["works"] - window.before["works"]
    return f"; {transactions} write transactions, {works / transactions:.2f} writes each"


def _generations(window: Window) -> str:
    """Collections of each generation in the window, and the objects in reference cycles they freed."""
    if "by_generation" not in window.after:
        return ""
    ran = [window.after["by_generation"][g] - window.before["by_generation"][g] for g in range(3)]
    freed = [window.after["freed_by_generation"][g] - window.before["freed_by_generation"][g] for g in range(3)]
    return "; by generation 0 / 1 / 2: " + ", ".join(f"{r} ran, {f} freed" for r, f in zip(ran, freed, strict=True))


def _gc(longest: Sequence[float]) -> str:
    wall, cpu, generation, collected = longest
    return (f"generation {generation:.0f}, {wall * 1000:.1f} ms, {cpu * 1000:.1f} ms of it the collecting "
            f"thread's CPU, {collected:.0f} objects freed")
