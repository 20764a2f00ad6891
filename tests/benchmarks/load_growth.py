"""What the bot's heap gained over a window (bench_load.py --growth): objects by type, the containers that gained
most entries and, with tracemalloc on, the allocation sites that grew most, between a mark at the window's start and
its end."""

from __future__ import annotations

import ctypes
import functools
import gc
import os
import sys
import tracemalloc
from collections import Counter, deque
from typing import Any

from bot.heap import malloc_trim

FRAMES = 4  # traceback depth traced with --growth: enough to see which caller of a shared helper grows
HOLDERS_OF = 6  # the types that gained most whose new objects' holders are named
SAMPLE = 200  # new objects of a type whose holders are looked up (gc.get_referrers walks the whole heap)
CONTAINERS = 8  # the containers that gained most entries, named with their holders


class GrowthMark:
    """The heap at the window's start, to compare its end against."""

    def __init__(self) -> None:
        self.types: Counter[str] = Counter()
        self.snapshot: tracemalloc.Snapshot | None = None
        self.rss = 0
        self.blocks = 0
        self.malloc = (0, 0)
        self.caches: dict[str, int] = {}
        self.ids: set[int] = set()
        self.gainers: list[str] = []  # the types that gained most by the window's end
        # Entries of every dict, set, list and deque reachable: a container of strings, numbers or bytes grows unseen
        # by the counts by type (a dict of only such values is not even tracked by the collector).
        self.lengths: dict[int, int] = {}
        # the containers that gained most: (it, what holds it, what holds that, start, end)
        self.grown: list[tuple[object, object, object, int, int]] = []

    def mark(self) -> dict[str, Any]:
        """Remember the heap as it is now."""
        gc.collect()
        objects = gc.get_objects()
        self.types = Counter(type(o).__qualname__ for o in objects)
        self.ids = {id(o) for o in objects}
        del objects  # not a root of the walk below
        self.snapshot = tracemalloc.take_snapshot() if tracemalloc.is_tracing() else None
        self.caches = cache_sizes()
        self.lengths = {}  # made before the walk, so that the walk leaves it out
        self.lengths.update((key, len(thing)) for key, (thing, _, _) in reachable_containers(self.own()).items())
        # The walk's sets held tens of MiB for a moment: given back, so that the window's RSS does not carry them,
        # and the baseline read after it (these lengths stay until the window's end).
        trimmed_bytes()
        self.rss, self.blocks, self.malloc = rss_bytes(), sys.getallocatedblocks(), malloc_bytes()
        return {"rss": self.rss}

    def growth(self) -> dict[str, Any]:
        """What the heap gained since the mark: tracked objects by type, and allocation sites by traced bytes."""
        gc.collect()
        # The process as it is, before the walk below holds its own sets and lists for a moment.
        rss, blocks, (used, free) = rss_bytes(), sys.getallocatedblocks(), malloc_bytes()
        self.grown = self.containers_grown()  # before this method makes containers of its own
        now = Counter(type(o).__qualname__ for o in gc.get_objects())
        gained = now.copy()
        gained.subtract(self.types)
        types = [[name, count] for name, count in gained.most_common(20) if count > 0]
        sites: list[list[Any]] = []
        if self.snapshot is not None and tracemalloc.is_tracing():
            differences = tracemalloc.take_snapshot().compare_to(self.snapshot, "traceback")
            for difference in differences[:15]:
                frames = " < ".join(f"{frame.filename.rsplit('site-packages/', 1)[-1]}:{frame.lineno}"
                                    for frame in difference.traceback)
                sites.append([frames, difference.size_diff // 1024, difference.count_diff])
        caches = [[name, self.caches.get(name, 0), size] for name, size in cache_sizes().items()
                  if size != self.caches.get(name, 0)]
        self.gainers = [name for name, _ in types[:HOLDERS_OF]]
        return {"caches": caches,
                "tracked": sum(now.values()),
                "tracked_gain": sum(now.values()) - sum(self.types.values()),
                "rss_gain": rss - self.rss, "blocks_gain": blocks - self.blocks,
                "malloc_used_gain": used - self.malloc[0], "malloc_free_gain": free - self.malloc[1],
                "types": types, "sites": sites}

    def containers_grown(self) -> list[tuple[object, object, object, int, int]]:
        """The containers that gained most entries since the mark (a new one counts from none), each with what
        reached it in the walk and what reached that."""
        gains = []
        for key, (thing, parent, grandparent) in reachable_containers(self.own()).items():
            start, end = self.lengths.get(key, 0), len(thing)  # type: ignore[arg-type]
            if end - start >= 100:
                gains.append((thing, parent, grandparent, start, end))
        return sorted(gains, key=lambda gain: gain[4] - gain[3], reverse=True)[:CONTAINERS]  # largest gain first

    def own(self) -> set[int]:
        """The ids of this mark's own containers, which the walk leaves out."""
        return {id(self), id(self.__dict__), id(self.lengths), id(self.ids), id(self.types), id(self.grown)}

    def holders_and_trim(self) -> dict[str, Any]:
        """What holds the new objects of the types that gained most by the window's end (a heap walk of seconds:
        asked for once the tables have stopped), then what a malloc_trim gives back."""
        containers = [[name_container(thing, parent, grandparent), start, end]
                      for thing, parent, grandparent, start, end in self.grown]
        self.grown = []
        return {"holders": self.holders(self.gainers), "containers": containers, "trimmed": trimmed_bytes()}

    def holders(self, names: list[str]) -> dict[str, list[tuple[str, int]]]:
        """For each type named, what holds its objects made since the mark (a sample), most common first."""
        found: dict[str, list[object]] = {name: [] for name in names}
        for thing in gc.get_objects():
            name = type(thing).__qualname__
            if name in found and id(thing) not in self.ids and len(found[name]) < SAMPLE:
                found[name].append(thing)
        held: dict[str, list[tuple[str, int]]] = {}
        samples = {id(found), *(id(things) for things in found.values())}
        for name, things in found.items():
            counts: Counter[str] = Counter()
            for thing in things:
                holders = [holder for holder in gc.get_referrers(thing) if id(holder) not in samples]
                counts.update(describe(holder, samples) for holder in holders)
            held[name] = counts.most_common(6)
        return held


def describe(holder: object, samples: set[int], depth: int = 1) -> str:
    """A holder by its type; a dict by the object whose attributes it is, where it is one; a list, deque, set or
    dict also by what holds it in turn."""
    outer = ""
    if depth and isinstance(holder, list | set | dict) or type(holder).__qualname__ == "deque":
        holders = [h for h in gc.get_referrers(holder) if id(h) not in samples and type(h).__qualname__ != "frame"]
        if holders and not any(getattr(h, "__dict__", None) is holder for h in holders):
            outer = " in " + describe(holders[0], samples, depth - 1)
    if isinstance(holder, dict):
        for owner in gc.get_referrers(holder):
            if getattr(owner, "__dict__", None) is holder:
                return f"attributes of {type(owner).__module__}.{type(owner).__qualname__}"
        return "dict" + outer
    if type(holder).__qualname__ == "frame":
        code = holder.f_code  # type: ignore[attr-defined]
        return f"frame {code.co_filename.rsplit('/', 2)[-1]}:{code.co_name}"
    return f"{type(holder).__module__}.{type(holder).__qualname__}{outer}"


_CONTAINERS = (dict, set, list, deque)


def reachable_containers(leave_out: set[int]) -> dict[int, tuple[object, object, object]]:
    """Every dict, set, list and deque reachable from the modules and the objects the collector tracks, by id, with
    the object that reached it and the one that reached that; the objects in `leave_out` are not walked. A walk, not
    the collector's lists: those leave out the objects frozen at start-up (gc.freeze, where the bot's long-lived
    services are) and the dicts that hold only strings and numbers."""
    found: dict[int, tuple[object, object, object]] = {}
    seen: set[int] = set()
    stack: list[tuple[object, object]] = []
    seen.update(leave_out | {id(found), id(seen), id(stack)})
    stack.extend((module, None) for module in list(sys.modules.values()))
    stack.extend((thing, None) for thing in gc.get_objects())
    while stack:
        thing, parent = stack.pop()
        if id(thing) in seen:
            continue
        seen.add(id(thing))
        if isinstance(thing, _CONTAINERS):
            held_by = found.get(id(parent))  # a container is walked before what it holds
            found[id(thing)] = (thing, parent, None if held_by is None else held_by[1])
        stack.extend((referent, thing) for referent in gc.get_referents(thing) if id(referent) not in seen)
    return found


def name_container(thing: object, parent: object, grandparent: object) -> str:
    """A container by the attribute, module global or key that holds it, else by the type of what holds it."""
    if isinstance(parent, dict):
        names = [key for key, value in parent.items() if value is thing]
        if names and getattr(grandparent, "__dict__", None) is parent:
            return f"{type(grandparent).__module__}.{type(grandparent).__qualname__}.{names[0]}"
        if names and "__name__" in parent:
            return f"{parent['__name__']}.{names[0]}"
        if names:
            return f"{type(thing).__qualname__} at key {names[0]!r} of a dict in {type(grandparent).__qualname__}"
    # An instance whose attributes Python keeps inline reaches them without a __dict__ of its own; or a slot.
    attributes = [*getattr(parent, "__dict__", {}).items(),
                  *((slot, getattr(parent, slot, None)) for slot in getattr(type(parent), "__slots__", ()))]
    for name, value in attributes:
        if value is thing:
            return f"{type(parent).__module__}.{type(parent).__qualname__}.{name}"
    return f"{type(thing).__qualname__} in {type(parent).__module__}.{type(parent).__qualname__}"


def rss_bytes() -> int:
    """This process's resident set size."""
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def trimmed_bytes() -> int:
    """Trim glibc's heap now (bot.heap.malloc_trim); the RSS that gave back (0 where the C library cannot trim)."""
    trim, before = malloc_trim(), rss_bytes()
    if trim is None:
        return 0
    trim()
    return before - rss_bytes()


class _MallInfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


def malloc_bytes() -> tuple[int, int]:
    """glibc's heap: bytes in use (its mmapped blocks included) and bytes free but kept (mallinfo2)."""
    libc = ctypes.CDLL("libc.so.6")
    libc.mallinfo2.restype = _MallInfo2
    info = libc.mallinfo2()
    return int(info.uordblks + info.hblkhd), int(info.fordblks)


def cache_sizes() -> dict[str, int]:
    """The entries held by every functools.lru_cache and every private-picture cache in the process, by name."""
    sizes: dict[str, int] = {}
    for thing in gc.get_objects():
        if isinstance(thing, functools._lru_cache_wrapper):
            info = thing.cache_info()
            name = f"{thing.__module__}.{thing.__qualname__}/{info.maxsize}"
            sizes[name] = sizes.get(name, 0) + info.currsize
        elif type(thing).__name__ == "PictureCache":
            info = thing.info()
            sizes[f"{type(thing).__module__}.PictureCache/{info.maxsize}"] = info.currsize
    return sizes
