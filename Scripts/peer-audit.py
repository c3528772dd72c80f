#!/usr/bin/env python3
"""The peer AuditKit's benchmark compares with: the pipeline a user would write in Python + Pillow.

    peer-audit.py REPORT [--jobs N] [--extract-only] [--font PATH]

Does what `auditkit audit REPORT` does, the plain way: reads the HTML report, finds the payload with `re`
and parses it with `json`, decodes every image with `base64`, writes issue_NN.jpg and screen_N.jpg into
the evidence folder beside the report (Reports/<report name>/), draws the index sheet (pages of 60
cells, 6 columns of 240x230, labels in DejaVu Sans) and an overlay per screen (a box and a number on
every flagged element, a legend strip) with Pillow, saved as PNG at zlib level 1 (as AuditKit saves
them), then appends a line to Reports/history.jsonl and a session to audit.md (each fsynced, as AuditKit
does for the user's files). --jobs N draws pages and overlays in N processes; --extract-only stops
after writing the images (what `auditkit extract REPORT --thumbnails DIR` does).

Only `auditkit-bench audit` runs it (see Documentation/Benchmarks.md); it needs python3 and Pillow
(Debian python3-pil, or `pip install pillow`).
"""

import argparse
import base64
import hashlib
import io
import json
import multiprocessing
import os
import re
import sys

from PIL import Image, ImageDraw, ImageFont

COLUMNS, CELL_W, CELL_H, PER_PAGE, MARGIN, GAP, HEADER = 6, 240, 230, 60, 24, 12, 90
COLORS = {
    "Contrast": (229, 57, 53), "Dynamic Type": (30, 136, 229), "Hit Region": (251, 140, 0),
    "Element Description": (142, 36, 170), "Clipped Text": (0, 137, 123), "Trait": (109, 76, 65),
}
STATE = {}


def read_report(path):
    with open(path, "rb") as handle:
        raw = handle.read()
    text = raw.decode("utf-8")
    match = re.search(r"rootObject\s*=(?!=)\s*(?=\{)", text)
    if not match:
        sys.exit(f"{path}: no rootObject in the report")
    payload, _ = json.JSONDecoder().raw_decode(text, match.end())
    return raw, payload


def image_bytes(image):
    if not isinstance(image, dict):
        return None
    data = image.get("_axKeyImageData") or ""
    comma = data.find("base64,")
    return base64.b64decode(data[comma + 7:]) if comma >= 0 else None


def collect(payload):
    screens, issues = [], []
    for index, screen in enumerate(payload.get("_axKeyAllScreens", [])):
        shot = image_bytes(screen.get("_axKeyImageFull"))
        mine = []
        for issue in screen.get("_axKeyAllIssues", []) or []:
            number = len(issues) + 1
            rect = [issue.get(f"_axKeyElementRectInScreenshot{k}") for k in ("X", "Y", "Width", "Height")]
            entry = {
                "number": number, "screen": index, "type": issue.get("_axKeyIssueTestType", ""),
                "title": issue.get("_axKeyShortDesc", ""), "text": issue.get("_axKeyElementText", ""),
                "thumbnail": image_bytes(issue.get("_axKeyImageThumbnail")),
                "rect": rect if all(isinstance(v, (int, float)) for v in rect) else None,
            }
            issues.append(entry)
            mine.append(entry)
        screens.append({"index": index, "screenshot": shot, "issues": mine})
    return screens, issues


def write_images(folder, screens, issues):
    os.makedirs(folder, exist_ok=True)
    width = max(2, len(str(max(1, len(issues)))))
    for screen in screens:
        if screen["screenshot"]:
            with open(os.path.join(folder, f"screen_{screen['index'] + 1}.jpg"), "wb") as out:
                out.write(screen["screenshot"])
    for issue in issues:
        if issue["thumbnail"]:
            with open(os.path.join(folder, f"issue_{issue['number']:0{width}d}.jpg"), "wb") as out:
                out.write(issue["thumbnail"])


def font(size):
    return ImageFont.truetype(STATE["font"], size)


def draw_page(page):
    issues = STATE["issues"][page * PER_PAGE:(page + 1) * PER_PAGE]
    rows = max(1, (len(issues) + COLUMNS - 1) // COLUMNS)
    width = 2 * MARGIN + COLUMNS * CELL_W + (COLUMNS - 1) * GAP
    height = 2 * MARGIN + HEADER + rows * CELL_H + (rows - 1) * GAP
    sheet = Image.new("RGB", (width, height), "white")
    draw = ImageDraw.Draw(sheet)
    title, small = font(20), font(13)
    draw.text((MARGIN, MARGIN), f"{STATE['name']} - page {page + 1}", fill="black", font=title)
    for slot, issue in enumerate(issues):
        x = MARGIN + (slot % COLUMNS) * (CELL_W + GAP)
        y = MARGIN + HEADER + (slot // COLUMNS) * (CELL_H + GAP)
        draw.rectangle([x, y, x + CELL_W - 1, y + CELL_H - 1], outline=(200, 200, 200))
        if issue["thumbnail"]:
            thumb = Image.open(io.BytesIO(issue["thumbnail"]))
            thumb.thumbnail((CELL_W - 8, CELL_H - 60))
            sheet.paste(thumb.convert("RGB"), (x + 4, y + 4))
        else:
            draw.rectangle([x + 4, y + 4, x + CELL_W - 5, y + CELL_H - 61], fill=(230, 230, 230))
        color = COLORS.get(issue["type"], (96, 96, 96))
        draw.rectangle([x, y + CELL_H - 54, x + 6, y + CELL_H - 1], fill=color)
        draw.text((x + 10, y + CELL_H - 54), f"#{issue['number']} {issue['type']}", fill="black", font=small)
        draw.text((x + 10, y + CELL_H - 36), issue["title"][:34], fill="black", font=small)
        draw.text((x + 10, y + CELL_H - 18), issue["text"][:34], fill=(80, 80, 80), font=small)
    path = os.path.join(STATE["folder"], f"index_sheet_{page + 1}.png" if STATE["pages"] > 1 else "index_sheet.png")
    sheet.save(path, compress_level=1)
    return path


def draw_overlay(index):
    screen = STATE["screens"][index]
    if not screen["screenshot"]:
        return None
    shot = Image.open(io.BytesIO(screen["screenshot"])).convert("RGB")
    legend = sorted({issue["type"] for issue in screen["issues"]})
    strip = 16 + 24 * max(1, (len(legend) + 3) // 4)
    picture = Image.new("RGB", (shot.width, shot.height + strip), "white")
    picture.paste(shot, (0, 0))
    draw = ImageDraw.Draw(picture)
    label = font(max(13, shot.width // 36))
    line = max(2, shot.width // 260)
    for issue in screen["issues"]:
        if not issue["rect"]:
            continue
        x, y, w, h = issue["rect"]
        color = COLORS.get(issue["type"], (96, 96, 96))
        draw.rectangle([x, y, x + w, y + h], outline=color, width=line)
        draw.rectangle([x, max(0, y - 18), x + 30, max(0, y - 18) + 18], fill=color)
        draw.text((x + 3, max(0, y - 18)), str(issue["number"]), fill="white", font=label)
    small = font(max(13, shot.width // 40))
    for k, name in enumerate(legend):
        draw.text((12 + (k % 4) * (shot.width // 4), shot.height + 10 + (k // 4) * 24), name, fill="black", font=small)
    path = os.path.join(STATE["folder"], f"overlay_screen_{index + 1}.png")
    picture.save(path, compress_level=1)
    return path


def append_fsynced(path, text):
    with open(path, "a", encoding="utf-8") as out:
        out.write(text)
        out.flush()
        os.fsync(out.fileno())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("report")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--extract-only", action="store_true")
    parser.add_argument("--font", default="/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
    args = parser.parse_args()

    raw, payload = read_report(args.report)
    screens, issues = collect(payload)
    folder = os.path.splitext(args.report)[0]
    write_images(folder, screens, issues)
    if args.extract_only:
        print(f"{len(issues)} issues, {len(screens)} screens")
        return

    STATE.update(
        font=args.font, issues=issues, screens=screens, folder=folder,
        name=os.path.basename(args.report), pages=max(1, (len(issues) + PER_PAGE - 1) // PER_PAGE))
    if args.jobs > 1:
        with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
            pages = pool.map(draw_page, range(STATE["pages"]))
            overlays = pool.map(draw_overlay, range(len(screens)))
    else:
        pages = [draw_page(page) for page in range(STATE["pages"])]
        overlays = [draw_overlay(index) for index in range(len(screens))]

    digest = hashlib.sha256(raw).hexdigest()
    fingerprints = sorted(
        hashlib.sha256(f"{issue['type']}\x1f{issue['title']}\x1f{issue['text']}".encode()).hexdigest()
        for issue in issues)
    history = os.path.join(os.path.dirname(args.report) or ".", "history.jsonl")
    entry = {"sha256": digest, "fileName": os.path.basename(args.report), "issues": len(issues),
             "fingerprints": fingerprints}
    append_fsynced(history, json.dumps(entry, sort_keys=True) + "\n")
    session = [f"\n### Session\n<!-- peer:report sha256={digest} -->",
               f"- Report: `{args.report}`, {len(issues)} issues on {len(screens)} screens."]
    session += [f"- Index sheet: `{page}`" for page in pages]
    session += [f"- Overlay: `{path}`" for path in overlays if path]
    append_fsynced("audit.md", "\n".join(session) + "\n")
    print(f"{len(issues)} issues, {len(pages)} sheet pages, {sum(1 for p in overlays if p)} overlays")


if __name__ == "__main__":
    main()
