#!/usr/bin/env python3
"""Checks a RAC_TRACE file against the Trace Event Format's rules and RACSwift's layout.

usage: check-trace.py TRACE.json [--require-closed] [--demo-log LOG] [--expect-track NAME]...

The Trace Event Format (the Chrome/Perfetto JSON format) rules checked:
- the file is valid JSON (strictly: RACSwift's writer keeps it closed even when the process
  is interrupted), an array of events or an object with "traceEvents";
- every event has a known phase ("ph"), a numeric timestamp ("ts" >= 0), an integer process
  ("pid") and thread ("tid") and a name;
- async slices ("b"/"e") are balanced: every end matches an open begin of the same
  category and id, no slice ends twice, and (with --require-closed) none is left open;
  duration slices ("B"/"E") nest per thread;
- counters ("C") have numeric arguments; instants ("i") have a valid scope;
- metadata ("M") names its thread or process.
RACSwift's layout: each subscription slice lies on a named signal track; with --demo-log,
every request the demo logged ("request  GET /search?q=...") has a track of that name with a
subscription that began and ended and a "disposed" event.
Exit status 0 when everything holds, 1 otherwise (each failure printed).
"""
import json
import re
import sys

PHASES = {"B", "E", "X", "i", "I", "b", "n", "e", "s", "t", "f", "P", "C", "M", "N", "O", "D", "R", "c"}


def main(argv):
    args = argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__)
        return 2
    path = args.pop(0)
    require_closed = False
    demo_log = None
    expected_tracks = []
    while args:
        flag = args.pop(0)
        if flag == "--require-closed":
            require_closed = True
        elif flag == "--demo-log":
            demo_log = args.pop(0)
        elif flag == "--expect-track":
            expected_tracks.append(args.pop(0))
        else:
            print(f"check-trace: unknown argument {flag}")
            return 2

    failures = []

    def fail(message):
        if len(failures) < 50:
            failures.append(message)

    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError) as error:
        print(f"check-trace: {path}: not valid JSON: {error}")
        return 1
    events = data.get("traceEvents") if isinstance(data, dict) else data
    if not isinstance(events, list):
        print(f"check-trace: {path}: neither an array of events nor an object with traceEvents")
        return 1

    track_names = {}  # (pid, tid) -> name
    open_async = {}  # (cat, id) -> (pid, tid, ts)
    ended_async = set()
    slices_on_track = {}  # (pid, tid) -> [began, ended]
    disposed_on_track = {}
    duration_stacks = {}
    counts = {}
    for index, event in enumerate(events):
        where = f"event {index}"
        if not isinstance(event, dict):
            fail(f"{where}: not an object")
            continue
        phase = event.get("ph")
        counts[phase] = counts.get(phase, 0) + 1
        if phase not in PHASES:
            fail(f"{where}: unknown phase {phase!r}")
            continue
        ts = event.get("ts")
        if not isinstance(ts, (int, float)) or isinstance(ts, bool) or ts < 0:
            fail(f"{where} ({phase}): timestamp {ts!r} is not a non-negative number")
        pid, tid = event.get("pid"), event.get("tid")
        if not isinstance(pid, int) or isinstance(pid, bool):
            fail(f"{where} ({phase}): process {pid!r} is not an integer")
        if not isinstance(tid, int) or isinstance(tid, bool):
            fail(f"{where} ({phase}): thread {tid!r} is not an integer")
        if not isinstance(event.get("name"), str):
            fail(f"{where} ({phase}): no name")
        track = (pid, tid)
        args_ = event.get("args", {})
        if not isinstance(args_, dict):
            fail(f"{where} ({phase}): args is not an object")
            args_ = {}
        if phase == "M":
            if event.get("name") in ("thread_name", "process_name"):
                if not isinstance(args_.get("name"), str):
                    fail(f"{where}: {event.get('name')} without a name")
                elif event.get("name") == "thread_name":
                    track_names[track] = args_["name"]
        elif phase == "C":
            if not args_:
                fail(f"{where}: counter {event.get('name')!r} without values")
            for key, value in args_.items():
                if not isinstance(value, (int, float)) or isinstance(value, bool):
                    fail(f"{where}: counter {event.get('name')!r} value {key}={value!r} is not numeric")
        elif phase in ("i", "I"):
            if event.get("s", "t") not in ("t", "p", "g"):
                fail(f"{where}: instant scope {event.get('s')!r}")
            if event.get("name") == "disposed":
                disposed_on_track[track] = disposed_on_track.get(track, 0) + 1
        elif phase in ("b", "e"):
            key = (event.get("cat"), event.get("id"))
            if key[1] is None:
                fail(f"{where}: async event without an id")
                continue
            if phase == "b":
                if key in open_async or key in ended_async:
                    fail(f"{where}: slice {key} begins twice")
                open_async[key] = (pid, tid, ts)
                slices_on_track.setdefault(track, [0, 0])[0] += 1
            else:
                began = open_async.pop(key, None)
                if began is None:
                    fail(f"{where}: slice {key} ends without an open begin")
                    continue
                ended_async.add(key)
                if isinstance(ts, (int, float)) and ts < began[2]:
                    fail(f"{where}: slice {key} ends before it begins")
                slices_on_track.setdefault(track, [0, 0])[1] += 1
        elif phase == "B":
            duration_stacks.setdefault(track, []).append(event.get("name"))
        elif phase == "E":
            stack = duration_stacks.get(track, [])
            if not stack:
                fail(f"{where}: E without a B on thread {track}")
            else:
                stack.pop()

    for track, stack in duration_stacks.items():
        if stack and require_closed:
            fail(f"thread {track}: {len(stack)} B slices never end")
    if require_closed and open_async:
        names = sorted({track_names.get((p, t), f"{p}/{t}") for (p, t, _) in open_async.values()})
        fail(f"{len(open_async)} subscriptions never ended, on: {', '.join(names[:8])}")
    for track in slices_on_track:
        if track not in track_names:
            fail(f"subscriptions on thread {track}, which has no name")

    by_name = {}
    for track, name in track_names.items():
        by_name.setdefault(name, []).append(track)

    for name in expected_tracks:
        if name not in by_name:
            fail(f"no track named {name!r}")

    if demo_log:
        requests = set()
        with open(demo_log, encoding="utf-8") as handle:
            for line in handle:
                match = re.search(r"\]\s+request\s+(GET \S+)(?:\s+\(retry (\d+)\))?", line)
                if match:
                    requests.add(match.group(1) + (f" (retry {match.group(2)})" if match.group(2) else ""))
        if not requests:
            fail(f"{demo_log}: no request logged")
        for request in sorted(requests):
            tracks = by_name.get(request)
            if not tracks:
                fail(f"request {request!r}: no track of that name")
                continue
            began = sum(slices_on_track.get(t, [0, 0])[0] for t in tracks)
            ended = sum(slices_on_track.get(t, [0, 0])[1] for t in tracks)
            disposed = sum(disposed_on_track.get(t, 0) for t in tracks)
            if began == 0 or ended < began or disposed == 0:
                fail(f"request {request!r}: {began} subscriptions, {ended} ended, {disposed} disposals")
        print(f"check-trace: {len(requests)} requests, each subscribed and disposed on its own track")

    summary = ", ".join(f"{phase}: {count}" for phase, count in sorted(counts.items(), key=lambda item: str(item[0])))
    print(f"check-trace: {path}: {len(events)} events ({summary}), {len(track_names)} named tracks, "
          f"{len(ended_async)} subscriptions ended, {len(open_async)} still open")
    if failures:
        for message in failures:
            print(f"check-trace: FAIL: {message}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
