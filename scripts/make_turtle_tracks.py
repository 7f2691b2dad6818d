#!/usr/bin/env python3
"""Writes the technical circuit and the rally stage (assets/tracks/) from turtle layouts:
straights and constant-radius arcs, closed by solving two straights' lengths. Corners get
barriers on their outside; the loader derives kerbs and gravel itself.

    python3 scripts/make_turtle_tracks.py   # from the repository root
"""
import json
import math

STEP = 6.0  # m between control points


def straight_length(p, lengths):
    """A straight part's length: a number, or the name of a length solved by turtle()."""
    return lengths[p[1]] if isinstance(p[1], str) else p[1]


def arc(x, y, h, p):
    """A turn part ("L"|"R", degrees, radius) entered at (x, y) heading h: its signed
    angle and the point of its circle where the heading is hh, as a function of hh."""
    sg = 1.0 if p[0] == "L" else -1.0
    r = p[2]
    cx = x - sg * r * math.sin(h)
    cy = y + sg * r * math.cos(h)
    return math.radians(p[1]) * sg, lambda hh: (cx + sg * r * math.sin(hh), cy - sg * r * math.cos(hh))


def turtle(parts, unknowns):
    """parts: ("S", length or name) / ("L"|"R", degrees, radius). unknowns: two straight
    names whose lengths close the loop. Returns the lengths solved."""
    def walk(lengths):
        x = y = h = 0.0
        for p in parts:
            if p[0] == "S":
                L = straight_length(p, lengths)
                x += L * math.cos(h)
                y += L * math.sin(h)
            else:
                a, on_arc = arc(x, y, h, p)
                h += a
                x, y = on_arc(h)
        return x, y
    # Position is linear in the unknown lengths: solve a 2x2 system.
    base = {u: 0.0 for u in unknowns}
    x0, y0 = walk(base)
    cols = []
    for u in unknowns:
        d = dict(base)
        d[u] = 1.0
        x1, y1 = walk(d)
        cols.append((x1 - x0, y1 - y0))
    (a, c), (b, d) = cols
    det = a * d - b * c
    la = (-x0 * d + b * y0) / det
    lb = (-a * y0 + c * x0) / det
    return {unknowns[0]: la, unknowns[1]: lb}


def points(parts, lengths):
    """Control points every ~STEP m; returns (points, index of each part's first point)."""
    pts = []
    starts = []
    x = y = h = 0.0
    for p in parts:
        starts.append(len(pts))
        if p[0] == "S":
            L = straight_length(p, lengths)
            n = max(1, round(L / STEP))
            for i in range(n):
                pts.append((x + L * i / n * math.cos(h), y + L * i / n * math.sin(h)))
            x += L * math.cos(h)
            y += L * math.sin(h)
        else:
            a, on_arc = arc(x, y, h, p)
            n = max(2, round(abs(a) * p[2] / STEP))
            for i in range(n):
                pts.append(on_arc(h + a * i / n))
            h += a
            x, y = on_arc(h)
    return pts, starts


def grid_start_index(head, parts, lengths, starts):
    """The first control point of the first straight far enough in that the whole grid
    (slot i at 6 + spacing * i m behind the line, plus a car length) stands on it."""
    assert parts[0][0] == "S", "the first part is the start/finish straight"
    grid = head["grid"]
    behind = 6.0 + grid["spacing"] * (grid["slots"] - 1) + 5.0  # m
    length = straight_length(parts[0], lengths)
    step = length / max(1, round(length / STEP))
    k = math.ceil(behind / step)
    assert starts[0] + k < starts[1], "the start straight is too short for the grid"
    return starts[0] + k


def write(path, head, parts, unknowns, barriers, rotate_deg=0.0, offset=(0.0, 0.0),
          grid_on_straight=False):
    lengths = turtle(parts, unknowns)
    for k, v in lengths.items():
        assert v > 20.0, (path, k, v)
    pts, starts = points(parts, lengths)
    n = len(pts)
    c, s = math.cos(math.radians(rotate_deg)), math.sin(math.radians(rotate_deg))
    pts = [(x * c - y * s + offset[0], x * s + y * c + offset[1]) for x, y in pts]
    doc = dict(head)
    if grid_on_straight:
        doc["start_index"] = grid_start_index(head, parts, lengths, starts)
    else:
        doc["start_index"] = starts[0] + 4  # a few points into the first straight
    out_barriers = []
    for part, side, kind, off, pre, post in barriers:
        a = (starts[part] - pre) % n
        b = (starts[part + 1] + post) % n if part + 1 < len(starts) else (post % n)
        out_barriers.append({"type": kind, "from": a, "to": b, "side": side, "offset": off})
    doc["barriers"] = out_barriers
    text = json.dumps(doc, indent=2)
    # One control point per line keeps the file readable.
    line = ",\n    ".join("[%.2f, %.2f]" % p for p in pts)
    text = text[:-2] + ',\n  "centre_line": [\n    ' + line + "\n  ]\n}\n"
    with open(path, "w") as f:
        f.write(text)
    print(path, n, "points", {k: round(v, 1) for k, v in lengths.items()})


TECH = [
    ("S", "main"),          # 0 start/finish straight, east
    ("L", 90, 32),          # 1 turn 1
    ("S", 60),              # 2
    ("R", 40, 20),          # 3 chicane
    ("L", 80, 20),          # 4
    ("R", 40, 20),          # 5
    ("S", 40),              # 6
    ("L", 90, 40),          # 7
    ("S", 230),             # 8 back straight, west
    ("L", 180, 14),         # 9 hairpin
    ("S", 40),              # 10
    ("R", 90, 26),          # 11
    ("S", "drop"),          # 12 south
    ("R", 90, 30),          # 13
    ("S", 30),              # 14
    ("L", 90, 22),          # 15
    ("S", 20),              # 16
    ("L", 90, 30),          # 17 last corner
]

write("assets/tracks/technical.json",
      {"format": "skidpad-track", "version": 1, "name": "Technical circuit", "width": 11.0,
       "kerb_width": 1.2, "spacing": 2.0, "runoff": {"surface": "grass", "width": 14},
       "grid": {"slots": 8, "spacing": 8}},
      TECH, ("main", "drop"),
      [  # (part, side, type, offset m, points before, points after)
          (0, "left", "wall", 3.0, 0, 0),      # pit wall along the start/finish straight
          (1, "right", "tyres", 15.0, 1, 3),   # turn 1
          (4, "left", "wall", 8.0, 2, 2),      # chicane
          (9, "right", "tyres", 15.0, 1, 4),   # hairpin
          (7, "right", "wall", 15.0, 1, 2),
          (13, "left", "wall", 15.0, 1, 2),
          (17, "right", "tyres", 15.0, 1, 2),
      ], grid_on_straight=True)

RALLY = [
    ("S", "a"),             # 0 start, east
    ("L", 60, 40),          # 1
    ("S", 40),              # 2
    ("R", 45, 30),          # 3
    ("S", 30),              # 4
    ("L", 100, 25),         # 5
    ("S", 50),              # 6
    ("R", 60, 45),          # 7
    ("S", 30),              # 8
    ("L", 120, 22),         # 9
    ("S", 35),              # 10
    ("L", 75, 35),          # 11
    ("S", "b"),             # 12
    ("R", 40, 40),          # 13
    ("S", 40),              # 14
    ("L", 150, 20),         # 15 hairpin onto the finish
]

write("assets/tracks/rally.json",
      {"format": "skidpad-track", "version": 1, "name": "Rally stage (gravel)", "width": 8.0,
       "kerb_width": 0.5, "spacing": 2.0, "surface": "gravel",
       "runoff": {"surface": "grass", "width": 10}, "runoff_zones": [], "kerbs": [],
       "grid": {"slots": 4, "spacing": 10}},
      RALLY, ("a", "b"),
      [
          (9, "right", "tyres", 6.0, 0, 2),
          (15, "right", "tyres", 6.0, 0, 2),
      ])
