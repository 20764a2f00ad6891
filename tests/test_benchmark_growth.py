"""The load benchmark's heap check (bench_load --growth) finds a growing dict that the collector's own lists miss."""

from __future__ import annotations

import gc

from tests.benchmarks.load_growth import GrowthMark, name_container, reachable_containers


class Service:
    """Stands in for a bot service made at start-up: frozen, with a dict of game ids to times."""

    def __init__(self) -> None:
        self.due: dict[str, float] = {}


SERVICE = Service()  # a module global: reachable from sys.modules, as the bot's services are from theirs


def test_a_frozen_object_s_dict_of_strings_and_numbers_is_found_and_named() -> None:
    SERVICE.due.update((f"game-{n}", float(n)) for n in range(5))
    gc.freeze()
    try:
        # The collector does not track a dict of strings and numbers, nor list what is frozen: its lists miss both.
        assert not gc.is_tracked(SERVICE.due)
        assert not any(thing is SERVICE for thing in gc.get_objects())
        found = reachable_containers(set())
    finally:
        gc.unfreeze()
    thing, parent, grandparent = found[id(SERVICE.due)]
    assert thing is SERVICE.due
    assert name_container(thing, parent, grandparent) == f"{__name__}.Service.due"


def test_the_mark_reports_the_entries_a_container_gained_in_the_window() -> None:
    mark = GrowthMark()
    SERVICE.due.clear()
    mark.mark()
    SERVICE.due.update((f"game-{n}", float(n)) for n in range(250))  # 250 games left behind
    mark.growth()
    report = mark.holders_and_trim()
    assert [f"{__name__}.Service.due", 0, 250] in report["containers"]
