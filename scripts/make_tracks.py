#!/usr/bin/env python3
"""Writes assets/tracks/{oval,club}.json: each circuit is a polygon whose corners are
rounded by circular fillets of a given radius; the fillets are sampled every ~10 m and
the straights every ~10 m as control points of the loader's Catmull-Rom spline."""
import json
import math
import os


def fillet_loop(verts, radii, start_seg, arc_step=10.0, straight_step=10.0):
    n = len(verts)
    corners = []
    for i in range(n):
        p0, p1, p2, r = verts[i - 1], verts[i], verts[(i + 1) % n], radii[i]
        d1 = (p1[0] - p0[0], p1[1] - p0[1])
        d2 = (p2[0] - p1[0], p2[1] - p1[1])
        l1, l2 = math.hypot(*d1), math.hypot(*d2)
        u1, u2 = (d1[0] / l1, d1[1] / l1), (d2[0] / l2, d2[1] / l2)
        turn = math.atan2(u1[0] * u2[1] - u1[1] * u2[0], u1[0] * u2[0] + u1[1] * u2[1])
        t = r * math.tan(abs(turn) / 2)
        assert t <= l1 / 2 + 1e-9 and t <= l2 / 2 + 1e-9, f"corner {i}: radius {r} too large"
        a = (p1[0] - u1[0] * t, p1[1] - u1[1] * t)
        b = (p1[0] + u2[0] * t, p1[1] + u2[1] * t)
        corners.append((a, b, turn, r, u1))
    out, start = [], 0
    for i in range(n):
        a, b, turn, r, u1 = corners[i]
        sgn = 1 if turn > 0 else -1
        c = (a[0] - u1[1] * sgn * r, a[1] + u1[0] * sgn * r)
        ang0 = math.atan2(a[1] - c[1], a[0] - c[0])
        m = max(2, math.ceil(r * abs(turn) / arc_step))
        for k in range(m + 1):
            ang = ang0 + turn * k / m
            out.append((c[0] + r * math.cos(ang), c[1] + r * math.sin(ang)))
        na = corners[(i + 1) % n][0]
        s = max(2, round(math.hypot(na[0] - b[0], na[1] - b[1]) / straight_step))
        for k in range(1, s):
            if i == start_seg and k == s // 2:
                start = len(out)
            out.append((b[0] + (na[0] - b[0]) * k / s, b[1] + (na[1] - b[1]) * k / s))
    return out, start


def write(name, title, width, verts, radii, start_seg):
    pts, start = fillet_loop(verts, radii, start_seg)
    keep = [0]
    for i in range(1, len(pts)):  # drop points closer than 0.5 m (arc end = straight start)
        if math.dist(pts[i], pts[keep[-1]]) >= 0.5:
            keep.append(i)
    if math.dist(pts[keep[-1]], pts[0]) < 0.5:
        keep.pop()
    clean = [pts[i] for i in keep]
    si = min(range(len(clean)), key=lambda i: math.dist(clean[i], pts[start]))
    lines = ",\n".join(f"    [{x:.2f}, {y:.2f}]" for x, y in clean)
    text = (f'{{\n  "format": "skidpad-track",\n  "version": 1,\n  "name": "{title}",\n'
            f'  "width": {width},\n  "kerb_width": 1.0,\n  "spacing": 2.0,\n'
            f'  "start_index": {si},\n  "centre_line": [\n{lines}\n  ]\n}}\n')
    json.loads(text)
    here = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(here, "..", "assets", "tracks", name + ".json"), "w") as f:
        f.write(text)
    print(name, len(clean), "control points, start_index", si)


write("oval", "Oval", 14.0, [(-150, -60), (150, -60), (150, 60), (-150, 60)], [60] * 4, 0)
write("club", "Club circuit", 12.0,
      [(300, 0), (330, 120), (220, 150), (160, 100), (80, 170), (-60, 150), (-90, 30)],
      [40, 30, 22, 35, 30, 28, 45], 6)
